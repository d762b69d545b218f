import { type Kysely, sql } from 'kysely';

// Uploaded files: metadata here, bytes in the file storage under their SHA-256 (never the user's name).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table stored_file (
    id uuid primary key default gen_random_uuid(),
    orig_name text not null,
    content_type text not null,
    size bigint not null check (size >= 0),
    sha256 char(64) not null check (sha256 ~ '^[0-9a-f]{64}$'),
    kind text not null check (kind in ('image', 'document', 'other')),
    created_by uuid references app_user (id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index on stored_file (sha256)`.execute(db);
  // One thumbnail per source content and size: generated once, then served from storage.
  await sql`create table file_thumbnail (
    source_sha256 char(64) not null,
    width integer not null check (width > 0),
    height integer not null check (height > 0),
    fit text not null check (fit in ('COVER', 'CONTAIN')),
    thumb_sha256 char(64) not null check (thumb_sha256 ~ '^[0-9a-f]{64}$'),
    content_type text not null,
    created_at timestamptz not null default now(),
    primary key (source_sha256, width, height, fit)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table file_thumbnail`.execute(db);
  await sql`drop table stored_file`.execute(db);
}
