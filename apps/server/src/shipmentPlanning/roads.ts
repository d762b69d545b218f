import type { LatLon } from '@lms/booking';
import type { DistanceTable, MatrixProvider } from '@lms/planning';
import { slotPlaces } from './problem.ts';
import type { Slot } from './slot.ts';

/**
 * Road distances for planning (docs/planning.md "Road distances", docs/operations.md): off by
 * default — the planner then uses the booking engine's great circle × road factor. With
 * LMS_ROUTING_URL set, an OSRM-style table service is asked for the metres between a slot's
 * places; its answers are kept per branch, day and set of places (a bounded cache), and when it
 * cannot answer (down, slow, refused, a malformed answer, too many places) the plan goes on with
 * the default and a warning in the log — never a failed request.
 */
export interface RoutingSettings {
  /** The router's base URL, e.g. `http://osrm:5000` (OSRM's `/table/v1/{profile}/…`). */
  readonly url: string;
  readonly profile: string;
  readonly timeoutMs: number;
  /** Most places in one request (OSRM's own default `--max-table-size` is 100). */
  readonly maxPoints: number;
  /** Tables kept (branch × day × places), the least recently used dropped first. */
  readonly cacheEntries: number;
}

export function readRoutingSettings(env: NodeJS.ProcessEnv = process.env): RoutingSettings | undefined {
  if (!env.LMS_ROUTING_URL) return undefined;
  const number = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive whole number, got "${env[name]}"`);
    return value;
  };
  return {
    url: env.LMS_ROUTING_URL.replace(/\/+$/, ''),
    profile: env.LMS_ROUTING_PROFILE || 'driving',
    timeoutMs: number('LMS_ROUTING_TIMEOUT_MS', 5000),
    maxPoints: number('LMS_ROUTING_MAX_POINTS', 100),
    cacheEntries: number('LMS_ROUTING_CACHE_ENTRIES', 64),
  };
}

const isTable = (value: unknown, n: number): value is number[][] =>
  Array.isArray(value) &&
  value.length === n &&
  value.every(
    (row) => Array.isArray(row) && row.length === n && row.every((x) => typeof x === 'number' && x >= 0),
  );

/** OSRM's table service (`annotations=distance`): metres between every pair of places. */
export function osrmProvider(settings: RoutingSettings): MatrixProvider {
  return {
    name: `osrm ${settings.url}`,
    async distances(points: readonly LatLon[]): Promise<DistanceTable> {
      if (points.length > settings.maxPoints)
        throw new Error(`${points.length} places, more than LMS_ROUTING_MAX_POINTS (${settings.maxPoints})`);
      // OSRM takes longitude first, six decimals (about 10 cm).
      const places = points.map((p) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`).join(';');
      const response = await fetch(
        `${settings.url}/table/v1/${encodeURIComponent(settings.profile)}/${places}?annotations=distance`,
        { signal: AbortSignal.timeout(settings.timeoutMs) },
      );
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = (await response.json()) as { code?: unknown; distances?: unknown };
      if (body.code !== 'Ok') throw new Error(`code ${String(body.code)}`);
      // A pair with no road between them comes back null: the whole answer is not used.
      if (!isTable(body.distances, points.length)) throw new Error('no complete distance table');
      return body.distances.map((row) => row.map((m) => Math.round(m)));
    },
  };
}

interface Log {
  warn(object: object, message: string): void;
}

/** A slot's road distances through the provider, cached; null when there is no provider or it failed. */
export class RoadDistances {
  private readonly kept = new Map<string, DistanceTable>();

  constructor(
    private readonly provider: MatrixProvider | null,
    private readonly log: Log,
    private readonly entries = 64,
  ) {}

  /** Tables in the cache (for the tests of its bound). */
  get size(): number {
    return this.kept.size;
  }

  async forSlot(
    slot: Pick<Slot, 'branchId' | 'date' | 'branch' | 'bookings'>,
  ): Promise<DistanceTable | null> {
    if (!this.provider) return null;
    const points = slotPlaces(slot as Slot);
    if (points.length < 2) return null;
    const key = `${slot.branchId}|${slot.date}|${points.map((p) => `${p.lat},${p.lon}`).join(';')}`;
    const known = this.kept.get(key);
    if (known) {
      // Most recently used last: a Map keeps insertion order, so the first key is the oldest.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    try {
      const table = await this.provider.distances(points);
      this.kept.set(key, table);
      while (this.kept.size > this.entries) this.kept.delete(this.kept.keys().next().value as string);
      return table;
    } catch (error) {
      this.log.warn(
        {
          err: error instanceof Error ? error.message : String(error),
          provider: this.provider.name,
          places: points.length,
        },
        'road distances unavailable: planning with great circle × road factor',
      );
      return null;
    }
  }
}

/** No router: every plan uses the default distances. */
export const noRoads = new RoadDistances(null, { warn: () => {} });
