import { entityByName } from '@lms/domain';
import { touched } from '../crud/columns.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database } from '../db/database.ts';
import { notify } from './events.ts';

const bookingReport = entityByName('bookingReport');

/**
 * Sets a booking's call status (the planner called the customer), logs the change and tells the
 * calendars. Undefined when the booking is not the branch's.
 */
export async function changeCallStatus(
  db: Database,
  booking: { readonly id: string; readonly branchId: string; readonly userId: string },
  callStatus: string,
) {
  const { id, branchId, userId } = booking;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('booking_report')
      .select('call_status')
      .where('id', '=', id)
      .where('branch_id', '=', branchId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return undefined;
    await trx
      .updateTable('booking_report')
      .set({ call_status: callStatus, ...touched(userId) })
      .where('id', '=', id)
      .execute();
    await recordHistory(trx, {
      entity: bookingReport,
      recordId: id,
      action: 'update',
      userId,
      changes: { callStatus: { from: row.call_status, to: callStatus } },
    });
    await notify(trx, { branchId, kind: 'callStatus', bookingId: id, slotIds: [], dates: [] });
    return { id, callStatus };
  });
}
