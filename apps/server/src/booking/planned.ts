import { bookingMessages } from '@lms/booking';
import type { DateFormatOptions } from '@lms/domain';
import type { Executor } from '../db/database.ts';

/** A shift where a confirmed plan put the booking on a truck, before the truck checked in. */
export interface PlannedShift {
  readonly shiftDate: string;
  readonly shiftOfDayId: string;
  readonly shiftName: string;
  readonly truck: string;
  readonly shipment: string;
}

/**
 * The shifts of a booking whose confirmed plan carries it (its shipments, by their links). A move
 * out of one would leave the truck going to a customer who is no longer there that day, and the
 * dispatcher's board would no longer show that stop: so a planned booking moves only once the
 * dispatcher has taken it off the plan (docs/booking.md "Planned bookings"). A shift whose truck
 * has checked in is closed, a rule of its own (`closedShiftBreak`).
 */
export async function plannedShifts(db: Executor, bookingId: string): Promise<PlannedShift[]> {
  return db
    .selectFrom('shipment__booking_report_ids as x')
    .innerJoin('shipment as s', 's.id', 'x.owner_id')
    .innerJoin('shift_of_day as sh', 'sh.id', 's.shift_of_day_id')
    .select((eb) => [
      eb.cast<string>('s.shift_date', 'text').as('shiftDate'),
      's.shift_of_day_id as shiftOfDayId',
      'sh.name as shiftName',
      eb.fn.coalesce('s.car_plate_snap', 's.doc_no').as('truck'),
      's.doc_no as shipment',
    ])
    .where('x.ref_id', '=', bookingId)
    .where('s.shift_date', 'is not', null)
    .where('s.shift_of_day_id', 'is not', null)
    .orderBy('s.shift_date')
    .orderBy('s.doc_no')
    .$narrowType<{ shiftOfDayId: string; shipment: string; truck: string }>()
    .execute();
}

/** Why a part of the booking may not leave this day and shift: its truck is planned (rule `PLANNED`); null when it may. */
export function plannedBreak(
  planned: readonly PlannedShift[],
  from: { readonly date: string; readonly shiftOfDayId: string },
  era: DateFormatOptions = {},
): { readonly rule: 'PLANNED'; readonly message: string } | null {
  const on = planned.find((p) => p.shiftDate === from.date && p.shiftOfDayId === from.shiftOfDayId);
  return on
    ? {
        rule: 'PLANNED',
        message: bookingMessages.plannedOut(on.shiftName, on.shiftDate, on.truck, on.shipment, era),
      }
    : null;
}
