import { addDays } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/database.ts';
import { bookAsPlanner } from '../../apps/server/src/seed/bookings.ts';

/**
 * The planning board's day for the interactions (issue 41): the demo books two DOs a branch a
 * day, so its tomorrow is one or two stops, and a tap on a board that small says nothing of a
 * planner's day. Here the branch's unbooked DOs, two at a time per ship-to and ship condition,
 * are booked for tomorrow as a planner books them (suggestion, draft, confirm; the rules may put
 * some on another day or shift), up to `wanted` bookings. Answers tomorrow's bookings per shift.
 */
export async function bookBusyDay(
  db: Database,
  branchCode: string,
  today: string,
  wanted: number,
): Promise<{ bookings: number; tomorrowByShift: Record<string, number> }> {
  const branch = await db
    .selectFrom('branch as b')
    .innerJoin('app_user__branch_ids as l', 'l.ref_id', 'b.id')
    .innerJoin('app_user as u', 'u.id', 'l.owner_id')
    .select(['b.id', 'u.id as userId'])
    .where('b.code', '=', branchCode)
    .where('u.username', 'like', 'planner.%')
    .orderBy('u.username')
    .executeTakeFirstOrThrow();
  const { rows: pairs } = await sql<{ shipToId: string; shipCondId: string; ids: string[] }>`
    select so_ship_to_id as "shipToId", ship_cond_id as "shipCondId", array_agg(id order by doc_no) as ids
      from (select *, (row_number() over (partition by so_ship_to_id, ship_cond_id order by doc_no) - 1) / 2 as pair
              from delivery_order
             where branch_id = ${branch.id} and not is_booking
               and so_ship_to_id is not null and ship_cond_id is not null) o
     group by so_ship_to_id, ship_cond_id, pair
     order by min(doc_no) desc`.execute(db);
  const tomorrow = addDays(today, 1);
  let bookings = 0;
  for (const pair of pairs) {
    if (bookings >= wanted) break;
    const request = { ...pair, deliveryOrderIds: pair.ids, special: false, wantedDate: tomorrow };
    if (await bookAsPlanner(db, branch, request, today)) bookings++;
  }
  const { rows } = await sql<{ shift: string; n: number }>`
    select sd.name as shift, count(distinct r.id)::int as n
      from booking_report r
      join booking_report__lines l on l.parent_id = r.id
      join vehicle_date_slot s on s.id = l.slot_id
      join shift_of_day sd on sd.id = s.shift_of_day_id
     where r.branch_id = ${branch.id} and r.canceled_at is null and s.shift_date = ${tomorrow}
     group by sd.name`.execute(db);
  return { bookings, tomorrowByShift: Object.fromEntries(rows.map((r) => [r.shift, r.n])) };
}
