import type { SlotPlan } from '@lms/domain';

type PlanBooking = SlotPlan['bookings'][number];

/** A truck as the board's pickers offer it, with its type. */
export interface TruckChoice {
  readonly id: string;
  readonly label: string;
  readonly vehicleTypeId: string;
}

export const truckChoicesOf = (plan: SlotPlan): TruckChoice[] =>
  plan.trucks.map((t) => ({
    id: t.id,
    label: `${t.licensePlate} (${t.vehicleTypeName})`,
    vehicleTypeId: t.vehicleTypeId,
  }));

/**
 * The trucks a booking's stop may be put on: those of the type it booked, its own truck left out.
 * The server refuses any other type (rule SKILLS, "จองรถประเภทอื่นไว้"), so the list does not
 * offer what would only be refused. A booking the plan does not know keeps every other truck:
 * the server decides.
 */
export function trucksFor(
  choices: readonly TruckChoice[],
  booking: PlanBooking | undefined,
  except?: string,
): TruckChoice[] {
  return choices.filter((c) => c.id !== except && (!booking || c.vehicleTypeId === booking.vehicleTypeId));
}

/** What an empty truck list says instead of a choice. */
export const noTruckText = (booking: PlanBooking | undefined, other: boolean) =>
  `ไม่มี${booking?.vehicleTypeName ?? 'รถ'}${other ? 'คันอื่น' : ''}ในกะนี้`;
