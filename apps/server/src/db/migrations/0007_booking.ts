import { type Kysely, sql } from 'kysely';

// Fine-tune drafts kept on the server (a reload or a second tab loses nothing), and booking numbers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table booking_draft (
    id uuid primary key default gen_random_uuid(),
    branch_id uuid not null references branch (id) on delete cascade,
    user_id uuid not null references app_user (id) on delete cascade,
    request jsonb not null,
    allocations jsonb not null,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index on booking_draft (branch_id, user_id)`.execute(db);
  await sql`create sequence booking_doc_no_seq`.execute(db);
  // Capacity checks read the lines of a slot; confirming locks slots, so this must be quick.
  await sql`create index on booking_report__lines (slot_id)`.execute(db);
  await sql`create index on booking_report__lines (delivery_order_id)`.execute(db);
}
