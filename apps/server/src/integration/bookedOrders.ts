import { type EntityDef, fieldsFrozenByBooking, INTEGRATION_MESSAGES } from '@lms/domain';
import { sql } from 'kysely';
import type { Row } from '../crud/repository.ts';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';

/**
 * A sync may not change what a confirmed booking was checked against (weight, volume, ship-to,
 * ship cond): 409 naming the booking, so the planner cancels it first rather than keep a booking
 * the truck can no longer carry. Applies to records that say they are booked (`isBooking`).
 */
export async function refuseChangeToBookedOrder(
  trx: Tx,
  entity: EntityDef,
  id: string,
  before: Row,
  changes: Row,
): Promise<void> {
  if (before.isBooking !== true) return;
  const frozen = fieldsFrozenByBooking.filter((field) => field in changes);
  if (!frozen.length) return;
  const { rows } = await sql<{ doc_no: string | null; id: string }>`
    select b.id, b.doc_no from booking_report__lines l join booking_report b on b.id = l.parent_id
     where l.delivery_order_id = ${id} and b.canceled_at is null
     order by b.confirmed_at desc nulls last limit 1`.execute(trx);
  const booking = rows[0]?.doc_no ?? rows[0]?.id ?? '-';
  const labels = frozen.map((name) => entity.fields.find((f) => f.name === name)?.label ?? name);
  const message = INTEGRATION_MESSAGES.bookedOrder(booking, labels);
  throw new HttpError(409, [message], Object.fromEntries(frozen.map((field) => [field, message])));
}
