import type { FieldDef } from '@lms/domain';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import { unprocessable } from '../http/errors.ts';

const ATTACHABLE_KINDS = new Set(['image', 'document']);

export const attachmentMessages = {
  wrongKind: (label: string, count: number) =>
    `${label}: แนบได้เฉพาะไฟล์ Excel, Word, PDF, JSON หรือรูปภาพ (มีไฟล์ชนิดอื่น ${count} ไฟล์)`,
  /** A file id nobody uploaded, or one the user has no business attaching. */
  notUsable: (label: string, count: number) =>
    `${label}: ไม่พบไฟล์ที่แนบ ${count} ไฟล์ กรุณาอัปโหลดไฟล์ใหม่แล้วลองอีกครั้ง`,
};

/**
 * The files a write may attach: ones the acting user uploaded, and ones the record already has
 * (kept when someone else edits it). Any other id — made up, or another user's upload seen
 * somewhere — is refused, so attaching cannot reach files the user was never given. Called
 * inside the write's transaction, before the links change (the file rows are never locked:
 * uploads are never updated, and the links' foreign key refuses a file deleted meanwhile).
 */
export async function checkAttachments(
  trx: Tx,
  field: FieldDef,
  linkTable: string,
  ownerId: string | undefined,
  ids: readonly string[],
  userId: string,
): Promise<void> {
  if (!ids.length) return;
  const rows = await trx
    .selectFrom('stored_file as f')
    .select(['f.id', 'f.kind'])
    .where((eb) => eb('f.id', '=', eb.fn.any(eb.val(ids))))
    .where((eb) =>
      eb.or([
        eb('f.created_by', '=', userId),
        // The entity's attachment table, named by its declaration.
        eb.exists(
          sql`(select 1 from ${sql.table(linkTable)} l where l.owner_id = ${ownerId ?? null} and l.file_id = f.id)`,
        ),
      ]),
    )
    .execute();
  const usable = new Map(rows.map((r) => [r.id, r.kind]));
  const missing = ids.filter((id) => !usable.has(id)).length;
  if (missing) throw unprocessable({ [field.name]: attachmentMessages.notUsable(field.label, missing) });
  // Spec §5's document and image types (sniffed at upload): a zip or an unknown file is not attached.
  const other = ids.filter((id) => !ATTACHABLE_KINDS.has(usable.get(id) ?? '')).length;
  if (other) throw unprocessable({ [field.name]: attachmentMessages.wrongKind(field.label, other) });
}
