import { type Kysely, sql } from 'kysely';

/**
 * The home's counts (docs/web.md "Home"): failed sign-ins are kept (the throttle's counters live in
 * memory, per instance, for 15 minutes), and each count the home asks for is read from an index,
 * however many rows the tables hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sign_in_failure (
    id bigint generated always as identity primary key,
    at timestamptz not null default now(),
    username text not null,
    address text
  )`.execute(db);
  await sql`create index sign_in_failure_at on sign_in_failure (at)`.execute(db);
  await sql`create index user_session_open on user_session (absolute_expires_at) where revoked_at is null`.execute(
    db,
  );
  await sql`create index booking_report_call_status on booking_report (branch_id, call_status) where status = 'CONFIRMED'`.execute(
    db,
  );
  await sql`create index booking_report_canceled_at on booking_report (branch_id, canceled_at) where canceled_at is not null`.execute(
    db,
  );
  await sql`create index ship_to_without_lat on ship_to (id) where lat is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ship_to_without_lat`.execute(db);
  await sql`drop index booking_report_canceled_at`.execute(db);
  await sql`drop index booking_report_call_status`.execute(db);
  await sql`drop index user_session_open`.execute(db);
  await sql`drop table sign_in_failure`.execute(db);
}
