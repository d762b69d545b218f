import { entityHeadList } from '../entities/heads.ts';
import type { EntityName } from '../entity/names.ts';
import type { EntityDef } from '../entity/types.ts';
import { phrase } from '../text/phrase.ts';

/**
 * What an ERP integration key may do (issue 18, docs/security.md "Key policy"). A key acts with
 * exactly its branches and its permission group's roles, on the routes that declare themselves
 * open to keys: never on the entities declared `closedToApiKeys` (users, permission groups),
 * never on account, booking, document or admin calls, whatever roles its group holds.
 */
export const entitiesNoApiKeyReaches: ReadonlySet<string> = new Set(
  entityHeadList.filter((entity) => entity.closedToApiKeys).map((entity) => entity.name),
);

/** The entity whose records are the branches themselves: a key's branch ids are ids of its records. */
const BRANCH_ENTITY: EntityName = 'branch';

/**
 * Whether a key reaches this generic record route of an entity: reading and writing its records.
 * Export, import and bulk actions are the screens' tools, not the ERP's. A key never creates or
 * deletes a branch: a new one would be none of its branches, and a branch is the company's set-up.
 */
export function apiKeyReaches(entity: EntityDef, action: 'read' | 'create' | 'update' | 'delete'): boolean {
  if (entitiesNoApiKeyReaches.has(entity.name)) return false;
  return entity.name !== BRANCH_ENTITY || action === 'read' || action === 'update';
}

/**
 * The records of an entity a key of these branches is limited to, where the entity itself limits
 * them: of the branch entity, its own branches' records, as if each were owned by its branch (another
 * branch's answers as a missing one). Undefined elsewhere: branch-owned rows are limited by the
 * acting branch, shared master data not at all.
 */
export const apiKeyRecordsOf = (entity: EntityDef, keyBranchIds: readonly string[]) =>
  entity.name === BRANCH_ENTITY ? keyBranchIds : undefined;

/**
 * Delivery-order fields a sync may not change once the order is booked: a confirmed booking was
 * checked against them (capacity, ship-to, ship cond), so a change would silently invalidate it.
 */
export const fieldsFrozenByBooking = ['weight', 'volume', 'soShipToId', 'boShipToId', 'shipCondId'] as const;

export const INTEGRATION_MESSAGES = {
  apiKeyNotAllowed: 'คีย์ API ใช้กับรายการนี้ไม่ได้',
  apiKeyInvalid: 'คีย์ API ไม่ถูกต้องหรือถูกยกเลิกแล้ว',
  bookedOrder: (booking: string, fields: readonly string[]) =>
    `ใบส่งสินค้านี้ถูกจองแล้วในการจอง ${booking} จึงแก้ไข ${fields.join(', ')} ผ่านการซิงค์ไม่ได้ กรุณายกเลิกการจองก่อน`,
  tooManyRecords: (max: number) => `ส่งได้ไม่เกิน ${max.toLocaleString('en-US')} รายการต่อครั้ง`,
  noRecords: 'กรุณาส่งรายการใน records อย่างน้อย 1 รายการ',
  recordNotObject: 'แต่ละรายการต้องเป็นออบเจกต์',
  keyMismatch: (label: string) => phrase(label, 'ในข้อมูลไม่ตรงกับที่ระบุในที่อยู่'),
  duplicateKey: (label: string, row: number) => phrase(label, `ซ้ำกับรายการที่ ${row}`),
  validOnlyInvalid: 'validOnly ต้องเป็น true หรือ false',
  bulkRefused: (failed: number) => `ไม่ได้บันทึกรายการใดเลย: ${failed} รายการไม่ถูกต้อง`,
  idempotencyMismatch: 'Idempotency-Key นี้ถูกใช้กับคำขออื่นแล้ว กรุณาใช้คีย์ใหม่สำหรับข้อมูลที่ต่างกัน',
  idempotencyKeyInvalid: 'Idempotency-Key ต้องยาว 1–255 ตัวอักษร',
} as const;
