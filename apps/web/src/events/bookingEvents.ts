import type { OpenBookingEvents } from '@lms/entity-pages';
import { openEventStream } from '../pages/eventStream.ts';
import { sharedStreamBody } from './sharedEventStream.ts';

/**
 * The live booking events of one branch for the calendar, on the one stream this browser shares
 * across its tabs (sharedEventStream.ts), resumed with `Last-Event-ID` after every drop.
 */
export function sharedBookingEvents(userId: string, branchId: string): OpenBookingEvents {
  const path = `bookingCalendar/events?branchId=${encodeURIComponent(branchId)}`;
  const open = async (lastEventId: string | null, signal: AbortSignal) => {
    const response = await openEventStream(path, signal, lastEventId);
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    return response.body;
  };
  return async (signal) => sharedStreamBody({ key: `booking:${userId}:${branchId}`, open }, signal);
}
