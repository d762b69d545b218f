import type { SlotPlan } from '@lms/domain';
import type { TripsInput } from './planningApi.ts';

/**
 * The planner's moves on a slot's trips, as pure functions: each answers the trips to send the
 * server, which re-times them or names the rule broken (nothing here checks capacity or time).
 */

export type Trips = TripsInput;
export type Stop = Trips[number]['stops'][number];

/** The trips with one stop taken out (a trip left empty goes). */
export function without(trips: Trips, tripIndex: number, stopIndex: number): { rest: Trips; stop: Stop } {
  const stop = trips[tripIndex]?.stops[stopIndex] as Stop;
  const rest = trips
    .map((trip, t) =>
      t === tripIndex ? { ...trip, stops: trip.stops.filter((_, s) => s !== stopIndex) } : trip,
    )
    .filter((trip) => trip.stops.length > 0);
  return { rest, stop };
}

/**
 * A stop put at the end of a truck's last trip, opening a trip (with the truck's own driver) if it
 * has none. (A truck's other trips take stops by drag and drop onto their own column.)
 */
export function onto(plan: SlotPlan, trips: Trips, vehicleId: string, stop: Stop): Trips {
  let last = -1;
  trips.forEach((trip, t) => {
    if (trip.vehicleId === vehicleId) last = t;
  });
  if (last >= 0)
    return trips.map((trip, t) => (t === last ? { ...trip, stops: [...trip.stops, stop] } : trip));
  const busy = new Set(trips.map((trip) => trip.driverId));
  const driver = plan.drivers.find((d) => d.vehicleId === vehicleId && !busy.has(d.id));
  return [...trips, { vehicleId, driverId: driver?.id ?? null, stops: [stop] }];
}

/** One stop of a trip moved one place up (the first stays where it is). */
export function movedUp(trips: Trips, tripIndex: number, stopIndex: number): Trips {
  return trips.map((trip, t) => {
    if (t !== tripIndex || stopIndex === 0) return trip;
    const stops = [...trip.stops];
    [stops[stopIndex - 1], stops[stopIndex]] = [stops[stopIndex] as Stop, stops[stopIndex - 1] as Stop];
    return { ...trip, stops };
  });
}

/** One trip given another driver (or none). */
export const withDriver = (trips: Trips, tripIndex: number, driverId: string | null): Trips =>
  trips.map((trip, t) => (t === tripIndex ? { ...trip, driverId } : trip));

const sameStop = (a: Stop, b: Stop) =>
  a.bookingId === b.bookingId && a.deliveryOrderIds[0] === b.deliveryOrderIds[0];

/**
 * A dragged stop taken from wherever it was and put on trip `tripIndex` (a column: one truck's
 * one trip) before `before` (its position among that trip's stops as they are drawn), or off
 * every truck (`tripIndex` null). A trip left empty goes.
 */
export function dropped(trips: Trips, stop: Stop, tripIndex: number | null, before: number): Trips {
  const from = trips.findIndex((trip) => trip.stops.some((s) => sameStop(s, stop)));
  const shift =
    from >= 0 && from === tripIndex && (trips[from]?.stops.findIndex((s) => sameStop(s, stop)) ?? 0) < before;
  const at = shift ? before - 1 : before;
  return trips
    .map((trip, t) => {
      const stops = trip.stops.filter((s) => !sameStop(s, stop));
      return t === tripIndex
        ? { ...trip, stops: [...stops.slice(0, at), stop, ...stops.slice(at)] }
        : { ...trip, stops };
    })
    .filter((trip) => trip.stops.length > 0);
}
