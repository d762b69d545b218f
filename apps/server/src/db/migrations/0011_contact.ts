import { type Kysely, sql } from 'kysely';

/**
 * Customer contact (docs/contact.md): the ship-to's LINE user id, the call status the customer
 * sets through the appointment link, and the outbox of messages. A message row is written in the
 * transaction of the booking change that causes it, so a change rolled back sends nothing and a
 * committed one is never forgotten; the worker (contact/worker.ts) sends it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ship_to add column line_user_id character varying(64)`.execute(db);
  await sql`alter table branch add column tel character varying(30)`.execute(db);
  await sql`alter table booking_report drop constraint booking_report_call_status_check`.execute(db);
  await sql`alter table booking_report add check (call_status = any (array['NOT_CALLED', 'CALLED', 'UNREACHABLE', 'CONFIRMED_BY_CUSTOMER']))`.execute(
    db,
  );
  await sql`create table contact_message (
    id uuid primary key default gen_random_uuid(),
    booking_id uuid not null references booking_report (id) on delete cascade,
    branch_id uuid not null references branch (id) on delete cascade,
    event text not null check (event in ('confirmed', 'moved', 'canceled', 'reminder')),
    channel text not null check (channel in ('line', 'sms', 'log')),
    recipient text not null,
    body text not null,
    link text,
    status text not null default 'queued' check (status in ('queued', 'sent', 'dead')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz
  )`.execute(db);
  // The worker's scan: queued messages that are due, oldest first.
  await sql`create index contact_message_due on contact_message (next_attempt_at) where status = 'queued'`.execute(
    db,
  );
  await sql`create index on contact_message (booking_id, created_at)`.execute(db);
  // At most one day-before reminder per booking, whatever the number of workers that enqueue it.
  await sql`create unique index contact_message_one_reminder on contact_message (booking_id) where event = 'reminder'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table contact_message`.execute(db);
  await sql`update booking_report set call_status = 'CALLED' where call_status = 'CONFIRMED_BY_CUSTOMER'`.execute(
    db,
  );
  await sql`alter table booking_report drop constraint booking_report_call_status_check`.execute(db);
  await sql`alter table booking_report add check (call_status = any (array['NOT_CALLED', 'CALLED', 'UNREACHABLE']))`.execute(
    db,
  );
  await sql`alter table ship_to drop column line_user_id`.execute(db);
  await sql`alter table branch drop column tel`.execute(db);
}
