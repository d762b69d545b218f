import { locationTrackingApi, type SharedPosition } from '@lms/domain';
import { type OpenEventStream, operationPath, parseEvents } from '@lms/entity-pages';

export { parseEvents } from '@lms/entity-pages';

/** A device's position as the server shares it (GET positions, and the live `position` events). */
export type { SharedPosition };

/** The stream's path in the contract, without the leading slash, as an `OpenEventStream` takes it. */
export const EVENTS_PATH = operationPath(locationTrackingApi.events).slice(1);

/**
 * Reads `position` events until the stream ends or `signal` aborts; resolves when it ended,
 * rejects when it could not be opened or broke.
 */
export async function readPositions(
  open: OpenEventStream,
  signal: AbortSignal,
  onOpen: () => void,
  onPosition: (position: SharedPosition) => void,
): Promise<void> {
  const response = await open(EVENTS_PATH, signal);
  if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
  onOpen();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
    const parsed = parseEvents(buffer);
    buffer = parsed.rest;
    for (const item of parsed.events) {
      if (item.event !== 'position') continue;
      try {
        onPosition(JSON.parse(item.data) as SharedPosition);
      } catch {
        // Not a position: ignore it.
      }
    }
  }
}
