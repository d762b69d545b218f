import { type Kysely, sql } from 'kysely';

/**
 * The ERP integration (issue 18): API keys (a branch set and one permission group each, the
 * secret stored only as its SHA-256), idempotency records of integration calls, and when a sync
 * last wrote sales and delivery orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table so add column last_sync_at timestamptz`.execute(db);
  await sql`alter table delivery_order add column last_sync_at timestamptz`.execute(db);
  await sql`create table api_key (
    id uuid primary key default gen_random_uuid(),
    name varchar(100) not null,
    -- The first characters of the secret, shown in the list so an admin can tell keys apart.
    prefix varchar(20) not null,
    secret_hash bytea not null unique,
    -- A group in use by a key cannot be deleted (409 naming the keys) rather than silently widening or ending them.
    role_group_id uuid not null references app_role_group (id),
    created_by uuid references app_user (id) on delete set null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);
  await sql`create table api_key_branch (
    api_key_id uuid not null references api_key (id) on delete cascade,
    branch_id uuid not null references branch (id) on delete cascade,
    primary key (api_key_id, branch_id)
  )`.execute(db);
  await sql`create table idempotency_key (
    -- The API key (or user) that sent the call: one client's key never answers another's call.
    owner_id uuid not null,
    key varchar(255) not null,
    request_hash bytea not null,
    status integer not null,
    answer jsonb,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    primary key (owner_id, key)
  )`.execute(db);
  await sql`create index idempotency_key_expires_at on idempotency_key (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_key`.execute(db);
  await sql`drop table api_key_branch`.execute(db);
  await sql`drop table api_key`.execute(db);
  await sql`alter table delivery_order drop column last_sync_at`.execute(db);
  await sql`alter table so drop column last_sync_at`.execute(db);
}
