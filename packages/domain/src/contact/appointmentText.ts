import { formatDate } from '../rules/dateFormat.ts';
import { shiftLabel } from '../rules/truckBan.ts';

/**
 * The Thai words of the customer's appointment page (docs/contact.md, docs/delivery.md "What a
 * customer sees"), in one place: the page's HTML (`appointmentHtml.ts`), the server's answers to its
 * forms (apps/server/src/customerPage/appointmentPage.ts) and their tests.
 */
export const appointmentText = {
  title: 'นัดส่งสินค้า',
  orders: 'ใบส่งสินค้า',
  day: 'วันที่ส่ง',
  shift: 'ช่วงเวลา',
  time: 'เวลานัด',
  branch: 'สาขา',
  confirm: 'ยืนยันนัดนี้',
  move: 'ขอเลื่อนนัด',
  confirmed: 'ยืนยันนัดแล้ว ขอบคุณค่ะ',
  chooseSlot: 'เลือกวันและช่วงเวลาใหม่',
  noOptions: 'ไม่มีช่วงเวลาอื่นที่ว่าง กรุณาโทรหาสาขา',
  cancelMove: 'ไม่เลื่อน',
  moved: 'เลื่อนนัดแล้ว',
  notFound: 'ไม่พบนัดส่งสินค้านี้ กรุณาตรวจสอบลิงก์ที่ได้รับ',
  error: 'เกิดข้อผิดพลาด กรุณาลองใหม่อีกครั้ง',
  /** A form posted from another site (the page's forms post to itself only). */
  otherSite: 'คำขอนี้ไม่ได้มาจากหน้านัดส่งสินค้า จึงไม่ได้ดำเนินการ กรุณาเปิดลิงก์ที่ได้รับอีกครั้ง',
  /** A move's form without one of the offered choices. */
  chooseFromList: 'กรุณาเลือกวันและช่วงเวลาใหม่จากรายการ',
  /** Rebooking what a delivery sent back (docs/delivery.md "The customer chooses a new slot"). */
  rebookTitle: 'เลือกวันนัดส่งใหม่',
  rebookOrders: 'สินค้าที่รอนัดส่งใหม่',
  rebookWhyNot: 'วันที่ยังส่งไม่ได้',
  /** In place of "the branch will call" on a failed delivery whose link offers new days. */
  rebookBelow: 'เลือกวันนัดส่งใหม่ได้ด้านล่าง หรือรอสาขาติดต่อกลับ',
  /** On the new booking's page, after the customer chose. */
  rebooked: 'จองนัดส่งใหม่แล้ว นี่คือนัดใหม่ของคุณ',
  /**
   * Why the booking may not be moved by the link, in the customer's words (rules PLANNED and
   * CLOSED, docs/booking.md): its shift and day in the company's era, no truck or shipment number
   * and nothing the branch must do first (the staff's own words say that).
   */
  cannotMove: (rule: 'PLANNED' | 'CLOSED', shift: string, date: string, buddhistEra: boolean) =>
    `${shiftLabel(shift)} ${formatDate(date, { buddhistEra })} ${
      rule === 'PLANNED' ? 'จัดรถส่งแล้ว' : 'รถเข้ารับสินค้าแล้ว'
    } จึงเลื่อนนัดทางลิงก์นี้ไม่ได้ หากต้องการเลื่อน กรุณาโทรหาสาขา`,
  /** A choice whose shift closed since it was offered (its truck came in): the customer picks another. */
  closedInto: (shift: string, date: string, buddhistEra: boolean) =>
    `${shiftLabel(shift)} ${formatDate(date, { buddhistEra })} รถเข้ารับสินค้าแล้ว จึงเลื่อนไปช่วงเวลานี้ไม่ได้ กรุณาเลือกช่วงเวลาอื่น`,
  call: (phone: string) => `โทรหาสาขา ${phone}`,
  shiftOf: (a: { readonly shiftName: string; readonly shiftStart: string; readonly shiftEnd: string }) =>
    `${a.shiftName} (${a.shiftStart}–${a.shiftEnd} น.)`,
  timeOf: (time: string) => `${time} น.`,
} as const;

/** Thai text of the delivery's state on the customer's page (docs/delivery.md "What a customer sees"). */
export const deliveryStatusText = {
  title: 'สถานะการส่งสินค้า',
  error: 'ยังแสดงสถานะการส่งสินค้าไม่ได้ในขณะนี้',
  planned: (time: string) => `นัดส่งประมาณ ${time} น.`,
  onTheWay: (before: number, eta: string | null) =>
    `${before === 0 ? 'คุณเป็นจุดถัดไป' : `อีก ${before} จุดก่อนถึงคุณ`}${eta ? ` · คาดว่าจะถึงประมาณ ${eta} น.` : ''}`,
  arrived: 'รถถึงจุดส่งของคุณแล้ว',
  deliveredAt: (time: string) => `ส่งเมื่อ ${time} น.`,
  recipient: (name: string) => `ผู้รับสินค้า ${name}`,
  ordered: (docNo: string, qty: number, delivered: number | null) =>
    delivered === null || delivered === qty
      ? `${docNo}: ${qty.toLocaleString('th-TH')}`
      : `${docNo}: ส่งแล้ว ${delivered.toLocaleString('th-TH')} จาก ${qty.toLocaleString('th-TH')}`,
  reason: (label: string) => `สาเหตุ: ${label}`,
} as const;
