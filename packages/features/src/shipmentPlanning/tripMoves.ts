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

/** A stop put at the end of a truck's trip, opening a trip (with the truck's own driver) if it has none. */
export function onto(plan: SlotPlan, trips: Trips, vehicleId: string, stop: Stop): Trips {
  if (trips.some((trip) => trip.vehicleId === vehicleId))
    return trips.map((trip) =>
      trip.vehicleId === vehicleId ? { ...trip, stops: [...trip.stops, stop] } : trip,
    );
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
 * A dragged stop taken from wherever it was and put on a truck's trip before `before` (its
 * position among that trip's stops as they are drawn), or off every truck (`vehicleId` null).
 */
export function dropped(
  plan: SlotPlan,
  trips: Trips,
  stop: Stop,
  vehicleId: string | null,
  before: number,
): Trips {
  const from = trips.find((trip) => trip.stops.some((s) => sameStop(s, stop)));
  const shift =
    from && from.vehicleId === vehicleId && from.stops.findIndex((s) => sameStop(s, stop)) < before;
  const at = shift ? before - 1 : before;
  const rest = trips
    .map((trip) => ({ ...trip, stops: trip.stops.filter((s) => !sameStop(s, stop)) }))
    .filter((trip) => trip.stops.length > 0);
  if (vehicleId === null) return rest;
  if (!rest.some((trip) => trip.vehicleId === vehicleId)) return onto(plan, rest, vehicleId, stop);
  return rest.map((trip) =>
    trip.vehicleId === vehicleId
      ? { ...trip, stops: [...trip.stops.slice(0, at), stop, ...trip.stops.slice(at)] }
      : trip,
  );
}
