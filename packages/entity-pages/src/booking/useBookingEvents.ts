import { useEffect, useRef } from 'react';
import { parseEvents, readEvents, type ServerSentEvent } from '../api/eventStream.ts';
import type { BookingEvent } from './types.ts';

/**
 * Opens `GET /api/bookingCalendar/events` with the bearer token in a header (never EventSource,
 * never a token in the URL) and hands back the body. The host builds it from its API client's auth.
 */
export type OpenBookingEvents = (signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;

/** A `booking` event of the stream (`event: booking\ndata: {...}`); anything else is null. */
function bookingEventOf(event: ServerSentEvent): BookingEvent | null {
  if (event.event !== 'booking') return null;
  try {
    return JSON.parse(event.data) as BookingEvent;
  } catch {
    return null;
  }
}

/** One server-sent event block as a booking event, or null. */
export function parseEventBlock(block: string): BookingEvent | null {
  const [event] = parseEvents(`${block}\n\n`).events;
  return event ? bookingEventOf(event) : null;
}

const RETRY_MS = 3000;

/**
 * Calls `onEvent` for every booking change of the branch while mounted, and `onResync` when the
 * stream says events were lost (`event: resync`: reload everything shown); reconnects after a drop.
 */
export function useBookingEvents(
  open: OpenBookingEvents | undefined,
  onEvent: (event: BookingEvent) => void,
  onResync?: () => void,
) {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const resync = useRef(onResync);
  resync.current = onResync;
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      try {
        for await (const { events } of readEvents(await open(controller.signal))) {
          for (const event of events) {
            if (event.event === 'resync') resync.current?.();
            const booking = bookingEventOf(event);
            if (booking) handler.current(booking);
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
