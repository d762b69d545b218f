import { defineEntity } from './define.ts';
import {
  booleanField,
  codeField,
  dateField,
  enumField,
  nameField,
  owningBranchField,
  refField,
  stringField,
  telField,
} from './fields.ts';
import { entityHeads } from './heads.ts';
import { proofRequirementOptions } from './options.ts';

/** People and companies: customers, transport contractors, drivers. */

/** The proof-requirement field of a customer and a ship-to. */
export const proofRequirementField = (typeNote: string) =>
  enumField('proofRequirement', 'หลักฐานการส่งที่ต้องมี', proofRequirementOptions, {
    hiddenInList: true,
    typeNote,
  });

export const customer = defineEntity({
  ...entityHeads.customer,
  fields: [
    codeField(),
    nameField(),
    stringField('firstName', 'ชื่อจริง', { searchable: true }),
    stringField('lastName', 'นามสกุล', { searchable: true }),
    // A customer is often a person: their phone is personal data (PDPA, docs/privacy.md).
    telField({ personal: true }),
    proofRequirementField('ว่าง = ลายเซ็น; สถานที่ส่งสินค้าที่ตั้งไว้ใช้ค่าของสถานที่ส่ง (docs/delivery.md)'),
  ],
  listColumns: ['code', 'name', 'firstName', 'lastName', 'tel'],
});

export const contractor = defineEntity({
  ...entityHeads.contractor,
  fields: [
    codeField(),
    stringField('firstName', 'ชื่อจริง', { required: true, searchable: true }),
    stringField('lastName', 'นามสกุล', { searchable: true }),
    // Contractors are mostly people (truck owners): personal data (PDPA, docs/privacy.md).
    telField({ personal: true }),
    refField('appUserId', 'บัญชีผู้ใช้ของผู้รับเหมา', {
      hiddenInList: true,
      typeNote: 'ผู้ใช้ที่เป็นผู้รับเหมารายนี้: เห็นเฉพาะใบสรุปค่าขนส่งของตนที่อนุมัติแล้ว และเที่ยวรถในใบสรุปนั้น (docs/freight.md)',
    }),
  ],
  listColumns: ['code', 'firstName', 'lastName', 'tel'],
  // A contractor has no `name`: the label is the code and the person's name.
  labelFields: ['code', 'firstName', 'lastName'],
});

/** Thai driving licence classes: private (ส่วนบุคคล), private transport (บ.), public transport (ท.). */
export const licenseTypeOptions = [
  { value: 'PRIVATE', label: 'ส่วนบุคคล' },
  { value: 'B1', label: 'บ.1' },
  { value: 'B2', label: 'บ.2' },
  { value: 'B3', label: 'บ.3' },
  { value: 'B4', label: 'บ.4' },
  { value: 'T1', label: 'ท.1' },
  { value: 'T2', label: 'ท.2' },
  { value: 'T3', label: 'ท.3' },
  { value: 'T4', label: 'ท.4' },
] as const;

export const driver = defineEntity({
  ...entityHeads.driver,
  fields: [
    codeField(),
    nameField(),
    telField({ personal: true }),
    dateField('startAt', 'วันที่เริ่มงาน', { typeNote: 'ช่วงเวลาทำงานเป็นวัน' }),
    dateField('endAt', 'วันที่สิ้นสุดงาน', { typeNote: 'ช่วงเวลาทำงานเป็นวัน; ว่าง = ยังทำงานอยู่' }),
    booleanField('isMain', 'คนขับหลัก'),
    refField('contractorId', 'ผู้รับเหมาขนส่ง (ต้นสังกัด)', {
      hiddenInList: true,
      typeNote: 'ว่าง = พนักงานขับรถของบริษัท; มีค่า = คนขับของผู้รับเหมา (docs/freight.md)',
    }),
    stringField('licenseCode', 'เลขที่ใบขับขี่', { maxLength: 30, searchable: true }),
    enumField('licenseType', 'ประเภทใบขับขี่', licenseTypeOptions, {
      typeNote: 'ชนิดใบอนุญาตขับรถของไทย (ส่วนบุคคล, บ.1–4, ท.1–4)',
    }),
    dateField('licenseExpDate', 'วันหมดอายุใบขับขี่'),
    refField('vehicleId', 'ยานพาหนะ'),
    refField('appUserId', 'บัญชีผู้ใช้ของคนขับ', {
      hiddenInList: true,
      typeNote: 'ผู้ใช้ที่เป็นคนขับคนนี้: เห็นและบันทึกเที่ยวรถของคนขับคนนี้ในโทรศัพท์ (docs/delivery.md)',
    }),
    owningBranchField(),
  ],
  listColumns: ['code', 'name', 'tel', 'vehicleId', 'licenseType', 'licenseExpDate'],
});
