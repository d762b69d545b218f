import {
  type DateFormatOptions,
  formatDate,
  formatNumber,
  formatQuantity,
  phrase,
  shiftLabel,
} from '@lms/domain';
import type { RuleCode } from './decisions.ts';

/** Thai messages a planner reads: why a day, a vehicle type or an edit is ruled out. */

export const RULE_LABELS: Readonly<Record<RuleCode, string>> = {
  SLA: 'SLA',
  DISTANCE: 'ระยะทาง',
  VEHICLE_TYPE: 'ประเภทรถ',
  ROUTE: 'เส้นทาง',
  BAN: 'ห้ามวิ่ง',
  CLOSED: 'กะปิดรับการจอง',
  DELIVERY_TIME: 'เวลาส่งสินค้า',
  PROHIBITED: 'สินค้าห้ามไปด้วยกัน',
  SPLIT: 'การแบ่งสินค้า',
  CAPACITY: 'ความจุ',
};

/** `430` → `7 ชม. 10 นาที`, `360` → `6 ชม.`, `45` → `45 นาที`. */
export function hoursAndMinutes(minutes: number): string {
  const whole = Math.ceil(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return [hours ? `${hours} ชม.` : '', rest || !hours ? `${rest} นาที` : ''].filter(Boolean).join(' ');
}

const RESOURCE_WORDS = { weight: 'น้ำหนัก', volume: 'ปริมาตร', minute: 'เวลา' } as const;
type Resource = keyof typeof RESOURCE_WORDS;
const amountOf = (resource: Resource, value: number) =>
  resource === 'minute' ? hoursAndMinutes(value) : formatQuantity(resource, value);

/** A shift's name with the word "กะ" once (the domain's: shipment stage taps say it too). */
export { shiftLabel };

/** What closed a shift, as its refusals say it: the truck and when it checked in (the day too when another). */
const checkedIn = (shiftDate: string, closure: ShiftClosure, era: DateFormatOptions) =>
  `รถ ${closure.truck} เช็คอินเมื่อ ${closure.checkedInDate === shiftDate ? '' : `${formatDate(closure.checkedInDate, era)} `}${closure.checkedInTime}`;

interface ShiftClosure {
  readonly truck: string;
  readonly checkedInDate: string;
  readonly checkedInTime: string;
}

/**
 * Messages naming a day take the reader's era (`BookingWhere.era`): a customer reads the company's
 * (พ.ศ. by default), a staff user their own setting; without one, Gregorian years as the staff's screens.
 */
export const bookingMessages = {
  sla: (earliest: string, era: DateFormatOptions = {}) =>
    `ก่อนวันที่เริ่มจองได้ตาม SLA (${formatDate(earliest, era)})`,
  noCoordinates: 'ไม่มีพิกัดของสาขาหรือสถานที่ส่งสินค้า จึงคำนวณระยะทางไม่ได้',
  tooFar: (distanceKm: number, maxDistance: number) =>
    `ระยะทาง ${formatQuantity('distance', distanceKm)} เกินระยะทางสูงสุดของ Ship Cond (${formatQuantity('distance', maxDistance)})`,
  notForShipCond: (vehicleType: string) => `ประเภทรถ ${vehicleType} ไม่ได้กำหนดให้ใช้กับ Ship Cond นี้`,
  notValidForPlanning: (vehicleType: string) => `ประเภทรถ ${vehicleType} ไม่ใช้ในการวางแผน`,
  articleUnsupported: (vehicleType: string, article: string) =>
    `ประเภทรถ ${vehicleType} ไม่รองรับการขนส่งสินค้า ${article}`,
  tooSmall: (vehicleType: string, article: string) =>
    `สินค้า ${article} แยกส่งไม่ได้ และใหญ่เกินกว่า ${vehicleType} หนึ่งคัน`,
  noSetting: (vehicleType: string) =>
    `สาขายังไม่ได้ตั้งค่าความเร็วและเวลาของประเภทรถ ${vehicleType} สำหรับ Ship Cond นี้`,
  tripTooLong: (vehicleType: string, tripMinute: number, totalMinute: number) =>
    `${vehicleType} ใช้เวลาเดินทางและขึ้นลงสินค้า ${tripMinute} นาที เกินเวลาของกะ (${totalMinute} นาที)`,
  offRoute: 'ตำบลของสถานที่ส่งสินค้าไม่อยู่ในเส้นทางใดของ Ship Cond แบบตามเส้นทาง',
  noRouteSlot: (vehicleType: string) => `ไม่มี ${vehicleType} ของเส้นทางที่ส่งสินค้านี้ในวันนี้`,
  banned: (vehicleType: string, banName: string, shifts: readonly string[]) =>
    `${vehicleType} ห้ามวิ่งในพื้นที่นี้ (${banName}) ${shifts.map(shiftLabel).join(', ')}`,
  closed: (shift: string, date: string, closure: ShiftClosure, era: DateFormatOptions = {}) =>
    `${shiftLabel(shift)} ${formatDate(date, era)} ปิดรับการจองแล้ว: ${checkedIn(date, closure, era)}`,
  closedOut: (shift: string, date: string, closure: ShiftClosure, era: DateFormatOptions = {}) =>
    `${shiftLabel(shift)} ${formatDate(date, era)} ปิดรับการจองแล้ว จึงย้ายการจองออกจากกะนี้ไม่ได้: ${checkedIn(date, closure, era)}`,
  /**
   * A booking on a truck of a confirmed plan stays in its shift until the dispatcher takes it off
   * (docs/booking.md "Planned bookings"): not an engine rule, the server's (`booking/planned.ts`).
   */
  plannedOut: (shift: string, date: string, truck: string, shipment: string, era: DateFormatOptions = {}) =>
    `${shiftLabel(shift)} ${formatDate(date, era)} จัดรถแล้ว (รถ ${truck} ใบขนส่ง ${shipment}) จึงย้ายการจองออกจากกะนี้ไม่ได้ จนกว่าผู้จัดรถจะเอาออกจากแผน`,
  shiftCannotTakeAll: (shift: string, date: string, era: DateFormatOptions = {}) =>
    `${shiftLabel(shift)} ${formatDate(date, era)} มีรถเหลือไม่พอสำหรับสินค้าทั้งหมดของการจองนี้ในกะเดียว`,
  noVehicles: (vehicleType: string) => `ไม่มี ${vehicleType} ให้จองในวันนี้`,
  full: (vehicleType: string) => `${vehicleType} เต็มแล้วทุกกะของวันนี้`,
  noSlots: 'ไม่มีช่วงรถของสาขาและ Ship Cond นี้ในวันนี้',
  notEnough: (shorts: readonly { resource: Resource; need: number; left: number }[]) =>
    `ความจุไม่พอ: ${shorts
      .map(
        ({ resource, need, left }) =>
          `${RESOURCE_WORDS[resource]}ต้องใช้ ${amountOf(resource, need)} เหลือ ${amountOf(resource, left)}`,
      )
      .join(', ')}`,
  longerThanShift: (
    vehicleType: string,
    need: number,
    installation: number,
    shift: string,
    shiftMinutes: number,
  ) =>
    `ต้องใช้ ${vehicleType} คันเดียว ${hoursAndMinutes(need)}${installation ? ` (ติดตั้ง ${hoursAndMinutes(installation)})` : ''} แต่ ${shiftLabel(shift)} มี ${hoursAndMinutes(shiftMinutes)} — ต้องมีกะที่ยาวอย่างน้อย ${hoursAndMinutes(need)}`,
  longerThanLongestShift: (vehicleType: string, need: number, installation: number, longest: number) =>
    `ต้องใช้ ${vehicleType} คันเดียว ${hoursAndMinutes(need)}${installation ? ` (ติดตั้ง ${hoursAndMinutes(installation)})` : ''} แต่กะยาวที่สุดของวันนี้มี ${hoursAndMinutes(longest)} — ต้องมีกะที่ยาวอย่างน้อย ${hoursAndMinutes(need)}`,
  heavierThanVehicle: (
    vehicleType: string,
    article: string,
    resource: 'weight' | 'volume',
    need: number,
    max: number,
  ) =>
    `สินค้า ${article} ${RESOURCE_WORDS[resource]} ${amountOf(resource, need)} เกินที่ ${vehicleType} หนึ่งคันรับได้ (${amountOf(resource, max)}) — ต้องใช้รถที่ใหญ่กว่า`,
  shiftFull: (vehicleType: string, shift: string, resource: Resource, need: number, left: number) =>
    `${vehicleType} ${shiftLabel(shift)} เหลือ${RESOURCE_WORDS[resource]} ${amountOf(resource, left)} แต่ต้องใช้ ${amountOf(resource, need)}`,
  moreVehicles: (vehicleType: string, needed: number, asked: number) =>
    `ต้องใช้ ${vehicleType} อย่างน้อย ${needed} คัน (ขอ ${asked} คัน) — เพิ่มจำนวนรถเป็น ${needed} คัน`,
  tooManyVehicles: (asked: number, left: number) => `ขอรถ ${asked} คัน แต่มีให้จองเพียง ${left} คัน`,
  deliveryTimeOutsideShift: (time: string, shiftName: string, hours: string) =>
    `เวลาส่งสินค้า ${time} ไม่อยู่ในช่วงเวลาของกะที่เลือก: ${shiftName} ${hours}`,
  deliveryTimeInvalid: (time: string) => `เวลาส่งสินค้า ${time} ไม่ถูกต้อง ต้องเป็นเวลาในรูปแบบ HH:mm`,
  prohibited: (vehicles: number) => `สินค้าที่ห้ามไปด้วยกันต้องใช้รถแยกกันอย่างน้อย ${vehicles} คัน`,
  cannotSplit: (article: string) => `สินค้า ${article} แยกส่งไม่ได้ ต้องส่งครบทั้งจำนวน`,
  wholeUnits: (article: string) => `สินค้า ${article} ต้องแบ่งเป็นจำนวนเต็มของหน่วยนับ`,
  qtyOutOfRange: (article: string, qty: number) =>
    `จำนวนของสินค้า ${article} ต้องมากกว่า 0 และไม่เกิน ${formatNumber(qty, 3)}`,
  unknown: (what: string, id: string) => phrase('ไม่พบ', what, ` (${id})`),
  slotMismatch: 'ช่วงรถนี้ไม่ใช่ของสาขาหรือ Ship Cond ของการจองนี้',
  nothingToBook: 'ไม่มีรายการสินค้าที่จะจอง',
} as const;
