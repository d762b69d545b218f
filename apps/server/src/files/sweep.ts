import { entities, type FieldDef } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import {
  childTableOf,
  columnOf,
  FILE_TABLE,
  linkTableOf,
  storedAsTable,
  tableOf,
} from '../entities/naming.ts';
import { UNATTACHED_GRACE_HOURS } from './limits.ts';
import { insertFiles, type NewFile } from './repository.ts';
import type { FileStorage } from './storage.ts';

/**
 * Files nobody keeps are removed (issue 23): an upload that never reached a record, and the files
 * of a deleted record (its link rows go with it). A file is kept while any record links it — an
 * `attachments` link row, a `file`/`image` column — or while it is younger than the grace period.
 *
 * Bytes are content-addressed and shared by every upload of the same content, so they go only
 * when no file row names them any more. An upload commits its bytes and records its row under a
 * shared advisory lock, the sweep runs under the exclusive one: an upload of content being swept
 * cannot find the bytes present, skip writing them, and then lose them.
 */
const FILES_LOCK = sql`hashtext('lms:file-store')`;

/** Where records name a stored file, from the declarations: link tables and id columns. */
function fileReferences(): RawBuilder<unknown>[] {
  const column = (table: string, name: string) => sql`select ${sql.ref(name)} as id from ${sql.table(table)}`;
  const isFile = (field: FieldDef) => field.type === 'file' || field.type === 'image';
  return entities
    .filter(storedAsTable)
    .flatMap((entity) => [
      ...entity.fields
        .filter((field) => field.type === 'attachments')
        .map((field) => column(linkTableOf(entity, field), 'file_id')),
      ...entity.fields.filter(isFile).map((field) => column(tableOf(entity), columnOf(field))),
      ...(entity.children ?? []).flatMap((child) =>
        child.fields.filter(isFile).map((field) => column(childTableOf(entity, child.name), columnOf(field))),
      ),
    ]);
}

/** Commits an upload's staged bytes and records its files, never in the middle of a sweep. */
export async function keepUpload(
  db: Database,
  upload: { readonly files: readonly NewFile[]; commit(): Promise<void> },
  userId: string,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock_shared(${FILES_LOCK})`.execute(trx);
    await upload.commit();
    return insertFiles(trx, upload.files, userId);
  });
}

/** Removes unlinked files older than the grace period, their bytes and thumbnails; answers how many files. */
export async function sweepUnattachedFiles(
  db: Database,
  storage: FileStorage,
  graceHours = UNATTACHED_GRACE_HOURS,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${FILES_LOCK})`.execute(trx);
    const { rows: gone } = await sql<{ sha256: string; normalized: string | null }>`
      delete from ${sql.table(FILE_TABLE)} f
       where f.created_at < now() - make_interval(hours => ${graceHours})
         and not exists (select 1 from (${sql.join(fileReferences(), sql` union all `)}) r where r.id = f.id)
      returning f.sha256, f.normalized_sha256 as normalized`.execute(trx);
    if (!gone.length) return 0;
    const keys = [...new Set(gone.flatMap((file) => [file.sha256, file.normalized ?? file.sha256]))];
    const unnamed = (key: RawBuilder<unknown>) => sql`not exists (select 1 from ${sql.table(FILE_TABLE)} f
      where f.sha256 = ${key} or f.normalized_sha256 = ${key})`;
    const { rows: thumbs } = await sql<{ key: string }>`
      delete from file_thumbnail t where t.source_sha256 = any(${keys}::text[]) and ${unnamed(sql`t.source_sha256`)}
      returning t.thumb_sha256 as key`.execute(trx);
    // Content another file or thumbnail still names stays (the same document uploaded twice).
    const { rows: orphaned } = await sql<{ key: string }>`
      select k as key from unnest(${[...keys, ...thumbs.map((row) => row.key)]}::text[]) k
       where ${unnamed(sql`k`)} and not exists (select 1 from file_thumbnail t where t.thumb_sha256 = k)
       group by k`.execute(trx);
    // Last, so a failure before leaves rows and bytes as they were; the commit of deletes follows.
    for (const { key } of orphaned) await storage.remove(key);
    return gone.length;
  });
}
