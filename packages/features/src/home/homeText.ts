import { type FreightStatementState, HOME_SLOT_HORIZON_DAYS, returnedDeliveryOrders } from '@lms/domain';

/** The home's own words (docs/web.md "Home"); figures' and buckets' names are the domain's. */
export const homeText = {
  manager: 'ผลการจัดส่งและใบสรุปค่าขนส่งของสาขา',
  /** "ผลการจัดส่ง พ.ย. 2569 ถึงวันนี้ เทียบกับ ต.ค. 2569". */
  monthSoFar: (month: string, before: string) => `ผลการจัดส่ง ${month} ถึงวันนี้ เทียบกับ ${before}`,
  /** The first days of a month, nothing of it counted yet: the month before, whole, leads. */
  monthWhole: (month: string) => `ผลการจัดส่ง ${month} ทั้งเดือน`,
  nothingCountedYet: (month: string, before: string) =>
    `${month} ยังไม่มีจุดส่งที่นับได้ จึงแสดงผลของ ${before} ทั้งเดือน`,
  /** A figure's link: its name, the month and the value (the visible value is in it, WCAG 2.5.3). */
  figureOf: (figure: string, month: string, value: string) => `${figure} ${month}: ${value}`,
  truckUse: 'การใช้รถตามประเภทรถ',
  noTrips: 'ยังไม่มีเที่ยวรถในสองเดือนนี้',
  noTripsOfType: 'ไม่มีเที่ยว',
  statementsWaiting: 'ใบสรุปค่าขนส่งผู้รับเหมาที่รอคุณ',
  /** Statements waiting in a state, by the move they wait for. */
  waitingIn: {
    DRAFT: 'ร่างที่รอตรวจ',
    CHECKED: 'ตรวจแล้ว รออนุมัติ',
    APPROVED: 'อนุมัติแล้ว รอส่งออกให้ฝ่ายบัญชี',
    EXPORTED: 'ส่งออกแล้ว',
  } satisfies Record<FreightStatementState, string>,
  /** Checked statements the user checked: the separation of duties leaves their approval to another. */
  checkedByYou: (count: number) => `คุณตรวจเอง ${count.toLocaleString('th-TH')} ใบ ต้องให้ผู้อื่นอนุมัติ`,

  planner: 'งานวางแผนการจอง',
  capacity: 'ความจุรถวันนี้และพรุ่งนี้',
  noCapacity: 'ยังไม่มีช่วงรถในวันนี้และพรุ่งนี้',
  openCalendar: 'เปิดปฏิทินการจอง',
  unbooked: 'DO ที่ยังไม่ได้จอง ตามวันส่ง',
  unbookedTotal: 'DO ที่ยังไม่ได้จองทั้งหมด',
  toCall: 'การจองที่ต้องโทรนัด',
  notCalled: 'ยังไม่ได้โทรนัด',
  unreachable: 'โทรแล้วติดต่อไม่ได้',
  canceledToday: 'ยกเลิกวันนี้',
  /** The DO list's named filter it opens, by that filter's own label. */
  returned: returnedDeliveryOrders.label,
  /** The link beside it to the DO Booking with those DOs listed. */
  rebookReturned: 'จองใบที่ส่งไม่สำเร็จใหม่ใน DO Booking',
  masterData: 'ข้อมูลที่ทำให้จองไม่ได้',
  shipTosWithoutCoordinates: 'สถานที่ส่งสินค้าที่ไม่มีพิกัด',
  shipTosNote: 'ใช้พิกัดของตำบลแทน ระยะทางจึงคลาดเคลื่อน',
  vehicleTypesWithoutSettings: 'ประเภทรถที่สาขายังไม่ได้ตั้งค่าความเร็วและเวลา',
  vehicleTypesNote: 'ตั้งค่าที่หน้าสาขา ตามประเภทรถและ Ship Cond',
  daysWithoutSlots: `วันที่ยังไม่มีรถพร้อมใช้ใน ${HOME_SLOT_HORIZON_DAYS} วันข้างหน้า`,
  allDaysHaveSlots: `มีรถพร้อมใช้ครบทุกวันใน ${HOME_SLOT_HORIZON_DAYS} วันข้างหน้า`,
  admin: 'ผู้ดูแลระบบ',
  activeUsers: 'ผู้ใช้ที่เปิดใช้งาน',
  activeSessions: 'การเข้าสู่ระบบที่ยังใช้งานอยู่',
  failedSignInsToday: 'เข้าสู่ระบบไม่สำเร็จวันนี้',
  loading: 'กำลังโหลดข้อมูล...',
  failed: 'โหลดข้อมูลไม่สำเร็จ',
  retry: 'ลองอีกครั้ง',
  noSections: 'สิทธิ์ของคุณไม่มีงานที่ต้องติดตามในหน้านี้ เลือกหน้าที่ต้องการจากเมนู',
  driverApp: 'งานของคนขับรถ (เที่ยวรถวันนี้ จุดส่ง และหลักฐานการส่ง) อยู่ในแอปคนขับ',
  openDriverApp: 'เปิดแอปคนขับ',
  approvedStatements: 'ใบสรุปค่าขนส่งที่อนุมัติแล้ว ทุกเดือน',
  openApprovedStatements: 'เปิดใบสรุปค่าขนส่ง',
  shift: 'กะ',
  vehicleType: 'ประเภทรถ',
  vehicles: 'จำนวนรถ',
  status: 'สถานะ',
};
