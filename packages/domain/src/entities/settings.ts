import { COLUMN_WIDTHS } from '../entity/columnWidth.ts';
import { defineEntity } from './define.ts';
import {
  dateField,
  enumField,
  integerField,
  owningBranchField,
  percentField,
  refField,
  sortBy,
} from './fields.ts';
import { entityHeads } from './heads.ts';
import { utilizationStatusOptions } from './options.ts';

/** Capacity settings: vehicles available per date slot, and the utilization bands (truck status). */

export const vehicleDateSlot = defineEntity({
  ...entityHeads.vehicleDateSlot,
  fields: [
    integerField('total', 'จำนวนรถที่พร้อมใช้ทั้งหมด', {
      required: true,
      min: 0,
      typeNote: 'จำนวนคัน เป็นจำนวนเต็ม',
    }),
    dateField('shiftDate', 'วันที่รับสินค้า', { required: true }),
    integerField('special', 'จำนวนรถสำหรับงานพิเศษ', {
      min: 0,
      typeNote: 'จำนวนคันที่กันไว้สำหรับงานพิเศษ (ส่วนหนึ่งของ total) ตาม booking.md',
    }),
    refField('vehicleTypeId', 'ประเภทรถ', { required: true }),
    owningBranchField(),
    refField('shiftOfDayId', 'กะของวัน', { required: true, listWidth: COLUMN_WIDTHS.code }),
    refField('shipCondId', 'Ship Cond', { required: true }),
    refField('routeConfigId', 'เส้นทาง (Ship Cond 29)', {
      listWidth: COLUMN_WIDTHS.code,
      typeNote: 'ใช้เฉพาะ Ship Cond แบบตามเส้นทาง (รหัส 29)',
    }),
  ],
  listColumns: [
    'shiftDate',
    'shiftOfDayId',
    'vehicleTypeId',
    'shipCondId',
    'routeConfigId',
    'total',
    'special',
  ],
  defaultSort: [sortBy('shiftDate', 'desc'), sortBy('shiftOfDayId')],
  labelFields: ['shiftDate', 'shiftOfDayId', 'vehicleTypeId'],
  naturalKey: ['shiftDate', 'shiftOfDayId', 'vehicleTypeId', 'shipCondId'],
});

const bandNote = 'ร้อยละของความจุที่ใช้แล้ว 0–100 ทศนิยม 2 ตำแหน่ง';

export const vehicleUtilizationThresholds = defineEntity({
  ...entityHeads.vehicleUtilizationThresholds,
  fields: [
    enumField('status', 'สถานะ', utilizationStatusOptions, {
      required: true,
      typeNote: 'สเปกไม่แสดงค่าสถานะ: กำหนดเป็นช่วงว่าง/ปกติ/ใกล้เต็ม/เต็ม',
    }),
    percentField('minWeightPercent', 'ร้อยละน้ำหนักต่ำสุด', { required: true, typeNote: bandNote }),
    percentField('maxWeightPercent', 'ร้อยละน้ำหนักสูงสุด', { required: true, typeNote: bandNote }),
    percentField('minVolumePercent', 'ร้อยละปริมาตรต่ำสุด', { required: true, typeNote: bandNote }),
    percentField('maxVolumePercent', 'ร้อยละปริมาตรสูงสุด', { required: true, typeNote: bandNote }),
    percentField('minHourPercent', 'ร้อยละชั่วโมงต่ำสุด', { required: true, typeNote: bandNote }),
    percentField('maxHourPercent', 'ร้อยละชั่วโมงสูงสุด', { required: true, typeNote: bandNote }),
    refField('vehicleTypeId', 'ประเภทรถ', { required: true }),
  ],
  listColumns: [
    'vehicleTypeId',
    'status',
    'minWeightPercent',
    'maxWeightPercent',
    'minVolumePercent',
    'maxVolumePercent',
    'minHourPercent',
    'maxHourPercent',
  ],
  defaultSort: [sortBy('vehicleTypeId'), sortBy('minWeightPercent')],
  labelFields: ['vehicleTypeId', 'status'],
  naturalKey: ['vehicleTypeId', 'status'],
});
