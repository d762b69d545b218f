import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
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
  db: Database,
  files: readonly NewFile[],
  userId: string,
): Promise<string[]> {
  if (!files.length) return [];
  const rows = files.map(
    (f) =>
      sql`(${f.origName}, ${f.contentType}, ${f.size}, ${f.sha256}, ${f.kind}, ${f.normalizedSha256}, ${userId})`,
  );
  const { rows: inserted } = await sql<{ id: string }>`
    insert into stored_file (orig_name, content_type, size, sha256, kind, normalized_sha256, created_by)
    values ${sql.join(rows)} returning id`.execute(db);
  return inserted.map((r) => r.id);
}

export async function findFile(db: Database, id: string): Promise<StoredFile | undefined> {
  const { rows } = await sql<StoredFile>`
    select id, orig_name as "origName", content_type as "contentType", size, sha256, kind,
      normalized_sha256 as "normalizedSha256"
    from stored_file where id = ${id}`.execute(db);
  return rows[0];
}

/** Records a normalized image made after the upload, for every file of that content. */
export async function saveNormalized(db: Database, sha256: string, normalizedSha256: string): Promise<void> {
  await sql`update stored_file set normalized_sha256 = ${normalizedSha256}
    where sha256 = ${sha256} and normalized_sha256 is null`.execute(db);
}

export interface ThumbKey {
  readonly sourceSha256: string;
  readonly width: number;
  readonly height: number;
  readonly fit: ThumbFit;
}

export async function findThumbnail(db: Database, key: ThumbKey): Promise<string | undefined> {
  const { rows } = await sql<{ thumb: string }>`
    select thumb_sha256 as thumb from file_thumbnail
    where source_sha256 = ${key.sourceSha256} and width = ${key.width}
      and height = ${key.height} and fit = ${key.fit}`.execute(db);
  return rows[0]?.thumb;
}

export async function saveThumbnail(
  db: Database,
  key: ThumbKey,
  thumbSha256: string,
  contentType: string,
): Promise<void> {
  // Another instance may have made the same thumbnail meanwhile (either is right); a record
  // whose bytes went missing from the store is repointed at the fresh ones.
  await sql`insert into file_thumbnail (source_sha256, width, height, fit, thumb_sha256, content_type)
    values (${key.sourceSha256}, ${key.width}, ${key.height}, ${key.fit}, ${thumbSha256}, ${contentType})
    on conflict (source_sha256, width, height, fit)
    do update set thumb_sha256 = excluded.thumb_sha256, content_type = excluded.content_type`.execute(db);
}
