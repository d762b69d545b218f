import type { FieldDef } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import { columnOf } from '../entities/naming.ts';
import { unprocessable } from '../http/errors.ts';

const ATTACHABLE_KINDS: ReadonlySet<string> = new Set(['image', 'document']);
const IMAGE_KINDS: ReadonlySet<string> = new Set(['image']);

export const attachmentMessages = {
  wrongKind: (label: string, count: number) =>
    `${label}: แนบได้เฉพาะไฟล์ Excel, Word, PDF, JSON หรือรูปภาพ (มีไฟล์ชนิดอื่น ${count} ไฟล์)`,
  notImage: (label: string) => `${label}: ต้องเป็นไฟล์รูปภาพ`,
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
  const held = sql`select l.file_id from ${sql.table(linkTable)} l where l.owner_id = ${ownerId ?? null}`;
  await checkFiles(trx, field, ids, userId, held, ATTACHABLE_KINDS);
}

/**
 * The same rule for `file` and `image` columns: a record naming a file makes it readable to the
 * record's readers (files/access.ts), so only one's own uploads or the file already there go in.
 */
export async function checkFileColumns(
  trx: Tx,
  table: string,
  fields: readonly FieldDef[],
  values: Readonly<Record<string, unknown>>,
  ownerId: string | undefined,
  userId: string,
): Promise<void> {
  for (const field of fields) {
    const id = values[field.name];
    if ((field.type !== 'file' && field.type !== 'image') || typeof id !== 'string') continue;
    const held = sql`select t.${sql.ref(columnOf(field))} from ${sql.table(table)} t where t.id = ${ownerId ?? null}`;
    await checkFiles(trx, field, [id], userId, held, field.type === 'image' ? IMAGE_KINDS : ATTACHABLE_KINDS);
  }
}

/** `held` selects the file ids the record already has in this field. */
async function checkFiles(
  trx: Tx,
  field: FieldDef,
  ids: readonly string[],
  userId: string,
  held: RawBuilder<unknown>,
  kinds: ReadonlySet<string>,
): Promise<void> {
  if (!ids.length) return;
  const rows = await trx
    .selectFrom('stored_file as f')
    .select(['f.id', 'f.kind'])
    .where((eb) => eb('f.id', '=', eb.fn.any(eb.val(ids))))
    .where((eb) => eb.or([eb('f.created_by', '=', userId), sql<boolean>`f.id in (${held})`]))
    .execute();
  const usable = new Map(rows.map((r) => [r.id, r.kind]));
  const missing = ids.filter((id) => !usable.has(id)).length;
  if (missing) throw unprocessable({ [field.name]: attachmentMessages.notUsable(field.label, missing) });
  // Spec §5's document and image types (sniffed at upload): a zip or an unknown file is not attached.
  const other = ids.filter((id) => !kinds.has(usable.get(id) ?? '')).length;
  if (!other) return;
  const message =
    kinds === IMAGE_KINDS
      ? attachmentMessages.notImage(field.label)
      : attachmentMessages.wrongKind(field.label, other);
  throw unprocessable({ [field.name]: message });
}
