import type { Allocation } from '@lms/booking';
import { formatDate } from '@lms/domain';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';

/** An allocation the engine accepted, with the delivery time the planner set. */
export interface AcceptedAllocation {
  readonly allocation: Allocation;
  readonly deliveryTime: string | null;
}

/** What the engine charged: each vehicle's trip minutes, summed over the booking's vehicles. */
export const tripOf =
  (allocations: readonly AcceptedAllocation[]) =>
  (pick: (a: Allocation) => number): number =>
    Math.round(allocations.reduce((sum, a) => sum + a.allocation.vehicles * pick(a.allocation), 0));

/** One slot of a booking in words, as the history tab shows it (never its id). */
const slotWord = (a: { date: string; shiftName: string; vehicleTypeName: string; vehicles: number }) =>
  `${formatDate(a.date)} ${a.shiftName} ${a.vehicleTypeName} × ${a.vehicles}`;

/** The slots of a booking in words, as the history tab shows them (never their ids). */
export const slotWords = (allocations: readonly AcceptedAllocation[]) =>
  allocations.map(({ allocation }) => slotWord(allocation));

/** The slots a booking holds now, in the same words: what a move's history entry says it left. */
export async function heldSlotWords(trx: Tx, bookingId: string): Promise<string[]> {
  const { rows } = await sql<{ date: string; shiftName: string; vehicleTypeName: string; vehicles: number }>`
    select s.shift_date::text as "date", sh.name as "shiftName", vt.name as "vehicleTypeName", a.vehicles
      from booking_allocation a
      join vehicle_date_slot s on s.id = a.slot_id
      join shift_of_day sh on sh.id = s.shift_of_day_id
      join vehicle_type vt on vt.id = s.vehicle_type_id
     where a.booking_id = ${bookingId}
     order by s.shift_date, sh.start_time, vt.name`.execute(trx);
  return rows.map(slotWord);
}

/**
 * The booking's lines: one per DO line part the engine placed, with the slot whose capacity it
 * uses; and per slot, the vehicles and fee the engine charged (the appointment slip prints them).
 * Two INSERTs, one row array each, to run as one statement or inside a larger one (confirm).
 */
export function linesInserts(
  bookingId: string,
  allocations: readonly AcceptedAllocation[],
  shipCondId: string,
) {
  const parts = allocations.flatMap(({ allocation, deliveryTime }) =>
    allocation.lines.map((line) => ({ allocation, deliveryTime, line })),
  );
  const column = <T>(pick: (part: (typeof parts)[number]) => T) => parts.map(pick);
  return {
    // A slot met twice sums its vehicles and fees; one unpriced part leaves the fee unknown (null).
    allocations: sql`insert into booking_allocation (booking_id, slot_id, vehicles, fee)
      select ${bookingId}::uuid, a.slot_id, sum(a.vehicles), case when count(a.fee) = count(*) then sum(a.fee) end
        from unnest(${allocations.map((a) => a.allocation.slotId)}::uuid[], ${allocations.map((a) => a.allocation.vehicles)}::int[],
                    ${allocations.map((a) => a.allocation.fee ?? null)}::numeric[]) as a(slot_id, vehicles, fee)
       group by a.slot_id`,
    lines: sql`insert into booking_report__lines (parent_id, position, delivery_order_id, article_id, qty, delivery_date, delivery_time,
        used_minute, used_weight, used_volume, ship_cond_id, slot_id)
      select ${bookingId}::uuid, l.position - 1, l.delivery_order_id, l.article_id, l.qty, l.delivery_date, l.delivery_time,
             l.used_minute, l.used_weight, l.used_volume, ${shipCondId}::uuid, l.slot_id
        from unnest(${column((p) => p.line.deliveryOrderId)}::uuid[], ${column((p) => p.line.articleId)}::uuid[],
                    ${column((p) => p.line.qty)}::numeric[], ${column((p) => p.allocation.date)}::date[],
                    ${column((p) => p.deliveryTime)}::time[], ${column((p) => Math.round(p.line.usedMinute))}::int[],
                    ${column((p) => p.line.usedWeight)}::numeric[], ${column((p) => p.line.usedVolume)}::numeric[],
                    ${column((p) => p.allocation.slotId)}::uuid[])
             with ordinality as l(delivery_order_id, article_id, qty, delivery_date, delivery_time, used_minute, used_weight,
                                  used_volume, slot_id, position)`,
  };
}

/** Replaces a booking's lines and allocations (a move: the caller has deleted the lines it replaces). */
export async function writeLines(
  trx: Tx,
  bookingId: string,
  allocations: readonly AcceptedAllocation[],
  shipCondId: string,
): Promise<void> {
  await sql`delete from booking_allocation where booking_id = ${bookingId}`.execute(trx);
  const inserts = linesInserts(bookingId, allocations, shipCondId);
  await sql`with allocations as (${inserts.allocations}) ${inserts.lines}`.execute(trx);
}
