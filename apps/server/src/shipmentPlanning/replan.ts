import {
  type PlanInstant,
  REPLAN_ETA_CHANGE_MINUTES,
  type ReplanChange,
  type ReplanPlace,
  type ReplanPreview,
  replanFrom,
  replanMomentRefusal,
  type SlotPlan,
} from '@lms/domain';
import {
  type JobPlace,
  jobPlaces,
  type ManualRoute,
  type PlanId,
  type PlannedRoute,
  type PlannedStop,
  type PlanSolution,
  type ReplanSolution,
  reduceReplan,
  replanChanges,
  replanSolution,
  type TruckProgress,
  timeRoutes,
  UNASSIGNED_MESSAGES,
} from '@lms/planning';
import type { Database, Executor } from '../db/database.ts';
import {
  bangkokInstant,
  dayFigures,
  defaultDrivers,
  instantOf,
  slotIndex,
  slotPlan,
  tripDrivers,
} from './answer.ts';
import { type ConfirmHooks, type ConfirmRequest, confirmSlot, type TripProgress } from './confirm.ts';
import { planningMessages } from './messages.ts';
import {
  confirmedRoutes,
  PLAN_TIME_LIMIT_MS,
  problemOf,
  refuse,
  timedOrRefused,
  tripRoutes,
} from './plan.ts';
import { planPool } from './planPool.ts';
import { type SlotProblem, toDeliver } from './problem.ts';
import { noRoads, type RoadDistances } from './roads.ts';
import { loadSlot, type Slot } from './slot.ts';

/**
 * Re-planning from now around what happened (docs/planning.md "Re-planning", issue 42 item 3):
 * the stops drivers started stay where they are; each truck goes on from where and when it is
 * free; the rest of the slot — the confirmed plan's stops not started, bookings confirmed since,
 * returned DOs booked again into this shift — is planned by `@lms/planning`'s `replan` in the
 * planner pool. The preview changes nothing; the confirm checks the dispatcher's trips against what
 * happened by then and writes only what was not started.
 */

