import type { NamedFilterDef } from '../entity/types.ts';

/**
 * Value lists, filters and the shipment's stages of the declarations that code with no declaration
 * reads too (the API contract's schemas, the home, the driver's app). A module of its own because a bundle puts a whole module in one
 * chunk: were they beside their declarations, whatever imports a list (the staff shell, through the
 * API contract) would load those declarations with every field (issue 41, docs/performance.md).
 */

export const bookingStatusOptions = [
  { value: 'CONFIRMED', label: 'ยืนยันแล้ว' },
  { value: 'CANCELED', label: 'ยกเลิกแล้ว' },
] as const;

/** Has the customer been called to confirm the appointment (booking.md)? */
export const callStatusOptions = [
  { value: 'NOT_CALLED', label: 'ยังไม่ได้โทร' },
  { value: 'CALLED', label: 'โทรนัดแล้ว' },
  { value: 'UNREACHABLE', label: 'ติดต่อไม่ได้' },
  // Set by the customer through the appointment link (docs/contact.md), never by a planner's call.
  { value: 'CONFIRMED_BY_CUSTOMER', label: 'ลูกค้ายืนยันเอง' },
] as const;

/**
 * Where the customer messages of a booking stand (docs/contact.md), derived by the database from
 * the outbox and the call status: the customer's own act first, else the newest message's send.
 * No value: nothing was sent (no provider, or a ship-to without phone or LINE).
 */
export const messageStateOptions = [
  { value: 'QUEUED', label: 'รอส่งข้อความ' },
  { value: 'SENT', label: 'ส่งข้อความแล้ว' },
  { value: 'FAILED', label: 'ส่งข้อความไม่สำเร็จ' },
  { value: 'CONFIRMED', label: 'ลูกค้ายืนยันแล้ว' },
  { value: 'MOVED', label: 'ลูกค้าเลื่อนนัด' },
] as const;
export type MessageState = (typeof messageStateOptions)[number]['value'];

/** Utilization bands shown as a colour and a Thai label (booking.md). */
export const utilizationStatusOptions = [
  { value: 'AVAILABLE', label: 'ว่าง' },
  { value: 'NORMAL', label: 'ปกติ' },
  { value: 'NEARLY_FULL', label: 'ใกล้เต็ม' },
  { value: 'FULL', label: 'เต็ม' },
] as const;

/** The DO list's named filter of the orders back to be booked again (the home links to it by its label). */
export const returnedDeliveryOrders: NamedFilterDef = {
  param: 'returned',
  label: 'ส่งไม่สำเร็จ รอจองใหม่',
  description: 'ใบส่งสินค้าที่ส่งไม่สำเร็จหรือส่งได้บางส่วน กลับมารอจองใหม่ และยังไม่ได้จองใหม่',
};

/** Which proof of delivery a stop needs (docs/delivery.md): a ship-to's setting overrides its customer's. */
export const proofRequirementOptions = [
  { value: 'SIGNATURE', label: 'ลายเซ็น' },
  { value: 'PHOTO', label: 'รูปถ่าย' },
  { value: 'BOTH', label: 'ลายเซ็นและรูปถ่าย' },
] as const;
export type ProofRequirement = (typeof proofRequirementOptions)[number]['value'];

/** The stages of a trip, in the order they happen. */
export const shipmentStages = [
  { key: 'CheckIn', label: 'เช็คอิน' },
  { key: 'LoadStart', label: 'เริ่มขึ้นสินค้า' },
  { key: 'LoadEnd', label: 'ขึ้นสินค้าเสร็จ' },
  { key: 'ShipCom', label: 'ปิดเอกสารขนส่ง' },
  { key: 'ShipStart', label: 'ออกเดินทาง' },
  { key: 'ShipEnd', label: 'ส่งสินค้าเสร็จ' },
] as const;

export type ShipmentStage = (typeof shipmentStages)[number]['key'];

export interface StageFieldNames<S extends ShipmentStage = ShipmentStage> {
  readonly planDate: `planDate${S}`;
  readonly planTime: `planTime${S}`;
  readonly actDate: `actDate${S}`;
  readonly actTime: `actTime${S}`;
}

/** `planDateCheckIn`, `planTimeCheckIn`, `actDateCheckIn`, `actTimeCheckIn` for stage `CheckIn`. */
export function stageFieldNames<S extends ShipmentStage>(stage: S): StageFieldNames<S> {
  return {
    planDate: `planDate${stage}`,
    planTime: `planTime${stage}`,
    actDate: `actDate${stage}`,
    actTime: `actTime${stage}`,
  };
}
