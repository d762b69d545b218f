import { bangkokIsoDate } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { type Contact, enqueueMessage } from './outbox.ts';

/**
 * The day-before reminders: one message per live booking whose first delivery day is tomorrow
 * (Bangkok) and has none yet. Any number of workers may run this at once: the unique index on
 * the reminder makes the second insert a no-op.
 */
export async function enqueueReminders(db: Database, contact: Contact, now = new Date()): Promise<number> {
  const tomorrow = bangkokIsoDate(new Date(now.getTime() + 86_400_000));
  const { rows } = await sql<{ id: string }>`
    select b.id from booking_report b
     where b.canceled_at is null
       and (select min(l.delivery_date) from booking_report__lines l where l.parent_id = b.id) = ${tomorrow}::date
       and not exists (select 1 from contact_message m where m.booking_id = b.id and m.event = 'reminder')`.execute(
    db,
  );
  let written = 0;
  for (const { id } of rows) {
    const message = await db.transaction().execute((trx) => enqueueMessage(trx, contact, id, 'reminder'));
    if (message) written += 1;
  }
  return written;
}
