/**
 * A stop's outcome and a trip's state options, declared here (re-exported by api/delivery.ts) so the stop list's
 * declaration (deliveryStops.ts), which the shell loads with every entity, does not bring the
 * delivery API's schemas with it.
 */

/** Why a stop was not delivered: the driver picks one (OTHER takes a text). */
export const failureReasonOptions = [
  { value: 'CUSTOMER_ABSENT', label: 'ไม่พบผู้รับ' },
  { value: 'REFUSED', label: 'ลูกค้าปฏิเสธการรับสินค้า' },
  { value: 'WRONG_ADDRESS', label: 'ที่อยู่ไม่ถูกต้อง' },
  { value: 'GOODS_DAMAGED', label: 'สินค้าเสียหาย' },
  { value: 'NO_ACCESS', label: 'เข้าพื้นที่ส่งไม่ได้' },
  { value: 'OUT_OF_TIME', label: 'ส่งไม่ทันเวลา' },
  { value: 'OTHER', label: 'อื่น ๆ' },
] as const;
export type FailureReason = (typeof failureReasonOptions)[number]['value'];

/** Where a stop stands. */
export const stopStatusOptions = [
  { value: 'PENDING', label: 'รอส่ง' },
  { value: 'ARRIVED', label: 'ถึงจุดส่งแล้ว' },
  { value: 'DELIVERED', label: 'ส่งครบแล้ว' },
  { value: 'PARTIAL', label: 'ส่งได้บางส่วน' },
  { value: 'FAILED', label: 'ส่งไม่สำเร็จ' },
] as const;
export type StopStatus = (typeof stopStatusOptions)[number]['value'];

/** Where a trip stands: planned (nothing recorded yet), running, done (every stop left). */
export const tripStatusOptions = [
  { value: 'PLANNED', label: 'ยังไม่ออกเดินทาง' },
  { value: 'RUNNING', label: 'กำลังส่ง' },
  { value: 'DONE', label: 'ส่งครบทุกจุดแล้ว' },
] as const;
export type TripStatus = (typeof tripStatusOptions)[number]['value'];

/**
 * A trip on a day that is not its own: the day before's, still under way (a night shift past
 * midnight, a truck still out). The board and the driver's phone say so beside its times.
 */
export const tripOfDay = (date: string) => `เที่ยวรถของวันที่ ${date} ยังไม่จบ`;
