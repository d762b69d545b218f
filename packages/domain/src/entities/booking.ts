import { COLUMN_WIDTHS } from '../entity/columnWidth.ts';
import type { ChildDef } from '../entity/types.ts';
import { defineEntity } from './define.ts';
import { docNoField } from './documents.ts';
import {
  attachmentsField,
  auditFields,
  dateField,
  datetimeField,
  decimalField,
  enumField,
  integerField,
  minutesField,
  owningBranchField,
  refField,
  sortBy,
  stringField,
  telField,
  textField,
  timeField,
  volumeField,
  weightField,
} from './fields.ts';
import { entityHeads } from './heads.ts';
import { bookingStatusOptions, callStatusOptions, messageStateOptions } from './options.ts';

/** The booking (the spec's "booking report"): made by confirming a DO booking, with its lines. */

const snapshotNote = 'สำเนาจากสถานที่ส่งสินค้า ณ ตอนยืนยันการจอง: แก้สถานที่ส่งภายหลังไม่เปลี่ยนค่านี้ (booking.md)';

/**
 * The ship-to as it was when the booking was confirmed (spec §3 "shipTo (name, tel, lat, lon,
 * address, subDistrictId)"): the slip and the call list read where the goods were meant to go,
 * even after the ship-to is edited. The phone is personal data like the ship-to's own.
 */
function shipToSnapshotFields() {
  const extra = { readOnly: true, hiddenInList: true, typeNote: snapshotNote } as const;
  return [
    stringField('shipToName', 'ชื่อสถานที่ส่ง (ตอนยืนยัน)', extra),
    {
      ...telField({ ...extra, personal: true }),
      name: 'shipToTel' as const,
      label: 'เบอร์โทรสถานที่ส่ง (ตอนยืนยัน)',
    },
    textField('shipToAddress', 'ที่อยู่สถานที่ส่ง (ตอนยืนยัน)', extra),
    decimalField('shipToLat', 'ละติจูดสถานที่ส่ง (ตอนยืนยัน)', { ...extra, min: -90, max: 90, scale: 6 }),
    decimalField('shipToLon', 'ลองจิจูดสถานที่ส่ง (ตอนยืนยัน)', { ...extra, min: -180, max: 180, scale: 6 }),
    refField('shipToSubDistrictId', 'ตำบล/แขวงสถานที่ส่ง (ตอนยืนยัน)', { ...extra, ref: 'subDistrict' }),
  ];
}

const computedNote = 'คำนวณโดยเครื่องมือจองตอนยืนยัน (booking.md) แก้ไขโดยตรงไม่ได้';
const slotCopyNote =
  'คัดลอกจากช่วงรถที่บรรทัดนี้ใช้ (vehicleDateSlot) โดยฐานข้อมูล ทุกครั้งที่บรรทัดได้ช่วงรถ เพื่อให้เห็นกะและประเภทรถหลังการเลื่อนนัด';
const derivedPlaceNote = 'คัดลอกจากสถานที่ส่งสินค้าตอนยืนยัน เพื่อให้รายงานไม่เปลี่ยนตามข้อมูลหลัก';

