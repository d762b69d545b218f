import type { Fix } from '@lms/domain';

/** A fix younger than this stamps an event as it is; an older one asks the phone again. */
const FRESH_MS = 60_000;
/** How long an event waits for a fix before it is recorded without one. */
const ASK_MS = 3_000;

export interface TimedFix extends Fix {
  readonly at: string;
}

const toFix = (position: GeolocationPosition): TimedFix => ({
  lat: position.coords.latitude,
  lon: position.coords.longitude,
  accuracy: Math.min(Math.round(position.coords.accuracy), 100_000),
  at: new Date(position.timestamp).toISOString(),
});

/**
 * The phone's position (the browser's geolocation): the last fix the watch saw, or one asked for
 * now. Never blocks the driver: no permission, no GPS or no answer in 3 s records without one.
 */
export type PositionAdapter = Pick<Geolocation, 'watchPosition' | 'clearWatch' | 'getCurrentPosition'>;

export class PositionSource {
  private last: TimedFix | undefined;
  private watchId: number | undefined;

  constructor(
    private readonly geolocation: PositionAdapter | undefined = globalThis.navigator?.geolocation,
  ) {}

  /** Follows the phone while a trip runs (issue 39: only then). `onFix` hears every fix. */
  watch(onFix: (fix: TimedFix) => void): () => void {
    if (!this.geolocation) return () => {};
    const id = this.geolocation.watchPosition(
      (position) => {
        this.last = toFix(position);
        onFix(this.last);
      },
      () => {},
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    this.watchId = id;
    return () => {
      this.geolocation?.clearWatch(id);
      if (this.watchId === id) this.watchId = undefined;
    };
  }

  async now(): Promise<Fix | undefined> {
    const last = this.last;
    if (last && Date.now() - Date.parse(last.at) < FRESH_MS) return strip(last);
    const geolocation = this.geolocation;
    if (!geolocation) return undefined;
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(undefined), ASK_MS + 500);
      geolocation.getCurrentPosition(
        (position) => {
          clearTimeout(timer);
          this.last = toFix(position);
          resolve(strip(this.last));
        },
        () => {
          clearTimeout(timer);
          resolve(undefined);
        },
        { enableHighAccuracy: true, timeout: ASK_MS, maximumAge: FRESH_MS },
      );
    });
  }
}

const strip = ({ lat, lon, accuracy }: TimedFix): Fix => ({ lat, lon, accuracy });
