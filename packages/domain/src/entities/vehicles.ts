import { defineEntity } from './define.ts';
import {
  booleanField,
  codeField,
  decimalField,
  enumField,
  integerField,
  nameField,
  owningBranchField,
  percentField,
  refField,
  sortBy,
  stringField,
  volumeField,
  weightField,
} from './fields.ts';
import { entityHeads } from './heads.ts';

/** Vehicles, their types and groups, and the per-branch share of a type's capacity that booking may use. */

const unitNote = 'รหัสหน่วยเป็นข้อความ (เช่น M, CM): สเปกไม่แสดง Label จึงไม่ใช่การอ้างอิง';

export const fuelTypeOptions = [
  { value: 'DIESEL', label: 'ดีเซล' },
  { value: 'GASOLINE', label: 'เบนซิน' },
  { value: 'NGV', label: 'ก๊าซธรรมชาติ (NGV)' },
  { value: 'LPG', label: 'ก๊าซหุงต้ม (LPG)' },
  { value: 'ELECTRIC', label: 'ไฟฟ้า' },
  { value: 'HYBRID', label: 'ไฮบริด' },
] as const;

export const vehicle = defineEntity({
  ...entityHeads.vehicle,
  fields: [
    codeField(),
    nameField(),
    integerField('precision', 'ทศนิยมของความจุ', {
      min: 0,
      max: 6,
      typeNote: 'จำนวนตำแหน่งทศนิยมที่ใช้แสดงความจุ (เช่นเดียวกับ precision ของ UOM)',
      hiddenInList: true,
    }),
    stringField('licensePlate', 'ทะเบียนรถ', { maxLength: 20, searchable: true }),
    integerField('engineSize', 'ขนาดเครื่องยนต์ (ซีซี)', {
      min: 0,
      typeNote: 'ซีซี เป็นจำนวนเต็ม',
      hiddenInList: true,
    }),
    decimalField('fuelSize', 'ความจุถังน้ำมัน (ลิตร)', { min: 0, typeNote: 'ลิตร', hiddenInList: true }),
    enumField('fuelType', 'ชนิดเชื้อเพลิง', fuelTypeOptions, {
      typeNote: 'รายการเชื้อเพลิงที่ใช้กับรถบรรทุกในไทย',
      hiddenInList: true,
      bulkEditable: true,
    }),
    stringField('engineNumber', 'หมายเลขเครื่องยนต์', { maxLength: 50, hiddenInList: true }),
    decimalField('width', 'ความกว้าง', { min: 0, hiddenInList: true, typeNote: 'ในหน่วย dimensionUnit' }),
    decimalField('length', 'ความยาว', { min: 0, hiddenInList: true, typeNote: 'ในหน่วย dimensionUnit' }),
    decimalField('height', 'ความสูง', { min: 0, hiddenInList: true, typeNote: 'ในหน่วย dimensionUnit' }),
    stringField('dimensionUnit', 'หน่วยของขนาด', { maxLength: 10, typeNote: unitNote, hiddenInList: true }),
    decimalField('volume', 'ปริมาตร', {
      min: 0,
      scale: 3,
      quantity: 'volume',
      typeNote: 'ในหน่วย volumeUnit',
      hiddenInList: true,
    }),
    stringField('volumeUnit', 'หน่วยของปริมาตร', {
      maxLength: 10,
      format: 'unit',
      typeNote: unitNote,
      hiddenInList: true,
    }),
    decimalField('minCapacity', 'ความจุต่ำสุด', { min: 0, scale: 3, typeNote: 'ในหน่วย unitCapacity' }),
    decimalField('maxCapacity', 'ความจุสูงสุด', { min: 0, scale: 3, typeNote: 'ในหน่วย unitCapacity' }),
    stringField('unitCapacity', 'หน่วยของความจุ', { maxLength: 10, typeNote: unitNote }),
    refField('vehicleGroupId', 'กลุ่มรถ', { bulkEditable: true }),
    owningBranchField(),
    refField('vehicleTypeId', 'ประเภทรถ', { required: true, bulkEditable: true }),
    refField('contractorId', 'ผู้รับเหมาขนส่ง (เจ้าของรถ)', {
      bulkEditable: true,
      typeNote: 'ว่าง = รถของบริษัท; มีค่า = รถของผู้รับเหมา ซึ่งได้ค่าขนส่งตามใบสรุปรายเดือน (docs/freight.md)',
    }),
  ],
  listColumns: ['code', 'name', 'licensePlate', 'vehicleTypeId', 'vehicleGroupId', 'maxCapacity'],
});

export const vehicleType = defineEntity({
  ...entityHeads.vehicleType,
  fields: [
    codeField(),
    nameField(),
    weightField('maxCapacityWeight', 'น้ำหนักบรรทุกสูงสุด (กก.)', { required: true }),
    weightField('minCapacityWeight', 'น้ำหนักบรรทุกต่ำสุด (กก.)'),
    volumeField('maxCapacityVolume', 'ปริมาตรบรรทุกสูงสุด (ลบ.ม.)', { required: true }),
    volumeField('minCapacityVolume', 'ปริมาตรบรรทุกต่ำสุด (ลบ.ม.)'),
    booleanField('trailerTruck', 'ลากพ่วงได้'),
    booleanField('simpleInstallation', 'ติดตั้งแบบง่าย'),
    booleanField('special', 'รถสำหรับงานพิเศษ'),
    booleanField('notValidForPlanning', 'ไม่ใช้ในการวางแผน', { bulkEditable: true }),
    booleanField('migrate', 'ย้ายข้อมูลจากระบบเดิม', { hiddenInList: true }),
  ],
  listColumns: ['code', 'name', 'maxCapacityWeight', 'maxCapacityVolume', 'trailerTruck', 'special'],
});

export const vehicleGroup = defineEntity({
  ...entityHeads.vehicleGroup,
  fields: [codeField(), nameField()],
  listColumns: ['code', 'name'],
});

const adjustNote = 'ร้อยละของความจุที่ใช้ได้ 0–100 (100 = ใช้ได้ทั้งหมด) ตาม booking.md';

export const vehicleTypeAdjustPercent = defineEntity({
  ...entityHeads.vehicleTypeAdjustPercent,
  fields: [
    percentField('bookingWeightAdjustPercent', 'ร้อยละน้ำหนักที่ใช้จอง', { required: true, typeNote: adjustNote }),
    percentField('bookingVolumeAdjustPercent', 'ร้อยละปริมาตรที่ใช้จอง', { required: true, typeNote: adjustNote }),
    percentField('planningWeightAdjustPercent', 'ร้อยละน้ำหนักที่ใช้วางแผน', {
      required: true,
      typeNote: adjustNote,
    }),
    percentField('planningVolumeAdjustPercent', 'ร้อยละปริมาตรที่ใช้วางแผน', {
      required: true,
      typeNote: adjustNote,
    }),
    refField('vehicleTypeId', 'ประเภทรถ', { required: true, unique: true }),
    owningBranchField(),
  ],
  listColumns: [
    'vehicleTypeId',
    'bookingWeightAdjustPercent',
    'bookingVolumeAdjustPercent',
    'planningWeightAdjustPercent',
    'planningVolumeAdjustPercent',
  ],
  defaultSort: [sortBy('vehicleTypeId')],
  labelFields: ['vehicleTypeId'],
});
