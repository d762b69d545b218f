import { REPLAN_ETA_CHANGE_MINUTES, type ReplanChange, type ReplanPlace } from '@lms/domain';
import {
  type JobPlace,
  jobPlaces,
  type PlanId,
  type PlannedRoute,
  type PlannedStop,
  type PlanSolution,
  type ReplanSolution,
  replanChanges,
  timeRoutes,
  UNASSIGNED_MESSAGES,
} from '@lms/planning';
import { instantOf, slotIndex } from './answer.ts';
import type { Happened } from './happened.ts';
import { planningMessages } from './messages.ts';
import { confirmedRoutes } from './plan.ts';
import type { SlotProblem } from './problem.ts';
import type { Slot } from './slot.ts';

/** A re-plan's answer (replan.ts): the whole plan with what happened, and what changes against the plan in force. */

/**
 * The whole plan to show and write: each started trip's stops as they happened (arrival, and free
 * again when left or as now expected), then what the re-plan gives it; the other trips as planned.
 * A started trip's distance counts what is left of it.
 */
export function wholePlan(
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
export function placesInForce(slot: Slot, built: SlotProblem): Map<PlanId, JobPlace> {
  return jobPlaces(timeRoutes(built.problem, confirmedRoutes(slot)).routes);
}

/** What changes, booking by booking: the strongest change among its DOs. */
export function bookingChanges(
  slot: Slot,
  before: Map<PlanId, JobPlace>,
  solution: ReplanSolution,
): ReplanChange[] {
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
