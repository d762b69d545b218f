import type { Fix, GeolocationAdapter } from '@lms/features/demo';

/** A scripted stand-in for `navigator.geolocation` (stories, tests): no real device, no timing. */
export interface FakeGeolocation extends GeolocationAdapter {
  /** Sends a position to every watcher. */
  move(fix: Fix): void;
  /** Sends an error (1 denied, 2 unavailable, 3 timeout) to every watcher. */
  fail(code: 1 | 2 | 3): void;
  /** How many watches are running. */
  readonly watching: number;
}

const messages = { 1: 'User denied Geolocation', 2: 'Position unavailable', 3: 'Timeout expired' };

function positionOf(fix: Fix): GeolocationPosition {
  const coords = {
    latitude: fix.lat,
    longitude: fix.lon,
    accuracy: fix.accuracy,
    altitude: null,
    altitudeAccuracy: null,
    heading: null,
    speed: null,
  };
  return {
    coords: { ...coords, toJSON: () => coords },
    timestamp: fix.at,
    toJSON: () => ({ coords, timestamp: fix.at }),
  } as GeolocationPosition;
}

/** `onWatch` runs (after the watch is registered) each time the page starts watching. */
export function createFakeGeolocation(onWatch?: (geo: FakeGeolocation) => void): FakeGeolocation {
  let nextId = 1;
  const watches = new Map<number, { success: PositionCallback; error?: PositionErrorCallback | null }>();
  const fake: FakeGeolocation = {
    watchPosition(success, error) {
      const id = nextId++;
      watches.set(id, { success, error });
      if (onWatch) setTimeout(() => onWatch(fake), 0);
      return id;
    },
    clearWatch(id) {
      watches.delete(id);
    },
    move(fix) {
      for (const watch of [...watches.values()]) watch.success(positionOf(fix));
    },
    fail(code) {
      const error = {
        code,
        message: messages[code],
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError;
      for (const watch of [...watches.values()]) watch.error?.(error);
    },
    get watching() {
      return watches.size;
    },
  };
  return fake;
}