/** A trip that has started: its started stops (their DOs in the problem) and how it stands. */
interface FixedTrip {
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

interface Happened {
  readonly progress: TruckProgress[];
  readonly trips: FixedTrip[];
  readonly started: Set<string>;
}

/**
 * The moment planned from, in seconds from the slot day's midnight: `at`, else now; held to the
 * domain's rule (`replanMomentRefusal`: not before now, before the shift ends), as the screen is,
 * and never before the shift starts (`replanFrom`).
 */
function momentOf(slot: Slot, at: string | undefined, now: number): number {
  const asked = at === undefined ? now : Date.parse(at);
  const refusal = replanMomentRefusal({ date: slot.date, ...slot.shift }, asked, now);
  if (refusal) throw refuse([refusal]);
  const from = replanFrom({ date: slot.date, ...slot.shift }, asked, now);
  return Math.round((from - bangkokInstant(slot.date, 0).getTime()) / 1000);
}

/**
 * Each truck's trips as they stand, in trip order (a truck's shipments by number are its trips):
 * trips over count as done, the first trip on the road keeps its goods, the first not started and
 * those after it are free. A truck is at the branch after its last trip came back (its last stop
 * left plus the way back), at its last started stop on the road, or at the branch from when it
 * left when no stop is reached yet (its place between is not a place of the problem).
 */
function whatHappened(
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
 * The whole plan to show and write: each started trip's stops as they happened (arrival, and free
 * again when left or as now expected), then what the re-plan gives it; the other trips as planned.
 * A started trip's distance counts what is left of it.
 */
function wholePlan(
  slot: Slot,
  built: SlotProblem,
  happened: Happened,
  solution: ReplanSolution,
): PlanSolution {
  const jobs = new Map(built.problem.jobs.map((j) => [String(j.id), j]));
  const used = new Set<PlannedRoute>();
  const routes: PlannedRoute[] = happened.trips.map((trip) => {
    const next = solution.routes.find((r) => r.vehicle === trip.vehicleId && r.trip === trip.trip);
    if (next) used.add(next);
    const stops: PlannedStop[] = trip.stops.flatMap((s) =>
      s.jobs.map((id) => ({
        job: id,
        location: jobs.get(id)?.location ?? 0,
        arrival: s.arrivedAt,
        start: s.arrivedAt,
        service: Math.max(0, s.freeAt - s.arrivedAt),
        load: [],
        duration: 0,
        distance: 0,
      })),
    );
    const lastFree = trip.stops.at(-1)?.freeAt ?? trip.startedAt ?? 0;
    return {
      vehicle: trip.vehicleId,
      trip: trip.trip,
      departure: trip.startedAt ?? next?.departure ?? lastFree,
      load: next?.load ?? [],
      stops: [...stops, ...(next?.stops ?? [])],
      arrival: next?.arrival ?? lastFree,
      cost: next?.cost ?? 0,
      distance: next?.distance ?? 0,
      duration: next?.duration ?? 0,
      service: next?.service ?? 0,
      waiting: next?.waiting ?? 0,
    };
  });
  routes.push(...solution.routes.filter((r) => !used.has(r)));
  const order = new Map(slot.trucks.map((t, i) => [t.id, i]));
  routes.sort(
    (a, b) => (order.get(String(a.vehicle)) ?? 0) - (order.get(String(b.vehicle)) ?? 0) || a.trip - b.trip,
  );
  return { ...solution, routes };
}

/** The confirmed plan as it stands, job by job (the ETAs the plan in force gives). */
function placesInForce(slot: Slot, built: SlotProblem): Map<PlanId, JobPlace> {
  return jobPlaces(timeRoutes(built.problem, confirmedRoutes(slot)).routes);
}

/** What changes, booking by booking: the strongest change among its DOs. */
function bookingChanges(slot: Slot, before: Map<PlanId, JobPlace>, solution: ReplanSolution): ReplanChange[] {
  const index = slotIndex(slot);
  const rank = { DROPPED: 0, MOVED: 1, NEW: 2, ETA: 3 } as const;
  const place = (p: JobPlace | undefined): ReplanPlace | null =>
    p ? { vehicleId: String(p.vehicle), trip: p.trip, start: instantOf(slot.date, p.start) } : null;
  const byBooking = new Map<string, ReplanChange>();
  for (const change of replanChanges(before, solution, REPLAN_ETA_CHANGE_MINUTES * 60)) {
    const bookingId = index.bookingOf.get(String(change.job));
    if (!bookingId) continue;
    const known = byBooking.get(bookingId);
    if (known && rank[known.kind] <= rank[change.kind]) continue;
    const why = solution.unassigned.find((u) => u.job === change.job)?.reason;
    byBooking.set(bookingId, {
      bookingId,
      kind: change.kind,
      before: place(change.before),
      after: place(change.after),
      reason:
        change.kind === 'DROPPED' ? (why ? UNASSIGNED_MESSAGES[why] : planningMessages.notPlaced) : null,
    });
  }
  const order = new Map(slot.bookings.map((b, i) => [b.id, i]));
  return [...byBooking.values()].sort(
    (a, b) => rank[a.kind] - rank[b.kind] || (order.get(a.bookingId) ?? 0) - (order.get(b.bookingId) ?? 0),
  );
}

/**
 * Trips that left and reached no stop yet, with the phone's last known position: the truck goes on
 * from there (a place of the problem of its own), not from the branch.
 */
function onTheWay(rows: readonly TripProgress[]) {
  return rows.flatMap((r) =>
    r.startedAt !== null && !r.ended && r.started.length === 0 && r.position
      ? [{ shipmentId: r.shipmentId, position: r.position }]
      : [],
  );
}

/** Reads the slot, what happened on it and the moment; refuses a slot with nothing confirmed. */
async function replanInput(
  db: Executor,
  slot: Slot,
  roads: RoadDistances,
  hooks: ConfirmHooks,
  at: string | undefined,
  now: number,
) {
  if (slot.version === 0 || slot.confirmedTrips.length === 0)
    throw refuse([planningMessages.replanNothingConfirmed]);
  const moment = momentOf(slot, at, now);
  const rows =
    (await hooks.progress?.(
      db,
      slot.date,
      slot.shipments.map((s) => s.id),
      now,
    )) ?? [];
  const way = onTheWay(rows);
  const built = await problemOf(
    slot,
    roads,
    way.map((r) => r.position),
  );
  const positions = new Map(
    way.flatMap((r, i) => (built.extraPlaces[i] === undefined ? [] : [[r.shipmentId, built.extraPlaces[i]]])),
  );
  const happened = whatHappened(slot, built, rows, moment, positions);
  // A returned line is planned no more: fixed where its stop happened, else left out.
  const problem = toDeliver(built, new Set(happened.progress.flatMap((p) => p.fixed.map(String))));
  const reduced = reduceReplan({ problem, now: moment, progress: happened.progress });
  return { moment, built, happened, reduced };
}

/**
 * The re-plan to review: planned in the pool (time-boxed, dropped when the dispatcher leaves), with
 * the trucks' drivers as confirmed (a truck without one: the default), the started stops and the
 * changes against the plan in force.
 */
export async function replannedSlot(
  db: Database,
  branchId: string,
  request: { date: string; shiftOfDayId: string; at?: string },
  hooks: ConfirmHooks,
  options: { signal?: AbortSignal; roads?: RoadDistances; now?: number } = {},
): Promise<ReplanPreview> {
  const now = options.now ?? Date.now();
  const slot = await loadSlot(db, branchId, request.date, request.shiftOfDayId);
  const { moment, built, happened, reduced } = await replanInput(
    db,
    slot,
    options.roads ?? noRoads,
    hooks,
    request.at,
    now,
  );
  const raw = await planPool.plan(reduced.problem, {
    seed: 1,
    timeLimitMs: PLAN_TIME_LIMIT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const solution = replanSolution(reduced, raw);
  const whole = wholePlan(slot, built, happened, solution);
  const confirmedDrivers = tripDrivers(slot.confirmedTrips, whole.routes);
  const fallback = defaultDrivers(
    slot,
    whole.routes.map((r) => String(r.vehicle)),
  );
  const plan: SlotPlan = slotPlan(slot, built, whole, {
    drivers: confirmedDrivers.map((d, i) => d ?? fallback[i] ?? null),
    manual: false,
    confirmed: false,
    figures: await dayFigures(db, branchId, request.date),
  });
  return {
    at: instantOf(slot.date, moment) satisfies PlanInstant,
    plan,
    fixed: happened.trips.flatMap((t) =>
      t.stops.map((s) => ({ bookingId: s.bookingId, vehicleId: t.vehicleId, trip: t.trip })),
    ),
    changes: bookingChanges(slot, placesInForce(slot, built), solution),
  };
}

/**
 * The dispatcher's trips held to what happened by now: every started stop on its truck and trip, in
 * the order driven, before any other; nothing added to a trip that is over, nothing to a trip on the
 * road that it did not load. Answers the rest of each trip as routes of the re-plan's problem.
 */
function heldToWhatHappened(
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

/**
 * Confirms a re-plan: in the confirm's transaction (confirm.ts), what happened is read again — a
 * driver may have started a stop since the preview — and the trips are held to it; the rest is
 * timed on the re-plan's problem and every rule checked (422 in Thai). Shipments of started trips
 * keep their planned stage times and their started stops (delivery's hook); the rest is written as
 * any confirm.
 */
export async function confirmReplan(
  db: Database,
  branchId: string,
  userId: string,
  request: ConfirmRequest & { at?: string },
  hooks: ConfirmHooks,
  roads: RoadDistances = noRoads,
  now = Date.now(),
): Promise<SlotPlan> {
  return confirmSlot(db, branchId, userId, request, hooks, roads, async (trx, slot) => {
    const { built, happened, reduced } = await replanInput(trx, slot, roads, hooks, request.at, now);
    const routes = tripRoutes(slot, built, request.trips);
    const vehicleFor = (vehicleId: string, trip: number) => {
      const at = reduced.truck.findLastIndex((t) => String(t.id) === vehicleId && t.firstTrip <= trip);
      return at < 0 ? undefined : at;
    };
    const manual = heldToWhatHappened(slot, happened, vehicleFor, routes);
    const timed = timedOrRefused(slot, reduced.problem, manual, (v) => reduced.truck[v as number]?.id);
    const whole = wholePlan(slot, built, happened, replanSolution(reduced, timed));
    const plan = slotPlan(slot, built, whole, {
      drivers: tripDrivers(request.trips, whole.routes),
      manual: true,
      confirmed: true,
      figures: { delivered: 0, onTime: 0, booked: zeroLoad, planned: zeroLoad, capacity: zeroLoad },
    });
    // Shipments no longer used: never a started one (its stops are held above); delivery checks again.
    const kept = new Set(plan.trips.map((t) => t.shipmentId));
    await hooks.replacing?.(
      trx,
      slot.shipments.filter((s) => !kept.has(s.id)).map((s) => s.id),
    );
    return { plan, started: happened.started };
  });
}

const zeroLoad = { weight: 0, volume: 0 };
