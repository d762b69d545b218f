import { defineEntity } from './define.ts';
import {
  attachmentsField,
  booleanField,
  codeField,
  dateField,
  decimalField,
  enumField,
  integerField,
  latLonFields,
  minutesField,
  moneyField,
  nameField,
  owningBranchField,
  refField,
  refsField,
  sortBy,
  stringField,
  telField,
  textField,
  timeField,
  timestampFields,
} from './fields.ts';
import { entityHeads } from './heads.ts';
import { proofRequirementField } from './parties.ts';

/** How and when goods travel: ship conditions, routes, shifts, truck bans, prices, places. */

export const shipCond = defineEntity({
  ...entityHeads.shipCond,
  fields: [
    codeField(),
    nameField(),
    booleanField('migrate', 'ย้ายข้อมูลจากระบบเดิม', { hiddenInList: true }),
    refsField('vehicleTypeIds', 'ประเภทรถที่ใช้ส่ง', 'vehicleType', {
      typeNote: 'shipCondVehicleType ของสเปก (แถว shipCondLabel + vehicleTypeLabel) คือความสัมพันธ์หลายต่อหลาย',
    }),
    integerField('sla', 'SLA (วันที่เริ่มจองได้)', {
      required: true,
      min: 0,
      typeNote: 'จำนวนวันนับจากวันนี้ที่เริ่มจองได้ เป็นจำนวนเต็ม (booking.md)',
    }),
    decimalField('maxDistance', 'ระยะทางสูงสุด (กม.)', {
      min: 0,
      quantity: 'distance',
      typeNote: 'กิโลเมตร ทศนิยม 2 ตำแหน่ง; ว่าง = ไม่จำกัดระยะทาง',
    }),
    ...timestampFields(),
  ],
  listColumns: ['code', 'name', 'sla', 'maxDistance'],
});

const routeMemberNote =
  'หนึ่งแถวคือหนึ่งตำบลของเส้นทาง: แถวที่มีรหัสเดียวกันคือเส้นทางเดียวกัน (booking.md: ตำบลของเส้นทาง) จึงไม่บังคับรหัสไม่ซ้ำ';

export const routeConfig = defineEntity({
  ...entityHeads.routeConfig,
  fields: [
    codeField({ unique: false, typeNote: routeMemberNote }),
    nameField(),
    refField('subDistrictId', 'ตำบล/แขวง', { required: true }),
  ],
  listColumns: ['code', 'name', 'subDistrictId'],
  defaultSort: [sortBy('code'), sortBy('subDistrictId')],
  naturalKey: ['code'],
});

export const shiftOfDay = defineEntity({
  ...entityHeads.shiftOfDay,
  fields: [
    nameField(),
    timeField('startTime', 'เวลาเริ่ม', { required: true }),
    timeField('endTime', 'เวลาสิ้นสุด', { required: true }),
    booleanField('active', 'ใช้งาน', { bulkEditable: true }),
    booleanField('migrate', 'ย้ายข้อมูลจากระบบเดิม', { hiddenInList: true }),
    integerField('priority', 'ลำดับความสำคัญ', {
      min: 0,
      typeNote: 'จำนวนเต็ม เลขน้อยมาก่อน (ใช้จัดอันดับคำแนะนำการจอง)',
    }),
    refField('timeSlotCodeId', 'Time Slot Code'),
    minutesField('totalMinute', 'จำนวนนาทีทั้งหมด', {
      required: true,
      max: 1440,
      typeNote: 'นาทีที่รถใช้งานได้ในกะ เป็นจำนวนเต็ม ไม่เกิน 1 วัน (1440)',
    }),
    ...timestampFields(),
  ],
  listColumns: ['name', 'startTime', 'endTime', 'totalMinute', 'timeSlotCodeId', 'priority', 'active'],
  // Shifts are listed by start time everywhere (rules/shiftOrder.ts); priority is the engine's ranking.
  defaultSort: [sortBy('startTime'), sortBy('name')],
  labelFields: ['name'],
  naturalKey: ['name'],
});

export const timeSlotCode = defineEntity({
  ...entityHeads.timeSlotCode,
  fields: [codeField(), nameField()],
  listColumns: ['code', 'name'],
});

/** Which weekdays a truck ban applies to; CUSTOM uses `bannedWeekdays`. */
export const banDayPatternOptions = [
  { value: 'EVERY_DAY', label: 'ทุกวัน' },
  { value: 'WEEKDAYS', label: 'วันจันทร์–ศุกร์' },
  { value: 'WEEKENDS', label: 'วันเสาร์–อาทิตย์' },
  { value: 'CUSTOM', label: 'เลือกวันเอง' },
] as const;

