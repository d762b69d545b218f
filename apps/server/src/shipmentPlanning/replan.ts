import {
  type PlanInstant,
  type ReplanPreview,
  replanFrom,
  replanMomentRefusal,
  type SlotPlan,
} from '@lms/domain';
import { reduceReplan, replanSolution } from '@lms/planning';
import type { Database, Executor } from '../db/database.ts';
import { bangkokInstant, dayFigures, defaultDrivers, instantOf, slotPlan, tripDrivers } from './answer.ts';
import { type ConfirmHooks, type ConfirmRequest, confirmSlot } from './confirm.ts';
import { heldToWhatHappened, onTheWay, whatHappened } from './happened.ts';
import { planningMessages } from './messages.ts';
import { PLAN_TIME_LIMIT_MS, problemOf, refuse, timedOrRefused, tripRoutes } from './plan.ts';
import { planPool } from './planPool.ts';
import { toDeliver } from './problem.ts';
import { bookingChanges, placesInForce, wholePlan } from './replanAnswer.ts';
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
