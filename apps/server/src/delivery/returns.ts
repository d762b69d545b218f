import { entityByName } from '@lms/domain';
import { sql } from 'kysely';
import type { BookingChange, ConfirmedBooking, OnBookingChange } from '../booking/hooks.ts';
import type { NamedFilterSql } from '../crud/namedFilters.ts';
import type { Tx } from '../db/database.ts';

const bookingReport = entityByName('bookingReport');

/**
 * The DO list's "ส่งไม่สำเร็จ รอจองใหม่" (`returned=true`): DOs a failed or partial delivery sent
 * back to booking and no booking has taken again yet.
 */
export const returnedCondition: NamedFilterSql = (alias) =>
  sql`exists (select 1 from delivery_return r
    where r.delivery_order_id = ${sql.ref(`${alias}.id`)} and r.rebooked_booking_id is null)`;

/**
 * A booking confirmed for returned DOs is linked to what they came back from (and the link is
 * undone if it is canceled): nothing is lost, the original booking, shipment and proof stay.
 * The link is made inside the confirm's statement of writes (`inConfirm`, under the slots' locks:
 * a statement of its own there was a round trip more, issue 41), the unlink in the cancel's
 * transaction (booking/hooks.ts).
 */
export const linkRebooked: OnBookingChange = Object.assign(
  async (trx: Tx, bookingId: string, change: BookingChange) => {
    if (change !== 'canceled') return;
    await trx
      .updateTable('delivery_return')
      .set({ rebooked_booking_id: null })
      .where('rebooked_booking_id', '=', bookingId)
      .execute();
  },
  { inConfirm: rebookedInConfirm, quietOnConfirm: true },
);

/**
 * The confirm's part: the open returns of its DOs (of another booking) linked to it, and, when
 * any was, the booking's history names the bookings they came back from (their numbers, sorted).
 */
function rebookedInConfirm({ bookingId, deliveryOrderIds, afterHistory }: ConfirmedBooking) {
  return sql`rebooked as (
      update delivery_return r set rebooked_booking_id = ${bookingId}
        from booking_report b
       where b.id = r.booking_id and r.rebooked_booking_id is null and r.booking_id <> ${bookingId}
         and r.delivery_order_id = any(${deliveryOrderIds}::uuid[])
      returning b.doc_no),
    rebooked_history as (
      insert into history (entity, record_id, action, changes, user_id, source)
      select ${bookingReport.name}, ${bookingId}, 'update', jsonb_build_object('rebookedFrom', jsonb_agg(distinct doc_no)), null, null
        from rebooked where ${afterHistory} is not null having count(*) > 0)`;
}
