import type { LatLon } from '@lms/booking';
import { roadMatrix } from './matrix.ts';

/**
 * Estimated arrivals of a running trip (docs/delivery.md "ETA"): the plan's stops, what the
 * driver's phone reported so far (arrived, left, the last position) and now → each remaining
 * stop's arrival and whether it falls after its window. Pure: instants are milliseconds since
 * the epoch, the caller passes `now`. Travel is the planner's own model (`roadMatrix`: great
 * circle × road factor at the truck type's minutes per km); a leg without coordinates keeps the
 * plan's time for it. As the solver, a truck early at a stop waits for its window, then serves.
 */

export interface EtaStop {
  readonly id: string;
  readonly place: LatLon | null;
  readonly plannedArrival: number;
  readonly plannedDeparture: number;
  /** The stop's window [from, to]. */
  readonly window: readonly [number, number];
  readonly serviceMs: number;
  readonly arrivedAt: number | null;
  readonly leftAt: number | null;
  /**
   * Not to drive to: its booking was cancelled after the plan and the truck has not reached it
   * (`canceledAhead`). The truck passes it: no estimate, and the stops after it are reached from
   * the stop before, without its service time.
   */
  readonly passed?: boolean;
}

export interface EtaInput {
  /** Where the trip starts (the branch); null: no coordinates. */
  readonly depot: LatLon | null;
  /** When the plan has the truck leave the depot. */
  readonly plannedStart: number;
  /** When the trip actually started (its departure, or its first event); null: not yet. */
  readonly startedAt: number | null;
  readonly minutesPerKm: number;
  readonly roadFactor?: number;
  /** In the trip's order. */
  readonly stops: readonly EtaStop[];
  /** The phone's last position while the trip runs. */
  readonly position: { readonly place: LatLon; readonly at: number } | null;
  readonly now: number;
}

export interface StopEta {
  readonly id: string;
  /** The estimated (or, for a stop reached, the actual) arrival; null once the stop is left. */
  readonly eta: number | null;
  /** When the truck is expected to leave it; null once left. */
  readonly departure: number | null;
  /** Arrival (estimated or actual) after the window's end. */
  readonly late: boolean;
  readonly done: boolean;
}

interface Cursor {
  readonly place: LatLon | null;
  readonly at: number;
  /** The stop the truck is at or last left (its planned departure), for a leg without coordinates. */
  readonly plannedDeparture: number;
}

/** Each stop's estimate, in the stops' order. */
export function estimateArrivals(input: EtaInput): StopEta[] {
  const { stops, now } = input;
  const travel = (from: Cursor, to: EtaStop): number => {
    if (from.place && to.place) {
      const matrix = roadMatrix([from.place, to.place], {
        minutesPerKm: input.minutesPerKm,
        ...(input.roadFactor === undefined ? {} : { roadFactor: input.roadFactor }),
      });
      return matrix.duration(0, 1) * 1000;
    }
    return Math.max(0, to.plannedArrival - from.plannedDeparture);
  };
  const lateAt = (stop: EtaStop, arrival: number) => arrival > stop.window[1];
  const result = new Map<string, StopEta>();
  const started = input.startedAt !== null || stops.some((s) => s.arrivedAt !== null || s.leftAt !== null);

  // Stops left are history: their lateness is what happened.
  for (const stop of stops)
    if (stop.leftAt !== null)
      result.set(stop.id, {
        id: stop.id,
        eta: null,
        departure: null,
        late: lateAt(stop, stop.arrivedAt ?? stop.leftAt),
        done: true,
      });
  for (const stop of stops)
    if (stop.passed && stop.leftAt === null && stop.arrivedAt === null)
      result.set(stop.id, { id: stop.id, eta: null, departure: null, late: false, done: false });
  const remaining = stops.filter((s) => s.leftAt === null && !result.has(s.id));

  if (!started && now <= input.plannedStart) {
    // Not started and not due yet: the plan holds.
    for (const stop of remaining)
      result.set(stop.id, {
        id: stop.id,
        eta: stop.plannedArrival,
        departure: stop.plannedDeparture,
        late: lateAt(stop, stop.plannedArrival),
        done: false,
      });
    return stops.map((s) => result.get(s.id)!);
  }

  // Where the truck is, and since when: the stop it stands at, else the newest of the last stop
  // left and the last position, else the depot (left now, or when it started).
  let cursor: Cursor;
  const here = remaining.find((s) => s.arrivedAt !== null);
  const lastLeft = stops
    .filter((s) => s.leftAt !== null)
    .reduce<EtaStop | null>((a, s) => (a === null || (s.leftAt ?? 0) >= (a.leftAt ?? 0) ? s : a), null);
  if (here) {
    const arrived = here.arrivedAt as number;
    const departure = Math.max(now, Math.max(arrived, here.window[0]) + here.serviceMs);
    result.set(here.id, { id: here.id, eta: arrived, departure, late: lateAt(here, arrived), done: false });
    cursor = { place: here.place, at: departure, plannedDeparture: here.plannedDeparture };
  } else {
    const base: Cursor = lastLeft
      ? { place: lastLeft.place, at: lastLeft.leftAt as number, plannedDeparture: lastLeft.plannedDeparture }
      : {
          place: input.depot,
          at: input.startedAt ?? Math.max(now, input.plannedStart),
          plannedDeparture: input.plannedStart,
        };
    const position = input.position;
    cursor =
      position && position.at >= base.at
        ? // A position since the last stop: travel on from there (a leg without coordinates keeps the plan's).
          { place: position.place, at: position.at, plannedDeparture: base.plannedDeparture }
        : base;
  }

  let first = true;
  for (const stop of remaining) {
    if (stop === here) continue;
    // The truck on its way cannot arrive before now.
    const arrival = Math.max(cursor.at + travel(cursor, stop), first ? now : cursor.at);
    first = false;
    const departure = Math.max(arrival, stop.window[0]) + stop.serviceMs;
    result.set(stop.id, { id: stop.id, eta: arrival, departure, late: lateAt(stop, arrival), done: false });
    cursor = { place: stop.place, at: departure, plannedDeparture: stop.plannedDeparture };
  }
  return stops.map((s) => result.get(s.id)!);
}
