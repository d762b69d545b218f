import { type EntityDef, fieldsFrozenByBooking, INTEGRATION_MESSAGES } from '@lms/domain';
import { sql } from 'kysely';
import type { Row } from '../crud/repository.ts';
import type { Executor } from '../db/database.ts';

/** A stored record an import changes: its id, the stored values and the fields that change. */
export interface Change {
  readonly id: string;
  readonly before: Row;
  readonly changed: readonly string[];
}

/**
 * An import or sync may not change what a confirmed booking was checked against (weight, volume,
 * ship-to, ship cond): such a record fails naming the booking (field → Thai message), so the planner
 * cancels it first rather than keep a booking the truck can no longer carry. Applies to records that
 * say they are booked (`isBooking`); the bookings of a whole chunk are read in one query.
 */
export async function bookedOrderConflicts(
  db: Executor,
  entity: EntityDef,
  changes: readonly Change[],
): Promise<Map<string, Record<string, string>>> {
  const frozen = new Map<string, string[]>();
  for (const { id, before, changed } of changes) {
    if (before.isBooking !== true) continue;
    const fields = fieldsFrozenByBooking.filter((field) => changed.includes(field));
    if (fields.length) frozen.set(id, fields);
  }
  const conflicts = new Map<string, Record<string, string>>();
  if (frozen.size === 0) return conflicts;
  const rows = await db
    .selectFrom('booking_report__lines as l')
    .innerJoin('booking_report as b', 'b.id', 'l.parent_id')
    .distinctOn('l.delivery_order_id')
    .select(['l.delivery_order_id as order_id', sql<string>`coalesce(b.doc_no, b.id::text)`.as('booking')])
    .where('l.delivery_order_id', 'in', [...frozen.keys()])
    .where('b.canceled_at', 'is', null)
    .orderBy('l.delivery_order_id')
    .orderBy(sql`b.confirmed_at desc nulls last`)
    .execute();
  const bookings = new Map(rows.map((r) => [r.order_id, r.booking]));
  for (const [id, fields] of frozen) {
    const labels = fields.map((name) => entity.fields.find((f) => f.name === name)?.label ?? name);
    const message = INTEGRATION_MESSAGES.bookedOrder(bookings.get(id) ?? '-', labels);
    conflicts.set(id, Object.fromEntries(fields.map((field) => [field, message])));
  }
  return conflicts;
}
