import { COLUMN_WIDTHS } from '../entity/columnWidth.ts';
import type { FieldDef } from '../entity/types.ts';
import { defineEntity } from './define.ts';
import {
  attachmentsField,
  auditFields,
  type Built,
  booleanField,
  dateField,
  decimalField,
  type Extra,
  enumField,
  lastSyncAtField,
  owningBranchField,
  refField,
  sortBy,
  stringField,
} from './fields.ts';
import { entityHeads } from './heads.ts';
import { returnedDeliveryOrders } from './options.ts';

/** Sales documents from the ERP (or typed in): sales orders, booking orders, delivery orders. */

/** The document number people and the ERP name a document by; `extra` may make it the server's. */
export function docNoField(): Built<'docNo', 'string', { required: true }>;
export function docNoField<const X extends Extra>(extra: X): Built<'docNo', 'string', X>;
export function docNoField(extra: Extra = {}): FieldDef {
  return stringField('docNo', 'เลขที่เอกสาร', {
    required: true,
    unique: true,
    searchable: true,
    maxLength: 50,
    listWidth: COLUMN_WIDTHS.docNo,
    ...extra,
  });
}

const docTypeField = stringField('docType', 'ประเภทเอกสาร', {
  maxLength: 10,
  typeNote: 'รหัสประเภทเอกสารจาก ERP เป็นข้อความ',
});

export const soStatusOptions = [
  { value: 'OPEN', label: 'รอดำเนินการ' },
  { value: 'PARTIAL', label: 'ส่งบางส่วน' },
  { value: 'COMPLETED', label: 'เสร็จสิ้น' },
  { value: 'CANCELED', label: 'ยกเลิก' },
] as const;

export const boStatusOptions = [
  { value: 'OPEN', label: 'เปิด' },
  { value: 'CONFIRMED', label: 'ยืนยันแล้ว' },
  { value: 'CANCELED', label: 'ยกเลิก' },
] as const;

const statusNote = 'สเปกไม่แสดงค่าสถานะ: เลือกชุดที่ผู้วางแผนคาดหวัง';

export const so = defineEntity({
  ...entityHeads.so,
  fields: [
    enumField('status', 'สถานะ', soStatusOptions, { required: true, typeNote: statusNote }),
    docNoField(),
    dateField('docDate', 'วันที่เอกสาร', { required: true }),
    docTypeField,
    refField('customerId', 'ลูกค้า', { required: true }),
    owningBranchField(),
    lastSyncAtField(),
    ...auditFields(),
  ],
  listColumns: ['docNo', 'docDate', 'docType', 'customerId', 'status'],
  defaultSort: [sortBy('docDate', 'desc'), sortBy('docNo', 'desc')],
  labelFields: ['docNo'],
});

export const bo = defineEntity({
  ...entityHeads.bo,
  fields: [
    enumField('status', 'สถานะ', boStatusOptions, { required: true, typeNote: statusNote }),
    docNoField(),
    dateField('docDate', 'วันที่เอกสาร', { required: true }),
    docTypeField,
    refField('customerId', 'ลูกค้า', { required: true }),
    owningBranchField(),
    refField('soId', 'ใบสั่งขาย SO'),
    ...auditFields(),
  ],
  listColumns: ['docNo', 'docDate', 'docType', 'customerId', 'soId', 'status'],
  defaultSort: [sortBy('docDate', 'desc'), sortBy('docNo', 'desc')],
  labelFields: ['docNo'],
});

const erpDayNote = 'วันที่ของ DO จาก ERP เป็นวัน (การจองคิดเป็นวัน) แม้ชื่อจะลงท้ายด้วย At';

