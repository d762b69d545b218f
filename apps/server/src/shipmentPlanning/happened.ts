import type { ManualRoute, TruckProgress } from '@lms/planning';
import { slotIndex } from './answer.ts';
import type { TripProgress } from './confirm.ts';
import { planningMessages } from './messages.ts';
import { refuse } from './plan.ts';
import type { SlotProblem } from './problem.ts';
import type { Slot } from './slot.ts';

/**
 * What happened on the road, for a re-plan (replan.ts): each truck's trips as drivers reported
 * them, where and when each truck is free again, and the dispatcher's trips held to it.
 */

/** A trip that has started: its started stops (their DOs in the problem) and how it stands. */
export interface FixedTrip {
  readonly vehicleId: string;
  readonly trip: number;
  readonly shipmentId: string;
  readonly startedAt: number | null;
  readonly stops: readonly {
    readonly bookingId: string;
    /** Its DOs as jobs of the problem (`SlotLine.jobId`). */
    readonly jobs: readonly string[];
    readonly arrivedAt: number;
    readonly freeAt: number;
  }[];
  readonly ended: boolean;
  /** On the road: the DOs loaded for it and not yet delivered. */
  readonly onBoard: readonly string[] | null;
}

export interface Happened {
  readonly progress: TruckProgress[];
  readonly trips: FixedTrip[];
  readonly started: Set<string>;
}

/**
 * Each truck's trips as they stand, in trip order (a truck's shipments by number are its trips):
 * trips over count as done, the first trip on the road keeps its goods, the first not started and
 * those after it are free. A truck is at the branch after its last trip came back (its last stop
 * left plus the way back), at its last started stop on the road, or at the branch from when it
 * left when no stop is reached yet (its place between is not a place of the problem).
 */
export function whatHappened(
  slot: Slot,
  built: SlotProblem,
  rows: readonly TripProgress[],
  moment: number,
  /** The matrix location of a trip's last known position (`onTheWay`). */
  positions: ReadonlyMap<string, number>,
): Happened {
  const jobs = new Map(built.problem.jobs.map((j) => [String(j.id), j]));
  const index = slotIndex(slot);
  // A planned stop's DOs as its booking's jobs (a returned line's own: `returnedJobId`).
  const jobsOf = (stop: { bookingId: string; deliveryOrderIds: readonly string[] }) =>
    stop.deliveryOrderIds.flatMap((id) => index.jobOf(stop.bookingId, id) ?? []).filter((id) => jobs.has(id));
  const progress: TruckProgress[] = [];
  const trips: FixedTrip[] = [];
  const started = new Set<string>();
  for (const truck of slot.trucks) {
    const shipments = slot.shipments.filter((s) => s.vehicleId === truck.id);
    const confirmed = slot.confirmedTrips.filter((t) => t.vehicleId === truck.id);
    const matrix = built.problem.matrices[truck.vehicleTypeId];
    const fixed: string[] = [];
    let state: Omit<TruckProgress, 'vehicle' | 'fixed'> | null = null;
    for (const [i, shipment] of shipments.entries()) {
      const row = rows.find((r) => r.shipmentId === shipment.id);
      if (!row || (row.startedAt === null && row.started.length === 0)) break;
      started.add(shipment.id);
      const planned = confirmed[i]?.stops ?? [];
      const stops = row.started.map((s) => ({
        ...s,
        jobs: jobsOf(
          planned.find((p) => p.bookingId === s.bookingId) ?? {
            bookingId: s.bookingId,
            deliveryOrderIds: [],
          },
        ),
      }));
      const ids = stops.flatMap((s) => s.jobs);
      fixed.push(...ids);
      const last = stops.at(-1);
      const lastPlace = jobs.get(last?.jobs[0] ?? '')?.location ?? 0;
      if (row.ended) {
        const back = last ? last.freeAt + (matrix?.duration(lastPlace, 0) ?? 0) : (row.startedAt ?? moment);
        trips.push({ ...row, vehicleId: truck.id, trip: i + 1, stops, onBoard: null });
        state = { at: { location: 0, time: back }, tripsDone: i + 1 };
        continue;
      }
      const reached = new Set(row.started.map((s) => s.bookingId));
      const onBoard = planned.filter((p) => !reached.has(p.bookingId)).flatMap(jobsOf);
      trips.push({ ...row, vehicleId: truck.id, trip: i + 1, stops, onBoard });
      const position = positions.get(shipment.id);
      state = {
        at: last
          ? { location: lastPlace, time: last.freeAt }
          : position !== undefined && row.position
            ? // Where the phone last was, from then (or from the moment when that is later).
              { location: position, time: Math.max(row.position.at, moment) }
            : // No position: the branch, from when it left or the moment, whichever is later.
              { location: 0, time: Math.max(row.startedAt ?? moment, moment) },
        onBoard,
        fixedOnTrip: ids.length,
        tripsDone: i,
      };
      break;
    }
    if (state) progress.push({ vehicle: truck.id, fixed, ...state });
  }
  return { progress, trips, started };
}

