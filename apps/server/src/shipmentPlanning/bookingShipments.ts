import { type BookingShipment, type PlanInstant, shipmentStages } from '@lms/domain';
import type { Database } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { stageColumns } from './stageColumns.ts';

const stages = shipmentStages.map(({ key }) => ({ key, columns: stageColumns(key) }));
const stageColumnList = stages.flatMap(({ columns }) => Object.values(columns));

/** A date and a time column as one instant; a date without a time is that day's start. */
function instant(date: string | null, time: string | null): PlanInstant | null {
  if (date === null) return null;
  return { date, time: time === null ? '00:00' : time.slice(0, 5) };
}

/**
 * The shipments carrying a booking, with the plan and actual time of each stage (issue 19 item 4:
 * the booking's page shows them). The booking must be in the acting branch.
 */
export async function bookingShipments(
  db: Database,
  branchId: string,
  bookingId: string,
): Promise<BookingShipment[]> {
  const booking = await db
    .selectFrom('booking_report')
    .select('id')
    .where('id', '=', bookingId)
    .where('branch_id', '=', branchId)
    .executeTakeFirst();
  if (!booking) throw notFound();
  const rows = await db
    .selectFrom('shipment as s')
    .innerJoin('shipment__booking_report_ids as link', (join) =>
      join.onRef('link.owner_id', '=', 's.id').on('link.ref_id', '=', bookingId),
    )
    .leftJoin('driver as d', 'd.id', 's.driver_id')
    .select(['s.id', 's.doc_no', 's.car_plate_snap', 'd.name as driver', ...stageColumnList])
    .where('s.branch_id', '=', branchId)
    .orderBy('s.plan_date_check_in', (o) => o.asc().nullsLast())
    .orderBy('s.plan_time_check_in', (o) => o.asc().nullsLast())
    .orderBy('s.doc_no')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    docNo: row.doc_no,
    licensePlate: row.car_plate_snap,
    driverName: row.driver,
    stages: stages.map(({ key, columns }) => ({
      stage: key,
      plan: instant(row[columns.planDate], row[columns.planTime]),
      actual: instant(row[columns.actDate], row[columns.actTime]),
    })),
  }));
}
