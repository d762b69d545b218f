import { entities } from '../entities/index.ts';
import { phrase } from '../text/phrase.ts';

/**
 * What an ERP integration key may do (issue 18). A key acts with exactly its branches and its
 * permission group's roles, on entity records only: never on the entities declared
 * `closedToApiKeys` (users, permission groups), never on account, booking or admin calls,
 * whatever roles its group holds.
 */
export const entitiesNoApiKeyReaches: ReadonlySet<string> = new Set(
  entities.filter((entity) => entity.closedToApiKeys).map((entity) => entity.name),
);

/** Whether a route guarded by `access` is open to an API key at all (its roles are checked after). */
export function apiKeyMayUse(access: object): boolean {
  return (
    'entity' in access && typeof access.entity === 'string' && !entitiesNoApiKeyReaches.has(access.entity)
  );
}

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
