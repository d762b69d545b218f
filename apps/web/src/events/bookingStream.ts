import { calendarApi } from '@lms/domain';
import { operationPath, queryString } from '@lms/entity-pages';
import { openEventStream } from '../pages/eventStream.ts';
import { sharedStreamBody } from './sharedEventStream.ts';

/** The branch's stream body, shared across tabs: what `sharedBookingEvents` loads on first open. */
export function openSharedBookingStream(
  userId: string,
  branchId: string,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const path = `${operationPath(calendarApi.events).slice(1)}${queryString({ branchId })}`;
  const open = async (lastEventId: string | null, signal: AbortSignal) => {
    const response = await openEventStream(path, signal, lastEventId);
    if (!response.ok || !response.body) throw new Error(`events: ${response.status}`);
    return response.body;
  };
  return sharedStreamBody({ key: `booking:${userId}:${branchId}`, open }, signal);
}
