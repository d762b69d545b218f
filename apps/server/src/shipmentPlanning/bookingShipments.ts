import { type BookingShipment, type PlanInstant, shipmentStages, stageFieldNames } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { snake } from '../entities/naming.ts';
import { notFound } from '../http/errors.ts';

const stageColumns = shipmentStages.flatMap(({ key }) => Object.values(stageFieldNames(key)));

/** A date and a time column as one instant; a date without a time is that day's start. */
function instant(date: unknown, time: unknown): PlanInstant | null {
  if (typeof date !== 'string') return null;
  return { date, time: typeof time === 'string' ? time.slice(0, 5) : '00:00' };
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
  const { rows: booking } =
    await sql`select 1 from booking_report where id = ${bookingId} and branch_id = ${branchId}`.execute(db);
  if (!booking[0]) throw notFound();
  const { rows } = await sql<Record<string, unknown> & { id: string; doc_no: string; plate: string | null }>`
    select s.id, s.doc_no, s.car_plate_snap as plate, d.name as driver, ${sql.join(
      stageColumns.map((name) => sql`s.${sql.ref(snake(name))}::text as ${sql.ref(name)}`),
    )}
      from shipment s
      join shipment__booking_report_ids link on link.owner_id = s.id and link.ref_id = ${bookingId}
      left join driver d on d.id = s.driver_id
     where s.branch_id = ${branchId}
     order by s.plan_date_check_in nulls last, s.plan_time_check_in nulls last, s.doc_no`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    docNo: row.doc_no,
    licensePlate: row.plate,
    driverName: typeof row.driver === 'string' ? row.driver : null,
    stages: shipmentStages.map(({ key }) => {
      const names = stageFieldNames(key);
      return {
        stage: key,
        plan: instant(row[names.planDate], row[names.planTime]),
        actual: instant(row[names.actDate], row[names.actTime]),
      };
    }),
  }));
}
