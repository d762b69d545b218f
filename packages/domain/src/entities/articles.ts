import { COLUMN_WIDTHS } from '../entity/columnWidth.ts';
import { defineEntity } from './define.ts';
import {
  booleanField,
  codeField,
  decimalField,
  integerField,
  lastSyncAtField,
  minutesField,
  nameField,
  percentField,
  refField,
  refsField,
  sortBy,
  stringField,
  volumeField,
  weightField,
} from './fields.ts';
import { entityHeads } from './heads.ts';

/** Articles (products), their special groups, the groups that may not share a vehicle, and units. */

export const articleUomType = defineEntity({
  ...entityHeads.articleUomType,
  fields: [codeField(), nameField()],
  listColumns: ['code', 'name'],
});

export const articleTypeProhibit = defineEntity({
  ...entityHeads.articleTypeProhibit,
  fields: [
    codeField({
      unique: false,
      typeNote: 'หนึ่งแถวคือหนึ่งกลุ่มสินค้าพิเศษในกลุ่มห้าม: แถวที่มีรหัสเดียวกันคือกลุ่มเดียวกัน (booking.md) จึงไม่บังคับรหัสไม่ซ้ำ',
    }),
    nameField(),
    refField('articleUomTypeId', 'กลุ่มสินค้าพิเศษ', { required: true }),
  ],
  listColumns: ['code', 'name', 'articleUomTypeId'],
  defaultSort: [sortBy('code'), sortBy('articleUomTypeId')],
  naturalKey: ['code'],
});

export const unit = defineEntity({
  ...entityHeads.unit,
  fields: [codeField(), nameField()],
  listColumns: ['code', 'name'],
});

export const uom = defineEntity({
  ...entityHeads.uom,
  fields: [
    codeField(),
    nameField(),
    integerField('precision', 'จำนวนทศนิยม', {
      min: 0,
      max: 6,
      typeNote: 'จำนวนตำแหน่งทศนิยมของปริมาณในหน่วยนี้ (0 = นับเป็นชิ้น)',
    }),
  ],
  listColumns: ['code', 'name', 'precision'],
});

export const article = defineEntity({
  ...entityHeads.article,
  fields: [
    codeField(),
    nameField(),
    lastSyncAtField(),
    stringField('articleUom', 'หน่วยนับของสินค้า', {
      maxLength: 20,
      listWidth: COLUMN_WIDTHS.small,
      typeNote: 'รหัสหน่วยนับหลักจาก ERP เป็นข้อความ: สเปกไม่แสดง Label จึงไม่ใช่การอ้างอิง',
    }),
    decimalField('width', 'ความกว้าง', { min: 0, hiddenInList: true, typeNote: 'ในหน่วยของ unitId' }),
    decimalField('length', 'ความยาว', { min: 0, hiddenInList: true, typeNote: 'ในหน่วยของ unitId' }),
    decimalField('height', 'ความสูง', { min: 0, hiddenInList: true, typeNote: 'ในหน่วยของ unitId' }),
    weightField('weight', 'น้ำหนัก (กก.)'),
    volumeField('volume', 'ปริมาตร (ลบ.ม.)'),
    percentField('stackVolumePercent', 'ร้อยละปริมาตรเมื่อวางซ้อน', {
      hiddenInList: true,
      typeNote: 'ปริมาตร × ร้อยละ / 100 เมื่อวางซ้อน ว่าง = 100 (booking.md)',
    }),
    minutesField('installationTime', 'เวลาติดตั้ง (นาที)', {
      hiddenInList: true,
      typeNote: 'นาทีต่อหนึ่งหน่วย เป็นจำนวนเต็ม (booking.md: Σ installationTime × qty)',
    }),
    booleanField('cannotSplit', 'แยกส่งไม่ได้', { bulkEditable: true }),
    booleanField('noUseCap', 'ไม่ใช้ความจุรถ', { hiddenInList: true, bulkEditable: true }),
    refField('unitId', 'หน่วย', { hiddenInList: true }),
    refField('articleUomTypeId', 'กลุ่มสินค้าพิเศษ', { bulkEditable: true, listWidth: 160 }),
    refsField('unsupportedVehicleTypeIds', 'ประเภทรถที่ไม่รองรับการขนส่งสินค้านี้', 'vehicleType', {
      hiddenInList: true,
      typeNote: 'สเปกแสดงเพียงป้าย จึงตั้งชื่อฟิลด์เป็นรายการ id ประเภทรถ',
    }),
  ],
  listColumns: ['code', 'name', 'articleUom', 'weight', 'volume', 'articleUomTypeId', 'cannotSplit'],
});
