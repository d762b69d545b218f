import { formatNumber } from '@lms/domain';

/** The performance screen's own words (the figures' names are the domain's `headlineFigures`). */
export const performanceText = {
  title: 'ผลการจัดส่ง',
  intro:
    'ตัวชี้วัดของสาขาในเดือนที่เลือก เทียบกับเดือนก่อนหน้า นิยามของแต่ละตัวอยู่ในคู่มือผลการจัดส่ง กดชื่อตัวชี้วัดหรือชื่อแถวเพื่อเปิดรายการเบื้องหลังตัวเลข',
  month: 'เดือน',
  excel: 'ส่งออก Excel',
  exportFailed: 'ส่งออกไม่สำเร็จ',
  counted: (n: number) => `จาก ${n.toLocaleString('th-TH')} รายการ`,
  nothing: 'ไม่มีข้อมูล',
  loading: 'กำลังโหลดผลการจัดส่ง…',
  loadingChart: 'กำลังวาดแผนภูมิ…',
  empty: 'ไม่มีรายการในช่วงนี้',
  scope: 'ดูผลของ',
  scopeOne: 'สาขาที่เลือกอยู่',
  scopeAll: 'ทุกสาขาที่ดูได้',
  scopeSome: 'เลือกหลายสาขา',
  scopeBranches: 'สาขา',
  noBranches: 'ไม่มีสาขาที่ดูได้',
  companyHeading: (n: number) => `รวม ${n.toLocaleString('th-TH')} สาขา`,
  openBranch: 'เปิดผลการจัดส่งของสาขานี้',
  comparedWith: 'เทียบกับ',
  closeStops: 'ปิดรายการ',
  openRecords: 'เปิดรายการเบื้องหลังตัวเลขนี้',
  /** A month with no stop counted yet (its first days) whose month before has some. */
  nothingCountedYet: (month: string) => `${month} ยังไม่มีจุดส่งที่นับได้`,
  showMonth: (month: string) => `ดูผลของ ${month}`,
} as const;

/** A figure's value with its unit, or "ไม่มีข้อมูล" when nothing was counted (never 0). */
export const figureText = (value: number | null, unit: string): string =>
  value === null ? performanceText.nothing : `${formatNumber(value, 1)} ${unit}`;