export const bookingLines: ChildDef = {
  name: 'lines',
  label: 'รายการจอง',
  fields: [
    refField('deliveryOrderId', 'ใบส่งสินค้า', { required: true }),
    refField('articleId', 'สินค้า'),
    decimalField('qty', 'จำนวน', { required: true, min: 0, scale: 3, typeNote: 'ในหน่วยนับของสินค้า' }),
    dateField('deliveryDate', 'วันที่ส่ง', { required: true }),
    // The spec's "vehicleDateSlot (shiftDate, vehicleTypeId, shiftOfDayId)" of the booking report,
    // beside the day: after a customer's move the planner sees the new shift here.
    refField('shiftOfDayId', 'กะ', { readOnly: true, typeNote: slotCopyNote, listWidth: COLUMN_WIDTHS.code }),
    refField('vehicleTypeId', 'ประเภทรถ', { readOnly: true, typeNote: slotCopyNote }),
    timeField('deliveryTime', 'เวลาส่ง'),
    minutesField('usedMinute', 'เวลาที่ใช้ (นาที)', { readOnly: true, typeNote: computedNote }),
    weightField('usedWeight', 'น้ำหนักที่ใช้ (กก.)', { readOnly: true }),
    volumeField('usedVolume', 'ปริมาตรที่ใช้ (ลบ.ม.)', { readOnly: true }),
    refField('shipCondId', 'Ship Cond', { required: true }),
    refField('slotId', 'ช่วงรถที่จอง', {
      ref: 'vehicleDateSlot',
      required: true,
      typeNote: 'แถวจำนวนรถตามวัน (shiftDate, ประเภทรถ, กะของวัน) ที่บรรทัดนี้ใช้ความจุ',
    }),
  ],
};

