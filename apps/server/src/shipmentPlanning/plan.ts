import type { LatLon } from '@lms/booking';
import type { SlotPlan, TripsInput } from '@lms/domain';
import {
  type ManualRoute,
  type PlanningProblem,
  type PlanSolution,
  planViolations,
  timeRoutes,
} from '@lms/planning';
import type { Database } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { dayFigures, defaultDrivers, slotIndex, slotPlan, tripDrivers } from './answer.ts';
import { planningMessages, violationMessage } from './messages.ts';
import { planPool } from './planPool.ts';
import { type SlotProblem, slotProblem, toDeliver } from './problem.ts';
import { noRoads, type RoadDistances } from './roads.ts';
import { loadSlot, offPlanBookings, type Slot } from './slot.ts';

/** The planner's time box on the server (issue 19: 2 s by default). */
export const PLAN_TIME_LIMIT_MS = 2000;

export const refuse = (messages: string[]) => new HttpError(422, messages);

/**
 * A truck of the slot has checked in: the whole shift is not planned again (its plan could not be
 * confirmed), only re-planned around what happened (replan.ts). The plan, the tried moves and the
 * confirm refuse with the same words, naming the truck.
 */
export function refuseWhenCheckedIn(slot: Slot): void {
  const arrived = slot.shipments.find((s) => s.checkedIn);
  if (arrived) throw refuse([planningMessages.checkedIn(arrived.licensePlate ?? arrived.docNo)]);
}

/**
 * A dispatcher's trips read against the slot: the input must name the slot's own DOs (each once),
 * the branch's trucks (at most its trips per truck each) and drivers (one truck each), and no
 * booking refused before planning. Answers each trip as the vehicle and its DOs in order.
 */
export function tripRoutes(slot: Slot, built: SlotProblem, trips: TripsInput): ManualRoute[] {
  const index = slotIndex(slot);
  const seen = new Set<string>();
  // Trips per truck so far; the truck each driver drives (a driver stays with one truck, all its trips).
  const trucks = new Map<string, number>();
  const drivers = new Map<string, string>();
  const routes: ManualRoute[] = [];
  for (const trip of trips) {
    if (!index.trucks.has(trip.vehicleId)) throw refuse([planningMessages.unknownTruck]);
    const made = (trucks.get(trip.vehicleId) ?? 0) + 1;
    if (made > slot.branch.tripsPerTruck)
      throw refuse([planningMessages.truckTwice(index.plate(trip.vehicleId), slot.branch.tripsPerTruck)]);
    trucks.set(trip.vehicleId, made);
    if (trip.driverId) {
      const driver = slot.drivers.find((d) => d.id === trip.driverId);
      if (!driver) throw refuse([planningMessages.unknownDriver]);
      const drives = drivers.get(driver.id);
      if (drives !== undefined && drives !== trip.vehicleId)
        throw refuse([planningMessages.driverTwice(driver.name)]);
      drivers.set(driver.id, trip.vehicleId);
    }
    const jobs: string[] = [];
    for (const stop of trip.stops)
      for (const deliveryOrderId of stop.deliveryOrderIds) {
        const id = index.jobOf(stop.bookingId, deliveryOrderId);
        if (id === undefined) throw refuse([planningMessages.notInSlot]);
        if (seen.has(id))
          throw refuse([planningMessages.deliveryOrderTwice(index.lineOf.get(id)?.docNo ?? id)]);
        seen.add(id);
        jobs.push(id);
      }
    routes.push({ vehicle: trip.vehicleId, jobs });
  }
  // A booking refused before planning (no coordinates, banned all shift) cannot ride.
  const refused = new Set(built.refused.map((r) => r.bookingId));
  const stray = [...seen].find((id) => refused.has(index.bookingOf.get(id) ?? ''));
  if (stray) {
    const reason = built.refused.find((r) => r.bookingId === index.bookingOf.get(stray))?.reason ?? '';
    throw refuse([`${index.bookingDocNo(stray)}: ${reason}`]);
  }
  return routes;
}

/**
 * Routes timed on a problem and held to every rule of the plan (capacity at the planning %, windows
 * and truck bans, the shift, the booked vehicle type, prohibited goods, cannot-split): the first
 * broken rules come back as a 422 in Thai. `truckOf`: a route's vehicle as the truck it is.
 */
