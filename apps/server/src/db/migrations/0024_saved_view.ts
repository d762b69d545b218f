import { type Kysely, sql } from 'kysely';

/**
 * Saved views of the lists (docs/entity-pages.md "Saved views"): kept on the server so that they
 * follow the user to any device. A view is its owner's; shared, it is seen by the users of
 * `share_branch_id` and/or the holders of `share_role`. One default view per user per list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table saved_view (
    id uuid primary key default gen_random_uuid(),
    entity text not null,
    owner_id uuid not null references app_user (id) on delete cascade,
    name text not null,
    state jsonb not null,
    share_branch_id uuid references branch (id) on delete cascade,
    share_role text,
    shared boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (shared = (share_branch_id is not null or share_role is not null))
  )`.execute(db);
  // Names are one per owner and list, whatever their case: "งานวันนี้" twice would be two menu lines alike.
  await sql`create unique index saved_view_owner_name on saved_view (owner_id, entity, lower(name))`.execute(
    db,
  );
  await sql`create index saved_view_shared on saved_view (entity) where shared`.execute(db);
  await sql`create table saved_view_default (
    user_id uuid not null references app_user (id) on delete cascade,
    entity text not null,
    view_id uuid not null references saved_view (id) on delete cascade,
    primary key (user_id, entity)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table saved_view_default`.execute(db);
  await sql`drop table saved_view`.execute(db);
}
