import { useEffect, useRef } from 'react';
import { readEvents, type ServerSentEvent } from './eventStream.ts';

/**
 * Opens the branch's event stream (`GET /api/bookingCalendar/events`) with the bearer token in a
 * header (never EventSource, never a token in the URL) and hands back the body. The host builds it
 * from its API client's auth.
 */
export type OpenBookingEvents = (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;

const RETRY_MS = 3000;

/**
 * Calls `onEvent` for every event of the stream while mounted (`booking`, `presence`, `resync`…);
 * reconnects after a drop. Every reader of the branch's stream goes through this one loop.
 */
export function useServerEvents(
  open: OpenBookingEvents | undefined,
  onEvent: (event: ServerSentEvent) => void,
) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        for await (const { events } of readEvents(await open(controller.signal))) {
          for (const event of events) handler.current(event);
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
