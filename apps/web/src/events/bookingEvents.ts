import type { OpenBookingEvents } from '@lms/entity-pages';

/**
 * The live booking events of one branch for the calendar, on the one stream this browser shares
 * across its tabs (sharedEventStream.ts), resumed with `Last-Event-ID` after every drop. The
 * stream's code (the tab sharing, the fetch with the session's token) is a chunk of its own,
 * loaded when the stream first opens, after the first screen is drawn (issue 41).
 */
export function sharedBookingEvents(userId: string, branchId: string): OpenBookingEvents {
  return async (signal) =>
    (await import('./bookingStream.ts')).openSharedBookingStream(userId, branchId, signal);
}
