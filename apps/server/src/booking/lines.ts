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

/** The slots of a booking in words, as the history tab shows them (never their ids). */
export const slotWords = (allocations: readonly AcceptedAllocation[]) =>
  allocations.map(
    ({ allocation: a }) => `${formatDate(a.date)} ${a.shiftName} ${a.vehicleTypeName} × ${a.vehicles}`,
  );

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