export const deliveryOrderFields = [
  docNoField(),
  dateField('pickAt', 'วันที่หยิบสินค้า', { typeNote: erpDayNote }),
  dateField('planAt', 'วันที่วางแผน', { typeNote: erpDayNote }),
  dateField('loadAt', 'วันที่ขึ้นสินค้า', { typeNote: erpDayNote }),
  dateField('deliveryAt', 'วันที่ส่งสินค้า', { typeNote: erpDayNote }),
  decimalField('qty', 'จำนวน', {
    min: 0,
    scale: 3,
    typeNote: 'ไม่มีในสเปก: การจองแบ่ง DO เป็นหน่วยเต็มของหน่วยนับ (booking.md)',
  }),
  decimalField('weight', 'น้ำหนัก', {
    required: true,
    min: 0,
    scale: 3,
    quantity: 'weight',
    typeNote: 'ในหน่วย weightUnit (ปกติ KG)',
  }),
  stringField('weightUnit', 'หน่วยน้ำหนัก', { maxLength: 10, format: 'unit' }),
  decimalField('volume', 'ปริมาตร', {
    required: true,
    min: 0,
    scale: 3,
    quantity: 'volume',
    typeNote: 'ในหน่วย volumeUnit (ปกติ M3)',
  }),
  stringField('volumeUnit', 'หน่วยปริมาตร', { maxLength: 10, format: 'unit' }),
  booleanField('isBooking', 'จองแล้ว', {
    readOnly: true,
    typeNote: 'ตั้งค่าโดยการยืนยัน/ยกเลิกการจองเท่านั้น (booking.md)',
  }),
  // Narrower than a reference's usual: the DO's first columns, weight and "booked" fit at 1366 px.
  refField('customerId', 'ลูกค้า', { required: true, listWidth: 160 }),
  owningBranchField(),
  refField('siteId', 'ไซต์ส่งสินค้า', {
    ref: 'branch',
    hiddenInList: true,
    typeNote: 'site ของ ERP คือสาขา/ศูนย์ที่สินค้าออก จึงอ้างอิงสาขา',
  }),
  refField('slocId', 'คลังสินค้า', {
    ref: 'warehouse',
    hiddenInList: true,
    typeNote: 'sloc ของ ERP (ที่เก็บสินค้า) คือคลังสินค้า',
  }),
  refField('articleUomId', 'สินค้า', {
    ref: 'article',
    typeNote: 'articleUomLabel คือสินค้าในหน่วยนับของมัน: อ้างอิงสินค้า ซึ่งกฎการจองต้องใช้',
  }),
  refField('shipCondId', 'Ship Cond', { required: true }),
  refField('soShipToId', 'สถานที่ส่งสินค้า (SO)', { ref: 'shipTo', listWidth: 160 }),
  refField('boShipToId', 'สถานที่ส่งสินค้า (BO)', { ref: 'shipTo', hiddenInList: true }),
];

export const deliveryOrder = defineEntity({
  ...entityHeads.deliveryOrder,
  // lastSyncAt is the delivery order's own, not the report's: the report view keeps its columns.
  fields: [
    ...deliveryOrderFields,
    lastSyncAtField(),
    attachmentsField('เอกสารแนบ (PO, ใบส่งของ)'),
    decimalField('deliveredQty', 'จำนวนที่ส่งแล้ว', {
      readOnly: true,
      hiddenInList: true,
      min: 0,
      scale: 3,
      typeNote: 'ไม่มีในสเปก: รวมจากการส่งที่บันทึกจากโทรศัพท์คนขับ (docs/delivery.md); การจองใหม่จองเฉพาะจำนวนที่เหลือ',
    }),
  ],
  // What the planner scans: which DO, for when, for whom and where, how heavy, booked or not (issue 43).
  listColumns: ['docNo', 'deliveryAt', 'customerId', 'soShipToId', 'weight', 'volume', 'isBooking'],
  defaultSort: [sortBy('deliveryAt', 'desc'), sortBy('docNo', 'desc')],
  labelFields: ['docNo'],
  namedFilters: [returnedDeliveryOrders],
  // A failed or partial delivery sends the DO back to be booked again (delivery/settle.ts).
  historyNotes: {
    returned: { label: 'ส่งกลับมาให้จองใหม่' },
    qtyToBook: { label: 'จำนวนที่ต้องจองส่งใหม่' },
  },
});

export const deliveryOrderReport = defineEntity({
  ...entityHeads.deliveryOrderReport,
  fields: [
    ...deliveryOrderFields,
    refField('bookingReportId', 'การจอง', { hiddenInList: true }),
    dateField('deliveryDate', 'วันที่นัดส่ง', { typeNote: 'วันส่งของบรรทัดการจองที่รับ DO นี้' }),
  ].map((field) => ({ ...field, readOnly: true })),
  listColumns: ['docNo', 'customerId', 'deliveryAt', 'deliveryDate', 'weight', 'volume', 'isBooking'],
  defaultSort: [sortBy('deliveryAt', 'desc'), sortBy('docNo', 'desc')],
  labelFields: ['docNo'],
  storage: 'view',
});
