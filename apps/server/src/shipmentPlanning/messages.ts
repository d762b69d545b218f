import { phrase, type ShipmentStage, shiftCheckedInMessage, shipmentStages } from '@lms/domain';
import type { PlanViolation } from '@lms/planning';

/** What the dispatcher reads when planning refuses something (Thai, as every message). */
export const planningMessages = {
  branchWithoutPlace: 'สาขายังไม่มีพิกัด จึงคำนวณเส้นทางไม่ได้',
  shipToWithoutPlace: 'สถานที่ส่งและตำบลของสถานที่ส่งยังไม่มีพิกัด',
  bannedAllShift: 'ติดช่วงห้ามรถบรรทุกเข้าพื้นที่ตลอดเวลาที่ส่งได้ในกะนี้',
  notPlaced: 'ยังไม่ได้จัดลงรถคันใด',
  unknownTruck: 'รถที่เลือกไม่ใช่รถของสาขานี้หรือไม่ใช้ในการวางแผน',
  truckTwice: (plate: string, trips: number) =>
    trips === 1
      ? `รถ ${plate} ถูกจัดไว้มากกว่าหนึ่งเที่ยว`
      : `รถ ${plate} ถูกจัดไว้มากกว่า ${trips} เที่ยว ซึ่งเป็นจำนวนเที่ยวต่อรถในหนึ่งกะของสาขา`,
  unknownDriver: 'คนขับที่เลือกไม่ใช่คนขับของสาขานี้',
  driverTwice: (name: string) => `คนขับ ${name} ถูกจัดไว้กับรถมากกว่าหนึ่งคัน`,
  notInSlot: 'ใบส่งสินค้าบางรายการไม่ได้อยู่ในการจองของกะนี้',
  deliveryOrderTwice: (docNo: string) => `ใบส่งสินค้า ${docNo} อยู่ในแผนมากกว่าหนึ่งครั้ง`,
  staleVersion: 'มีผู้ยืนยันแผนของกะนี้ไปก่อนแล้ว ระบบแสดงแผนล่าสุดให้แล้ว กรุณาตรวจสอบอีกครั้ง',
  checkedIn: shiftCheckedInMessage,
  stageInFuture: (stage: string) => `เวลาจริงของ "${stage}" ต้องไม่เกินเวลาปัจจุบัน`,
  plannerBusy: 'ระบบกำลังวางแผนให้ผู้ใช้อื่นอยู่เต็มจำนวน กรุณาลองใหม่ในอีกสักครู่',
  plannerStuck: 'การวางแผนใช้เวลานานเกินกำหนด กรุณาลองใหม่อีกครั้ง',
  replanNothingConfirmed: 'กะนี้ยังไม่มีแผนที่ยืนยัน จึงวางแผนใหม่จากตอนนี้ไม่ได้ ให้กด "จัดรถอัตโนมัติ" แล้วยืนยันแผนก่อน',
  // Thai words meet names (plates, numbers) that may be Thai too: the spaces between are written out.
  startedStopMoved: (booking: string, shipTo: string, plate: string) =>
    phrase('จุดส่ง ', booking, ' ', shipTo, ' ของรถ ', plate, ' คนขับเริ่มส่งแล้ว จึงย้ายรถ เอาออก หรือเปลี่ยนลำดับไม่ได้'),
  tripOver: (plate: string, trip: number) =>
    phrase('เที่ยวที่ ', String(trip), ' ของรถ ', plate, ' ส่งครบแล้ว จึงเพิ่มจุดส่งไม่ได้'),
  notOnBoard: (plate: string, booking: string) =>
    phrase('รถ ', plate, ' ออกจากสาขาแล้ว จึงเพิ่ม ', booking, ' ที่ไม่ได้ขึ้นรถไปไม่ได้'),
  truckNoTime: (plate: string) => phrase('รถ ', plate, ' ไม่มีเวลาหรือเที่ยวเหลือในกะนี้แล้ว'),
  stageBeforePrevious: (stage: string, previous: string) => `ต้องบันทึกเวลาจริงของ "${previous}" ก่อน "${stage}"`,
} as const;

export const stageLabel = (stage: ShipmentStage) =>
  shipmentStages.find((s) => s.key === stage)?.label ?? stage;

/** A broken rule of a dispatcher's move, named with the truck and booking it concerns. */
export function violationMessage(
  violation: PlanViolation,
  names: { truck: (id: unknown) => string; booking: (deliveryOrderId: unknown) => string },
): string {
  const truck = names.truck(violation.vehicle);
  const booking = names.booking(violation.job);
  switch (violation.rule) {
    case 'CAPACITY':
      return `น้ำหนักหรือปริมาตรบนรถ ${truck} เกินความจุที่ใช้วางแผน`;
    case 'TIME_WINDOW':
      return `รถ ${truck} ไปถึงการจอง ${booking} ไม่ทันเวลาส่ง (หรือตรงกับช่วงห้ามรถบรรทุก)`;
    case 'SHIFT':
      return `รถ ${truck} ส่งสินค้าเสร็จและกลับสาขาไม่ทันเวลาสิ้นสุดกะ`;
    case 'SKILLS':
      return `การจอง ${booking} จองรถประเภทอื่นไว้ ไม่ใช่ประเภทของรถ ${truck}`;
    case 'PROHIBITED':
      return `สินค้าของการจอง ${booking} ห้ามไปรถคันเดียวกับสินค้าที่อยู่บนรถ ${truck} แล้ว`;
    case 'TOGETHER':
      return 'สินค้าของการจองเดียวกันที่แยกส่งไม่ได้ต้องอยู่บนรถคันเดียวกันและเที่ยวเดียวกัน';
    case 'JOBS':
      return `ใบส่งสินค้าของการจอง ${booking} ต้องอยู่ในแผนครั้งเดียว`;
    case 'TRIPS':
      return `รถ ${truck} มีเที่ยวมากกว่าที่สาขากำหนด หรือเที่ยวถัดไปออกก่อนกลับสาขาและขึ้นสินค้าเสร็จ`;
  }
}