/**
 * Trips that left and reached no stop yet, with the phone's last known position: the truck goes on
 * from there (a place of the problem of its own), not from the branch.
 */
export function onTheWay(rows: readonly TripProgress[]) {
  return rows.flatMap((r) =>
    r.startedAt !== null && !r.ended && r.started.length === 0 && r.position
      ? [{ shipmentId: r.shipmentId, position: r.position }]
      : [],
  );
}

/**
 * The dispatcher's trips held to what happened by now: every started stop on its truck and trip, in
 * the order driven, before any other; nothing added to a trip that is over, nothing to a trip on the
 * road that it did not load. Answers the rest of each trip as routes of the re-plan's problem.
 */
export function heldToWhatHappened(
  slot: Slot,
  happened: Happened,
  /** The re-plan's vehicle that makes this trip of the truck (a truck on the road has one for its trip, one for later ones). */
  vehicleFor: (vehicleId: string, trip: number) => number | undefined,
  routes: readonly ManualRoute[],
): ManualRoute[] {
  const index = slotIndex(slot);
  const tripsOf = (vehicleId: string) => routes.filter((r) => r.vehicle === vehicleId);
  for (const trip of happened.trips) {
    const route = tripsOf(trip.vehicleId)[trip.trip - 1];
    const wanted = trip.stops.flatMap((s) => s.jobs);
    const moved = trip.stops.find((s) => s.jobs.some((id) => route?.jobs[wanted.indexOf(id)] !== id));
    if (moved) {
      const booking = slot.bookings.find((b) => b.id === moved.bookingId);
      throw refuse([
        planningMessages.startedStopMoved(
          booking?.docNo ?? '',
          booking?.shipToLabel ?? '',
          index.plate(trip.vehicleId),
        ),
      ]);
    }
    const rest = route?.jobs.slice(wanted.length) ?? [];
    if (trip.ended && rest.length > 0)
      throw refuse([planningMessages.tripOver(index.plate(trip.vehicleId), trip.trip)]);
    const stray = trip.onBoard ? rest.find((id) => !trip.onBoard?.includes(String(id))) : undefined;
    if (stray)
      throw refuse([planningMessages.notOnBoard(index.plate(trip.vehicleId), index.bookingDocNo(stray))]);
  }
  const fixedOn = (vehicleId: string, trip: number) =>
    happened.trips.find((t) => t.vehicleId === vehicleId && t.trip === trip)?.stops.flatMap((s) => s.jobs)
      .length ?? 0;
  const manual: ManualRoute[] = [];
  const count = new Map<string, number>();
  for (const route of routes) {
    const vehicleId = String(route.vehicle);
    const trip = (count.get(vehicleId) ?? 0) + 1;
    count.set(vehicleId, trip);
    const rest = route.jobs.slice(fixedOn(vehicleId, trip));
    if (rest.length === 0) continue;
    const vehicle = vehicleFor(vehicleId, trip);
    if (vehicle === undefined) throw refuse([planningMessages.truckNoTime(index.plate(vehicleId))]);
    manual.push({ vehicle, jobs: rest });
  }
  return manual;
}
