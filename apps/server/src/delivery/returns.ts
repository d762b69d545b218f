import { entityByName } from '@lms/domain';
import { sql } from 'kysely';
import type { OnBookingChange } from '../booking/hooks.ts';
import { recordHistory } from '../crud/history.ts';
import type { NamedFilterSql } from '../crud/namedFilters.ts';
import { prepared } from '../db/prepared.ts';

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
 * Runs in the booking's own transaction (booking/hooks.ts).
 */
export const linkRebooked: OnBookingChange = async (trx, bookingId, change) => {
  if (change === 'canceled') {
    await trx
      .updateTable('delivery_return')
      .set({ rebooked_booking_id: null })
      .where('rebooked_booking_id', '=', bookingId)
      .execute();
    return;
  }
  if (change !== 'confirmed') return;
  // Named (db/prepared.ts): run in every confirm, it was planned every time (0.45 ms of
  // PostgreSQL's CPU a confirm, bench/booking with BENCH_STATEMENTS=1) to run in 0.01 ms.
  const query = trx
    .updateTable('delivery_return as r')
    .set({ rebooked_booking_id: bookingId })
    .from('booking_report as b')
    .whereRef('b.id', '=', 'r.booking_id')
    .where('r.rebooked_booking_id', 'is', null)
    .where('r.booking_id', '<>', bookingId)
    .where((eb) =>
      eb(
        'r.delivery_order_id',
        'in',
        eb
          .selectFrom('booking_report__lines as l')
          .select('l.delivery_order_id')
          .where('l.parent_id', '=', bookingId),
      ),
    )
    .returning(['b.doc_no'])
    .compile();
  const { rows: linked } = await trx.executeQuery(prepared(query));
  if (linked.length)
    await recordHistory(trx, {
      entity: bookingReport,
      recordId: bookingId,
      action: 'update',
      userId: null,
      changes: { rebookedFrom: [...new Set(linked.map((l) => l.doc_no))] },
    });
};
