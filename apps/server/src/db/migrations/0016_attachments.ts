import { type Kysely, sql } from 'kysely';

/**
 * Issue 23: files attached to a booking, a shipment (the signed delivery note, the proof-of-delivery
 * photo), a DO and a ship-to. One link table per field, as `entityDdl` declares it: the files in
 * order, the owner's rows going with the owner, and a plain foreign key to `stored_file` so that
 * a file still attached cannot be deleted (docs/domain.md, "Attachments").
 */
const owners = ['booking_report', 'shipment', 'delivery_order', 'ship_to'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const owner of owners) {
    const link = sql.table(`${owner}__attachments`);
    await sql`create table ${link} (
      owner_id uuid not null references ${sql.table(owner)} (id) on delete cascade,
      position integer not null,
      file_id uuid not null references stored_file (id),
      primary key (owner_id, file_id)
    )`.execute(db);
    await sql`create index on ${link} (file_id)`.execute(db);
    await sql`create unique index on ${link} (owner_id, position)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const owner of owners) await sql`drop table ${sql.table(`${owner}__attachments`)}`.execute(db);
}
