import { type PlanTrip, phrase, type SlotPlan } from '@lms/domain';

/**
 * "เที่ยวที่ 2" when the trip's truck makes several trips in the plan (its trips follow each
 * other on the board and the map), else null: a truck with one trip is named by its plate alone.
 */
export function tripNumberLabel(plan: SlotPlan, trip: Pick<PlanTrip, 'vehicleId' | 'trip'>): string | null {
  const several = plan.trips.some((other) => other.vehicleId === trip.vehicleId && other.trip > 1);
  return several ? phrase('เที่ยวที่', String(trip.trip)) : null;
}
