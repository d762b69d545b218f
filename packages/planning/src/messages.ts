import type { UnassignedReason } from './problem.ts';

/** Why a job stayed off every trip, in the dispatcher's words. */
export const UNASSIGNED_MESSAGES: Readonly<Record<UnassignedReason, string>> = {
  NO_VEHICLE: 'ไม่มีรถที่บรรทุกได้ (ประเภทรถหรือความจุไม่พอ แม้บรรทุกคันเดียว)',
  TIME_WINDOW: 'ไปถึงไม่ทันเวลาส่งหรือเกินเวลาของกะ แม้ส่งเป็นจุดเดียวของรถ',
  TOGETHER: 'สินค้าที่แยกส่งไม่ได้ต้องไปรถคันเดียวกันและจุดส่งเดียวกัน แต่ไม่ลงตัว',
  PROHIBITED: 'มีสินค้าที่ห้ามไปด้วยกันอยู่ในรายการเดียวกัน',
  FLEET_FULL: 'รถทุกคันเต็มหรือไม่ทันเวลาเมื่อรวมกับจุดส่งอื่นแล้ว',
};
