import { entityByName } from '@lms/domain';
import { sql } from 'kysely';
import { recordHistory } from '../crud/history.ts';
import type { Database } from '../db/database.ts';
import { notify } from './events.ts';
import type { OnBookingChange } from './hooks.ts';

const bookingReport = entityByName('bookingReport');

/** Cancel (idempotent): frees the capacity, unsets isBooking, logs. */
export async function cancelBooking(
  db: Database,
  bookingId: string,
  branchId: string,
  userId: string,
  reason: string | null,
  onChange?: OnBookingChange,
) {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      id: string;
      canceled_at: Date | null;
    }>`select id, canceled_at from booking_report
      where id = ${bookingId} and branch_id = ${branchId} for update`.execute(trx);
    if (!rows[0]) return undefined;
    if (rows[0].canceled_at) return { id: bookingId, alreadyCanceled: true };
    const { rows: lines } = await sql<{ delivery_order_id: string; slot_id: string; delivery_date: string }>`
      select delivery_order_id, slot_id, delivery_date::text from booking_report__lines where parent_id = ${bookingId}`.execute(
      trx,
    );
    await sql`update delivery_order set is_booking = false, updated_at = now(), updated_by = ${userId}, version = version + 1
      where id = any(${lines.map((l) => l.delivery_order_id)}::uuid[])`.execute(trx);
    // Last, as a confirm takes them: the slots whose use this frees (the trigger of migration 0030
    // locks them in id order), so that no slot is held while a DO is waited for.
    await sql`update booking_report set canceled_at = now(), canceled_by = ${userId}, status = 'CANCELED', updated_at = now(),
      updated_by = ${userId}, version = version + 1 where id = ${bookingId}`.execute(trx);
    await recordHistory(trx, {
      entity: bookingReport,
      recordId: bookingId,
      action: 'update',
      userId,
      changes: { status: { from: 'CONFIRMED', to: 'CANCELED' }, reason },
    });
    await onChange?.(trx, bookingId, 'canceled');
    await notify(trx, {
      branchId,
      kind: 'canceled',
      bookingId,
      slotIds: [...new Set(lines.map((l) => l.slot_id))],
      dates: [...new Set(lines.map((l) => l.delivery_date))],
    });
    return { id: bookingId, alreadyCanceled: false };
  });
}
