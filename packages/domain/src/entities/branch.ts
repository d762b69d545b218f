import type { ChildDef } from '../entity/types.ts';
import { MAX_TRIPS_PER_TRUCK } from '../rules/truckTrips.ts';
import { defineEntity } from './define.ts';
import {
  booleanField,
  codeField,
  decimalField,
  integerField,
  latLonFields,
  minutesField,
  nameField,
  refField,
  stringField,
  telField,
  textField,
  timeField,
  timestampFields,
} from './fields.ts';
import { entityHeads } from './heads.ts';

/** Branch, and its per-vehicle-type settings that the booking engine uses to cost a trip. */

export const branchVehicleTypeSettings: ChildDef = {
  name: 'vehicleTypeSettings',
  label: 'ตั้งค่าความเร็วและเวลาตามประเภทรถ',
  fields: [
    refField('vehicleTypeId', 'ประเภทรถ', { required: true }),
    refField('shipCondId', 'Ship Cond', { required: true }),
    decimalField('speedPerKm', 'เวลาเดินทางต่อกิโลเมตร (นาที)', {
      required: true,
      min: 0,
      typeNote: 'นาทีต่อกิโลเมตร ทศนิยม 2 ตำแหน่ง (booking.md: travelMinute = 2 × ระยะทาง × speedPerKm)',
    }),
    minutesField('loadTime', 'เวลาขึ้นสินค้า (นาที)', { required: true }),
    minutesField('unloadTime', 'เวลาลงสินค้า (นาที)', { required: true }),
    minutesField('waitTime', 'เวลารอ (นาที)', { required: true }),
  ],
};

export const branch = defineEntity({
  ...entityHeads.branch,
  fields: [
    codeField(),
    nameField(),
    stringField('shortName', 'ชื่อย่อ', { maxLength: 50 }),
    stringField('saleOffice', 'สำนักงานขาย', { maxLength: 50, typeNote: 'รหัสสำนักงานขายจาก ERP เป็นข้อความ' }),
    stringField('locationGroup', 'กลุ่มพื้นที่', { maxLength: 50, typeNote: 'รหัสกลุ่มพื้นที่จาก ERP เป็นข้อความ' }),
    booleanField('isTogo', 'สาขา To Go', { typeNote: 'ค่าจริง/เท็จตามชื่อ is…' }),
    textField('address', 'ที่อยู่'),
    telField({
      hiddenInList: true,
      typeNote: 'ไม่มีในสเปก: เบอร์ที่ลูกค้าโทรถามเรื่องนัดส่ง ใส่ในข้อความถึงลูกค้า (docs/contact.md)',
    }),
    timeField('confirmCutoff', 'ลูกค้ายืนยันนัดได้ถึง (เวลาของวันก่อนส่ง)', {
      hiddenInList: true,
      typeNote:
        'ไม่มีในสเปก: เลยเวลานี้ของวันก่อนวันส่งแล้วลูกค้ายังไม่ยืนยัน การจองจะอยู่ในรายการ "ต้องโทร" ไม่ระบุ = ต้องโทรทุกการจองที่ลูกค้ายังไม่ยืนยัน (docs/contact.md)',
    }),
    integerField('tripsPerTruck', 'จำนวนเที่ยวต่อรถในหนึ่งกะ', {
      hiddenInList: true,
      min: 1,
      max: MAX_TRIPS_PER_TRUCK,
      typeNote: `ไม่มีในสเปก: รถหนึ่งคันกลับมาขึ้นสินค้าที่สาขาแล้วออกส่งอีกได้กี่เที่ยวในกะเดียว (1–${MAX_TRIPS_PER_TRUCK}) ไม่ระบุ = 1 เที่ยว (docs/planning.md)`,
    }),
    ...latLonFields(),
    stringField('area', 'พื้นที่', { maxLength: 50, hiddenInList: true, typeNote: 'รหัสพื้นที่ขายเป็นข้อความ' }),
    stringField('country', 'ประเทศ', {
      maxLength: 2,
      hiddenInList: true,
      typeNote: 'สเปกไม่มีข้อมูลประเทศ: เก็บรหัส ISO 3166 สองตัวอักษร (TH)',
    }),
    refField('regionId', 'ภาค', { hiddenInList: true }),
    refField('provinceId', 'จังหวัด'),
    refField('districtId', 'อำเภอ/เขต', { hiddenInList: true }),
    refField('subDistrictId', 'ตำบล/แขวง', { hiddenInList: true }),
    ...timestampFields(),
  ],
  listColumns: ['code', 'name', 'shortName', 'provinceId', 'isTogo'],
  children: [branchVehicleTypeSettings],
});
