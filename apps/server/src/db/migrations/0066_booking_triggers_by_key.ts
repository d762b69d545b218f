import { type Kysely, sql } from 'kysely';

/**
 * The booking triggers' statements read bookings and their lines by key, whatever the statistics
 * say: a confirm's triggers touch one booking, and an index finds it at any size.
 *
 * PL/pgSQL plans a trigger's statements once per connection and keeps the plans. Planned while the
 * statistics said `booking_report` held a few rows (a new database, or a burst of confirms before
 * autovacuum's next analyze), a seq scan looked cheapest, and every confirm then read every booking
 * and, for the booking day, every line:
 *   - the booking day (0065): 1.0 ms of PostgreSQL a confirm at 4,000 bookings, 0.17 ms at 400;
 *   - the slot's use (0030): 0.57 ms and 0.10 ms;
 * (`auto_explain` under bench/booking's one-slot case, whose `analyze` ran on an empty table;
 * docs/performance.md). With seq scans priced out inside these functions the planner takes the
 * primary key and `booking_report__lines (parent_id, position)`. `create or replace function`
 * drops the setting: a later migration that replaces one of them sets it again
 * (`bookingTriggerPlans.test.ts` checks both the plans and the setting).
 */
const FUNCTIONS = ['booking_delivery_date()', 'lms_slot_use_lines()', 'lms_slot_use_booking()'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const fn of FUNCTIONS) await sql.raw(`alter function ${fn} set enable_seqscan = off`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fn of FUNCTIONS) await sql.raw(`alter function ${fn} reset enable_seqscan`).execute(db);
}
