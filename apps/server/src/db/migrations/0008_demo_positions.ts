import { type Kysely, sql } from 'kysely';

// The location tracking demo (admin only): devices' positions, kept for the day they were taken.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table demo_position (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references app_user (id) on delete cascade,
    lat double precision not null check (lat between -90 and 90),
    lon double precision not null check (lon between -180 and 180),
    accuracy double precision not null check (accuracy >= 0),
    at timestamptz not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Today's latest per user: distinct on (user_id) … order by user_id, at desc.
  await sql`create index demo_position_user_at on demo_position (user_id, at desc)`.execute(db);
  await sql`create index demo_position_at on demo_position (at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table demo_position`.execute(db);
}
