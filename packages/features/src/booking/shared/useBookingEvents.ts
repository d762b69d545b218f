import {
  type OpenBookingEvents,
  parseEvents,
  type ServerSentEvent,
  useServerEvents,
} from '@lms/entity-pages';
import { useRef } from 'react';
import type { BookingEvent } from './types.ts';

export type { OpenBookingEvents };

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

/**
 * Calls `onEvent` for every booking change of the branch while mounted, and `onResync` when the
 * stream says events were lost (`event: resync`: reload everything shown); reconnects after a drop.
 */
export function useBookingEvents(
  open: OpenBookingEvents | undefined,
  onEvent: (event: BookingEvent) => void,
  onResync?: () => void,
) {
  const resync = useRef(onResync);
  resync.current = onResync;
  useServerEvents(open, (event) => {
    if (event.event === 'resync') resync.current?.();
    const booking = bookingEventOf(event);
    if (booking) onEvent(booking);
  });
}
