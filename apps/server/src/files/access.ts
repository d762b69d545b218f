import { can } from '@lms/domain';
import { sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database.ts';
import { type FileHolder, fileHolders, heldFiles } from './holders.ts';
import type { FileKind } from './limits.ts';
import type { StoredFile } from './repository.ts';

/** A profile image shows wherever the app names a user (the header, the user's form): any signed-in user sees it. */
const seenByEveryone = (holder: FileHolder) =>
  holder.entity.name === 'appUser' && holder.field.name === 'profileImageId';

/** The holders' rows this reader may read: the record's read role, and its branch among the reader's (admin: all). */
function readableBy(reader: Principal) {
  const branches = sql`${[...reader.branchIds]}::uuid[]`;
  return fileHolders.flatMap((holder) => {
    if (seenByEveryone(holder)) return [holder.rows];
    if (!can(reader.roles, holder.entity.name, 'read').can) return [];
    if (!holder.entity.branchOwned || reader.isAdmin) return [holder.rows];
    return [sql`select h.id, h.branch_id from (${holder.rows}) h where h.branch_id = any(${branches})`];
  });
}

/**
 * The one check every file route reads through (docs/security.md "Files"): a file a record names is
 * readable by who may read that record, an upload no record names yet by its uploader only.
 * Anything else is not found, exactly as an unknown id, so ids do not tell that a file exists.
 */
export async function findReadableFile(
  db: Database,
  id: string,
  reader: Principal,
): Promise<StoredFile | undefined> {
  return db
    .selectFrom('stored_file as f')
    .select([
      'f.id',
      'f.orig_name as origName',
      'f.content_type as contentType',
      'f.size',
      'f.sha256',
      'f.kind',
      'f.normalized_sha256 as normalizedSha256',
    ])
    .$narrowType<{ kind: FileKind }>()
    .where('f.id', '=', id)
    .where((eb) => {
      const named = (holders: ReturnType<typeof readableBy>) =>
        eb.exists(eb.selectFrom(heldFiles(holders).as('r')).select('r.id').whereRef('r.id', '=', 'f.id'));
      return eb.or([
        named(readableBy(reader)),
        eb.and([eb('f.created_by', '=', reader.userId), eb.not(named(fileHolders.map((h) => h.rows)))]),
      ]);
    })
    .executeTakeFirst();
}
