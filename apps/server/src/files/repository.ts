import type { Database, Executor } from '../db/database.ts';
import type { FileKind, ThumbFit } from './limits.ts';

export interface StoredFile {
  readonly id: string;
  readonly origName: string;
  readonly contentType: string;
  readonly size: number;
  readonly sha256: string;
  readonly kind: FileKind;
  /** A BMP's normalized PNG in the storage (thumbnails read it); null for other files. */
  readonly normalizedSha256: string | null;
}

export type NewFile = Omit<StoredFile, 'id'>;

/** Records the files of one upload together: all of them or none. */
export async function insertFiles(
  db: Executor,
  files: readonly NewFile[],
  /** null: no user (a driver's trip link). */
  userId: string | null,
): Promise<string[]> {
  if (!files.length) return [];
  const inserted = await db
    .insertInto('stored_file')
    .values(
      files.map((f) => ({
        orig_name: f.origName,
        content_type: f.contentType,
        size: f.size,
        sha256: f.sha256,
        kind: f.kind,
        normalized_sha256: f.normalizedSha256,
        created_by: userId,
      })),
    )
    .returning('id')
    .execute();
  return inserted.map((r) => r.id);
}

/** Records a normalized image made after the upload, for every file of that content. */
export async function saveNormalized(db: Database, sha256: string, normalizedSha256: string): Promise<void> {
  await db
    .updateTable('stored_file')
    .set({ normalized_sha256: normalizedSha256 })
    .where('sha256', '=', sha256)
    .where('normalized_sha256', 'is', null)
    .execute();
}

export interface ThumbKey {
  readonly sourceSha256: string;
  readonly width: number;
  readonly height: number;
  readonly fit: ThumbFit;
}

export async function findThumbnail(db: Database, key: ThumbKey): Promise<string | undefined> {
  const row = await db
    .selectFrom('file_thumbnail')
    .select('thumb_sha256')
    .where('source_sha256', '=', key.sourceSha256)
    .where('width', '=', key.width)
    .where('height', '=', key.height)
    .where('fit', '=', key.fit)
    .executeTakeFirst();
  return row?.thumb_sha256;
}

export async function saveThumbnail(
  db: Database,
  key: ThumbKey,
  thumbSha256: string,
  contentType: string,
): Promise<void> {
  // Another instance may have made the same thumbnail meanwhile (either is right); a record
  // whose bytes went missing from the store is repointed at the fresh ones.
  await db
    .insertInto('file_thumbnail')
    .values({
      source_sha256: key.sourceSha256,
      width: key.width,
      height: key.height,
      fit: key.fit,
      thumb_sha256: thumbSha256,
      content_type: contentType,
    })
    .onConflict((oc) =>
      oc.columns(['source_sha256', 'width', 'height', 'fit']).doUpdateSet((eb) => ({
        thumb_sha256: eb.ref('excluded.thumb_sha256'),
        content_type: eb.ref('excluded.content_type'),
      })),
    )
    .execute();
}