export function timedOrRefused(
  slot: Slot,
  problem: PlanningProblem,
  routes: readonly ManualRoute[],
  truckOf: (vehicle: unknown) => unknown = (vehicle) => vehicle,
): PlanSolution {
  const index = slotIndex(slot);
  const solution = timeRoutes(problem, routes);
  const broken = planViolations(problem, solution);
  if (broken.length > 0) {
    const truck = (vehicle: unknown) => index.plate(truckOf(vehicle));
    const messages = [
      ...new Set(broken.map((v) => violationMessage(v, { truck, booking: index.bookingDocNo }))),
    ];
    throw refuse(messages);
  }
  return solution;
}

/** A dispatcher's trips checked (`tripRoutes`) and timed (`timedOrRefused`). */
export function checkTrips(slot: Slot, built: SlotProblem, trips: TripsInput): PlanSolution {
  return timedOrRefused(slot, built.problem, tripRoutes(slot, built, trips));
}

/** The slot as a routing problem, on road distances when a router is configured (roads.ts). */
export async function problemOf(
  slot: Slot,
  roads: RoadDistances,
  extra: readonly LatLon[] = [],
): Promise<SlotProblem> {
  return slotProblem(slot, await roads.forSlot(slot), extra);
}

/** The slot as it stands: its confirmed plan re-timed on today's data, or no trips yet. */
export async function currentPlan(
  db: Database,
  branchId: string,
  date: string,
  shiftOfDayId: string,
  roads: RoadDistances = noRoads,
) {
  const slot = await loadSlot(db, branchId, date, shiftOfDayId);
  const built = await problemOf(slot, roads);
  const figures = await dayFigures(db, branchId, date);
  if (slot.version === 0 || slot.confirmedTrips.length === 0)
    return slotPlan(slot, built, null, { drivers: [], manual: true, confirmed: slot.version > 0, figures });
  // Re-timed without refusing: master data may have changed since; the screen shows the plan as confirmed.
  const solution = timeRoutes(built.problem, confirmedRoutes(slot));
  const drivers = tripDrivers(slot.confirmedTrips, solution.routes);
  const plan = slotPlan(slot, built, solution, { drivers, manual: true, confirmed: true, figures });
  // The confirmed trips leave out a booking gone from the slot; its shipment still carries it.
  const offPlan = await offPlanBookings(db, branchId, date, shiftOfDayId);
  return offPlan.length > 0 ? { ...plan, offPlan } : plan;
}

/** The confirmed trips as routes of the slot's problem (each stop's DOs as its booking's jobs; gone ones left out). */
export function confirmedRoutes(slot: Slot): ManualRoute[] {
  const index = slotIndex(slot);
  return slot.confirmedTrips.map((t) => ({
    vehicle: t.vehicleId,
    jobs: t.stops.flatMap((s) => s.deliveryOrderIds.flatMap((id) => index.jobOf(s.bookingId, id) ?? [])),
  }));
}

/**
 * The planner's trips for a slot (time-boxed, in the planner pool's threads: planPool.ts), with
 * default drivers. `signal`: the dispatcher left, the plan is dropped.
 */
export async function plannedSlot(
  db: Database,
  branchId: string,
  date: string,
  shiftOfDayId: string,
  signal?: AbortSignal,
  roads: RoadDistances = noRoads,
): Promise<SlotPlan> {
  const slot = await loadSlot(db, branchId, date, shiftOfDayId);
  refuseWhenCheckedIn(slot);
  const built = await problemOf(slot, roads);
  // A returned line's stop happened (failed or partly delivered): the booking that took the DO again delivers it.
  const solution = await planPool.plan(toDeliver(built), {
    seed: 1,
    timeLimitMs: PLAN_TIME_LIMIT_MS,
    ...(signal ? { signal } : {}),
  });
  const drivers = defaultDrivers(
    slot,
    solution.routes.map((r) => String(r.vehicle)),
  );
  return slotPlan(slot, built, solution, {
    drivers,
    manual: false,
    confirmed: false,
    figures: await dayFigures(db, branchId, date),
  });
}

/** A dispatcher's trips re-checked (422 with the rule broken) and timed. */
export async function evaluatedSlot(
  db: Database,
  branchId: string,
  date: string,
  shiftOfDayId: string,
  trips: TripsInput,
  roads: RoadDistances = noRoads,
): Promise<SlotPlan> {
  const slot = await loadSlot(db, branchId, date, shiftOfDayId);
  refuseWhenCheckedIn(slot);
  const built = await problemOf(slot, roads);
  const solution = checkTrips(slot, built, trips);
  const drivers = tripDrivers(trips, solution.routes);
  return slotPlan(slot, built, solution, {
    drivers,
    manual: true,
    confirmed: false,
    figures: await dayFigures(db, branchId, date),
  });
}
