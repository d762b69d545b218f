import { type Kysely, sql } from 'kysely';

// Server-wide settings (first-start markers, signing keys): one row per key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table app_setting (
    key text primary key,
    value jsonb not null,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table app_setting`.execute(db);
}
