import { type Kysely, sql } from 'kysely';

/**
 * A large Excel import runs as a job (docs/import.md "Progress"): its phase and rows done are
 * kept here while it runs, and its report when it ends, so the user can close the dialog, or the
 * page, and come back to the result.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table import_job (
    id uuid primary key default gen_random_uuid(),
    entity text not null,
    branch_id uuid,
    user_id uuid not null,
    file_name text not null,
    dry_run boolean not null,
    phase text not null check (phase in ('reading', 'checking', 'writing', 'done', 'failed')),
    done integer not null default 0,
    total integer not null default 0,
    report jsonb,
    messages jsonb,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index import_job_user on import_job (user_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table import_job`.execute(db);
}