export const bookingReport = defineEntity({
  ...entityHeads.bookingReport,
  fields: [
    enumField('status', 'สถานะ', bookingStatusOptions, {
      readOnly: true,
      typeNote: 'ยืนยันแล้ว/ยกเลิกแล้ว: เปลี่ยนโดยการยืนยันและยกเลิกเท่านั้น',
    }),
    docNoField({ readOnly: true, required: false, typeNote: 'ออกเลขโดยเซิร์ฟเวอร์ตอนยืนยัน' }),
    dateField('docDate', 'วันที่เอกสาร', { readOnly: true }),
    stringField('docType', 'ประเภทเอกสาร', { maxLength: 10, hiddenInList: true }),
    dateField('deliveryDate', 'วันที่ส่ง', {
      readOnly: true,
      typeNote:
        'ไม่มีในสเปกที่หัวการจอง: วันส่งแรกของบรรทัดการจอง คำนวณโดยฐานข้อมูลทุกครั้งที่บรรทัดเปลี่ยน (ยืนยัน เลื่อนนัด ย้าย) เพื่อให้รายการเรียงและกรองตามวันส่งได้',
    }),
    enumField('callStatus', 'สถานะการโทรนัด', callStatusOptions, {
      readOnly: true,
      typeNote: 'ไม่มีในสเปกนอกจากสิทธิ์ ROLE_BOOKING_CHANGE_CALL_STATUS: เปลี่ยนผ่านคำสั่งแยกเท่านั้น',
    }),
    enumField('messageState', 'สถานะข้อความถึงลูกค้า', messageStateOptions, {
      readOnly: true,
      // Drawn as a badge (its dot, its longest label "ส่งข้อความไม่สำเร็จ").
      listWidth: 152,
      typeNote:
        'ไม่มีในสเปก: คำนวณโดยฐานข้อมูลจากกล่องข้อความขาออกและสถานะการโทรนัด (docs/contact.md) แก้ไขโดยตรงไม่ได้',
    }),
    refField('customerId', 'ลูกค้า', { required: true }),
    owningBranchField(),
    refField('shipToId', 'สถานที่ส่งสินค้า', { required: true, listWidth: COLUMN_WIDTHS.name }),
    ...shipToSnapshotFields(),
    refField('subDistrictId', 'ตำบล/แขวง', {
      readOnly: true,
      hiddenInList: true,
      typeNote: derivedPlaceNote,
    }),
    refField('districtId', 'อำเภอ/เขต', { readOnly: true, hiddenInList: true, typeNote: derivedPlaceNote }),
    refField('provinceId', 'จังหวัด', { readOnly: true, typeNote: derivedPlaceNote }),
    refField('regionId', 'ภาค', { readOnly: true, hiddenInList: true, typeNote: derivedPlaceNote }),
    stringField('country', 'ประเทศ', {
      readOnly: true,
      hiddenInList: true,
      maxLength: 2,
      typeNote: derivedPlaceNote,
    }),
    minutesField('loadMinute', 'เวลาขึ้นสินค้า (นาที)', {
      readOnly: true,
      hiddenInList: true,
      typeNote: computedNote,
    }),
    minutesField('unloadMinute', 'เวลาลงสินค้า (นาที)', {
      readOnly: true,
      hiddenInList: true,
      typeNote: computedNote,
    }),
    minutesField('waitingMinute', 'เวลารอ (นาที)', {
      readOnly: true,
      hiddenInList: true,
      typeNote: computedNote,
    }),
    minutesField('travelMinute', 'เวลาเดินทาง (นาที)', {
      readOnly: true,
      hiddenInList: true,
      typeNote: computedNote,
    }),
    decimalField('distance', 'ระยะทาง (กม.)', {
      readOnly: true,
      min: 0,
      quantity: 'distance',
      typeNote: `กิโลเมตร; ${computedNote}`,
    }),
    integerField('dayFromConfirm', 'จำนวนวันจากวันยืนยัน', {
      readOnly: true,
      typeNote: 'วันส่ง − วันยืนยัน เป็นจำนวนวันเต็ม (booking.md)',
    }),
    datetimeField('confirmedAt', 'วันที่ยืนยัน', { readOnly: true }),
    refField('confirmedBy', 'ผู้ยืนยัน', { ref: 'appUser', readOnly: true, hiddenInList: true }),
    datetimeField('canceledAt', 'วันที่ยกเลิก', { readOnly: true, hiddenInList: true }),
    refField('canceledBy', 'ผู้ยกเลิก', { ref: 'appUser', readOnly: true, hiddenInList: true }),
    attachmentsField('เอกสารแนบ'),
    ...auditFields(),
  ],
  // What the planner scans: which booking, the day, where, and whether the customer knows (issue 43).
  listColumns: ['docNo', 'deliveryDate', 'shipToId', 'status', 'callStatus', 'messageState'],
  defaultSort: [sortBy('confirmedAt', 'desc'), sortBy('docNo', 'desc')],
  labelFields: ['docNo'],
  namedFilters: [
    {
      param: 'toCall',
      label: 'ต้องโทร',
      description:
        'การจองที่ยังไม่ยกเลิก ส่งวันนี้หรือหลังจากนี้ ลูกค้ายังไม่ยืนยันหรือเลื่อนนัดเองเมื่อเลยเวลาที่สาขากำหนด และยังโทรนัดไม่ได้',
    },
  ],
  children: [bookingLines],
  // The ship-to's phone is for calling the customer: whoever may record that call sees it (issue "The day as one flow" 5).
  revealsPersonalTo: 'changeCallStatus',
  // What the booking's life writes beside its fields: the confirm, a move, a cancel, the plan
  // that took it, each tap and stop event of its truck (docs/entity-pages.md, the history tab).
  historyNotes: {
    deliveryOrders: { label: 'ใบส่งสินค้า' },
    slots: { label: 'ช่วงรถที่จอง' },
    movedBy: { label: 'เลื่อนนัดโดย' },
    rebookedFrom: { label: 'จองส่งใหม่จากการจอง' },
    reason: { label: 'เหตุผล' },
    reasonText: { label: 'รายละเอียดเหตุผล' },
    shipment: { label: 'ใบขนส่ง' },
    carPlateSnap: { label: 'ทะเบียนรถ' },
    driver: { label: 'คนขับ' },
    planned: { label: 'เช็คอินตามแผน', format: 'dateTime' },
    stage: { label: 'ขั้นตอน' },
    delivery: { label: 'การส่งสินค้า' },
    stop: { label: 'จุดส่งที่' },
    at: { label: 'เวลา', format: 'dateTime' },
    recipient: { label: 'ผู้รับสินค้า' },
    quantities: { label: 'จำนวนที่ส่งได้' },
    position: { label: 'ตำแหน่ง', format: 'position' },
  },
});
