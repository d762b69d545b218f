import { calendarApi } from '@lms/domain';
import { type OpenBookingEvents, operationPath, queryString } from '@lms/entity-pages';
import { openEventStream } from '../pages/eventStream.ts';
import { sharedStreamBody } from './sharedEventStream.ts';

/**
 * The live booking events of one branch for the calendar, on the one stream this browser shares
 * across its tabs (sharedEventStream.ts), resumed with `Last-Event-ID` after every drop.
 */
export function sharedBookingEvents(userId: string, branchId: string): OpenBookingEvents {
  const path = `${operationPath(calendarApi.events).slice(1)}${queryString({ branchId })}`;
  const open = async (lastEventId: string | null, signal: AbortSignal) => {
    const response = await openEventStream(path, signal, lastEventId);
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    return response.body;
  };
  return async (signal) => sharedStreamBody({ key: `booking:${userId}:${branchId}`, open }, signal);
}
