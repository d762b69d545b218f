import { bangkokIsoDate } from '@lms/domain';
import type { Database } from '../db/database.ts';
import { type Contact, enqueueMessage } from './outbox.ts';

/**
 * The day-before reminders: one message per live booking whose first delivery day is tomorrow
 * (Bangkok) and has none yet. Any number of workers may run this at once: the unique index on
 * the reminder makes the second insert a no-op.
 */
export async function enqueueReminders(db: Database, contact: Contact, now = new Date()): Promise<number> {
  const tomorrow = bangkokIsoDate(new Date(now.getTime() + 86_400_000));
  const rows = await db
    .selectFrom('booking_report as b')
    .select('b.id')
    .where('b.canceled_at', 'is', null)
    .where(
      (eb) =>
        eb
          .selectFrom('booking_report__lines as l')
          .select((agg) => agg.fn.min('l.delivery_date').as('first'))
          .whereRef('l.parent_id', '=', 'b.id'),
      '=',
      tomorrow,
    )
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('contact_message as m')
            .select('m.id')
            .whereRef('m.booking_id', '=', 'b.id')
            .where('m.event', '=', 'reminder'),
        ),
      ),
    )
    .execute();
  let written = 0;
  for (const { id } of rows) {
    const message = await db.transaction().execute((trx) => enqueueMessage(trx, contact, id, 'reminder'));
    if (message) written += 1;
  }
  return written;
}
