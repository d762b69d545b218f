import { type Expression, expressionBuilder, sql } from 'kysely';
import type { Database, Tx } from '../db/database.ts';
import type { DB } from '../db/schema.generated.ts';
import { advisoryLock } from '../db/signals.ts';
import { fileHolders, heldFiles } from './holders.ts';
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
const FILES_LOCK = 'lms:file-store';

/** No file row names this content, as its bytes or as its normalized image. */
function unnamed(key: Expression<string>) {
  const eb = expressionBuilder<DB>();
  return eb.not(
    eb.exists(
      eb
        .selectFrom('stored_file as f')
        .select('f.id')
        .where((w) => w.or([w('f.sha256', '=', key), w('f.normalized_sha256', '=', key)])),
    ),
  );
}

/** Commits an upload's staged bytes and records its files, never in the middle of a sweep. */
export async function keepUpload(
  db: Database,
  upload: { readonly files: readonly NewFile[]; commit(): Promise<void> },
  userId: string | null,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await advisoryLock(trx, FILES_LOCK, 'shared');
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
    await advisoryLock(trx, FILES_LOCK, 'exclusive');
    const gone = await deleteUnlinkedFiles(trx, graceHours);
    if (!gone.length) return 0;
    const keys = [...new Set(gone.flatMap((file) => [file.sha256, file.normalized_sha256 ?? file.sha256]))];
    const thumbs = await trx
      .deleteFrom('file_thumbnail as t')
      .where((eb) =>
        eb.and([eb('t.source_sha256', '=', eb.fn.any(eb.val(keys))), unnamed(eb.ref('t.source_sha256'))]),
      )
      .returning('t.thumb_sha256')
      .execute();
    // Content another file or thumbnail still names stays (the same document uploaded twice).
    const orphaned = await trx
      .selectFrom(
        sql<{ k: string }>`unnest(${[...keys, ...thumbs.map((row) => row.thumb_sha256)]}::text[])`.as('k'),
      )
      .select('k.k as key')
      .where((eb) =>
        eb.and([
          unnamed(eb.ref('k.k')),
          eb.not(
            eb.exists(
              eb
                .selectFrom('file_thumbnail as t')
                .select('t.thumb_sha256')
                .whereRef('t.thumb_sha256', '=', 'k.k'),
            ),
          ),
        ]),
      )
      .groupBy('k.k')
      .execute();
    // Last, so a failure before leaves rows and bytes as they were; the commit of deletes follows.
    for (const { key } of orphaned) await storage.remove(key);
    return gone.length;
  });
}

/** Deletes the file rows older than the grace period that no record names; answers their contents. */
function deleteUnlinkedFiles(trx: Tx, graceHours: number) {
  return trx
    .deleteFrom('stored_file as f')
    .where('f.created_at', '<', sql<Date>`now() - make_interval(hours => ${graceHours})`)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(heldFiles(fileHolders.map((h) => h.rows)).as('r'))
            .select('r.id')
            .whereRef('r.id', '=', 'f.id'),
        ),
      ),
    )
    .returning(['f.sha256', 'f.normalized_sha256'])
    .execute();
}