export const truckBanConfig = defineEntity({
  ...entityHeads.truckBanConfig,
  fields: [
    nameField(),
    timeField('startTime', 'เวลาเริ่มห้าม', { required: true }),
    timeField('endTime', 'เวลาสิ้นสุดการห้าม', { required: true }),
    owningBranchField(),
    refField('vehicleTypeId', 'ประเภทรถ', { required: true }),
    refField('subDistrictId', 'ตำบล/แขวง', { required: true }),
    enumField('banDayPattern', 'รูปแบบวันที่ห้าม', banDayPatternOptions, {
      required: true,
      typeNote: 'ทุกวัน / จันทร์–ศุกร์ / เสาร์–อาทิตย์ / เลือกวันเอง (ใช้ bannedWeekdays)',
    }),
    {
      name: 'bannedWeekdays',
      type: 'weekdays',
      label: 'วันที่ห้ามวิ่ง',
      typeNote: 'ชุดวันในสัปดาห์ 0 (อาทิตย์) … 6 ใช้เมื่อรูปแบบเป็น "เลือกวันเอง"',
    },
  ],
  listColumns: ['name', 'vehicleTypeId', 'subDistrictId', 'startTime', 'endTime', 'banDayPattern'],
  defaultSort: [sortBy('name')],
  labelFields: ['name'],
  naturalKey: ['name'],
});

export const shippingPriceConfig = defineEntity({
  ...entityHeads.shippingPriceConfig,
  fields: [
    moneyField('minimumFee', 'ค่าขนส่งขั้นต่ำ (บาท)', { required: true }),
    moneyField('fee75Km', 'ค่าขนส่งไม่เกิน 75 กม. (บาท)', { required: true }),
    moneyField('fee150Km', 'ค่าขนส่งไม่เกิน 150 กม. (บาท)', { required: true }),
    // A price list per vehicle type per start day: a trip is priced by the one valid on its day (docs/freight.md).
    refField('vehicleTypeId', 'ประเภทรถ', { required: true }),
    dateField('validFrom', 'ใช้ตั้งแต่วันที่', {
      required: true,
      typeNote: 'ราคานี้ใช้กับเที่ยวรถตั้งแต่วันนี้ จนถึงวันก่อนราคาถัดไปของประเภทรถเดียวกัน',
    }),
    moneyField('extraDropFee', 'ค่าจุดส่งเพิ่ม (บาท/จุด)', {
      typeNote: 'ต่อจุดส่งที่เกินจุดแรกของเที่ยว; ว่าง = ไม่คิด (docs/freight.md)',
    }),
  ],
  listColumns: ['vehicleTypeId', 'validFrom', 'minimumFee', 'fee75Km', 'fee150Km', 'extraDropFee'],
  defaultSort: [sortBy('vehicleTypeId'), sortBy('validFrom', 'desc')],
  labelFields: ['vehicleTypeId', 'validFrom'],
  naturalKey: ['vehicleTypeId', 'validFrom'],
});

export const warehouse = defineEntity({
  ...entityHeads.warehouse,
  fields: [codeField(), nameField()],
  listColumns: ['code', 'name'],
});

export const shipTo = defineEntity({
  ...entityHeads.shipTo,
  fields: [
    codeField(),
    nameField(),
    telField({ hiddenInList: true, personal: true, typeNote: 'ใช้ส่ง SMS นัดส่งสินค้า (docs/contact.md)' }),
    stringField('lineUserId', 'รหัสผู้ใช้ LINE', {
      maxLength: 64,
      hiddenInList: true,
      personal: true,
      typeNote: 'ได้จากการที่ลูกค้าเชื่อม LINE กับบัญชีของบริษัท ใช้ส่งข้อความนัดส่งสินค้า (docs/contact.md)',
    }),
    textField('address', 'ที่อยู่'),
    refField('subDistrictId', 'ตำบล/แขวง', { required: true }),
    ...latLonFields().map((field) => ({
      ...field,
      hiddenInList: true,
      // The home's master-data section counts ship-tos without coordinates and links here.
      emptyFilter: true,
      typeNote: `${field.typeNote ?? ''}; ว่าง = ใช้พิกัดของตำบล (booking.md)`,
    })),
    attachmentsField('เอกสารแนบ (แผนที่, รูปหน้าร้าน)'),
    proofRequirementField('ว่าง = ใช้ค่าของลูกค้า (ลูกค้าไม่ได้ตั้ง = ลายเซ็น) (docs/delivery.md)'),
  ],
  listColumns: ['code', 'name', 'address', 'subDistrictId'],
  // The erasure's entry in place of the values it took out (privacy/eraseContact.ts).
  historyNotes: { contactErased: { label: 'ข้อมูลติดต่อ' } },
});
