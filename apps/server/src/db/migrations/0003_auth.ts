import { type Kysely, sql } from 'kysely';

// Sign-in, sessions and the change history that every entity writes to.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user
    add column password_hash text,
    add column token_version integer not null default 0,
    add column last_login_at timestamptz`.execute(db);
  // Usernames are unique whatever their case (product.md).
  await sql`create unique index app_user_username_ci on app_user (lower(username))`.execute(db);
  await sql`create table user_session (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references app_user (id) on delete cascade,
    created_at timestamptz not null default now(),
    absolute_expires_at timestamptz not null,
    revoked_at timestamptz,
    user_agent text,
    address text
  )`.execute(db);
  await sql`create index on user_session (user_id)`.execute(db);
  await sql`create table history (
    id bigint generated always as identity primary key,
    entity text not null,
    record_id uuid not null,
    action text not null check (action in ('create', 'update', 'delete')),
    changes jsonb not null,
    user_id uuid,
    at timestamptz not null default now()
  )`.execute(db);
  await sql`create index on history (entity, record_id, at desc)`.execute(db);
}
