import { type Kysely, sql } from 'kysely';

/**
 * A BMP's normalized PNG, made once at upload and kept in the file storage beside the original:
 * thumbnails read it with sharp instead of decoding the BMP again (issue 17, item 7). Null for
 * every other file, and for a BMP stored before this column (normalized at its first thumbnail).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stored_file add column normalized_sha256 char(64)
    check (normalized_sha256 ~ '^[0-9a-f]{64}$')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stored_file drop column normalized_sha256`.execute(db);
}
