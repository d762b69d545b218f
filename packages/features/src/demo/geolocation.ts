import { TIME_ZONE } from '@lms/domain';

/**
 * Where positions come from: the browser's `navigator.geolocation` by default; stories and tests
 * pass a fake with the same two methods.
 */
export type GeolocationAdapter = Pick<Geolocation, 'watchPosition' | 'clearWatch'>;

/** One position of a device. */
export interface Fix {
  readonly lat: number;
  readonly lon: number;
  /** Metres (radius of the 95% circle as the device reports it). */
  readonly accuracy: number;
  /** Epoch milliseconds of the fix. */
  readonly at: number;
}

export type GeoProblem = 'denied' | 'unavailable' | 'timeout' | 'unsupported';

/** GeolocationPositionError codes (W3C): 1 denied, 2 unavailable, 3 timeout. */
export function problemOf(code: number): GeoProblem {
  if (code === 1) return 'denied';
  if (code === 3) return 'timeout';
  return 'unavailable';
}

export const fixOf = (position: GeolocationPosition): Fix => ({
  lat: position.coords.latitude,
  lon: position.coords.longitude,
  accuracy: position.coords.accuracy,
  at: position.timestamp,
});

export function browserGeolocation(): GeolocationAdapter | undefined {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator ? navigator.geolocation : undefined;
}

/** Follow the device (not a single read); a fix older than 5 s is not reused; 20 s to find one. */
export const WATCH_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  maximumAge: 5_000,
  timeout: 20_000,
};

const clock = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `HH:mm:ss` in Thailand's time, whatever the device's zone. */
export const formatClock = (at: number | string): string => clock.format(new Date(at));
