import { useEffect, useRef } from 'react';
import type { BookingEvent } from './types.ts';

/**
 * Opens `GET /api/bookingCalendar/events` with the bearer token in a header (never EventSource,
 * never a token in the URL) and hands back the body. The host builds it from its API client's auth.
 */
export type OpenBookingEvents = (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;

/** Parses server-sent event blocks (`event: booking\ndata: {...}\n\n`); comments and heartbeats are skipped. */
export function parseEventBlock(block: string): BookingEvent | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (name !== 'booking' || data.length === 0) return null;
  try {
    return JSON.parse(data.join('\n')) as BookingEvent;
  } catch {
    return null;
  }
}

const RETRY_MS = 3000;

/** Calls `onEvent` for every booking change of the branch while mounted; reconnects after a drop. */
export function useBookingEvents(
  open: OpenBookingEvents | undefined,
  onEvent: (event: BookingEvent) => void,
) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        const reader = (await open(controller.signal)).getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const event = parseEventBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (event) handler.current(event);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Dropped or refused: try again below unless we are leaving.
      }
      if (!controller.signal.aborted) timer = setTimeout(connect, RETRY_MS);
    };
    connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [open]);
}
