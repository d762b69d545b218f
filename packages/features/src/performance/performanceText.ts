/** The performance screen's own words (the figures' names are the domain's `headlineFigures`). */
export const performanceText = {
  title: 'ผลการจัดส่ง',
  intro:
    'ตัวชี้วัดของสาขาในเดือนที่เลือก เทียบกับช่วงเดียวกันก่อนหน้า นิยามของแต่ละตัวอยู่ในคู่มือผลการจัดส่ง กดชื่อตัวชี้วัดหรือชื่อแถวเพื่อเปิดรายการเบื้องหลังตัวเลข',
  month: 'เดือน',
  excel: 'ส่งออก Excel',
  exportFailed: 'ส่งออกไม่สำเร็จ',
  previous: 'ช่วงก่อน',
  change: 'เปลี่ยนแปลง',
  counted: (n: number) => `จาก ${n.toLocaleString('th-TH')} รายการ`,
  nothing: 'ไม่มีข้อมูล',
  loading: 'กำลังโหลดผลการจัดส่ง…',
  loadingChart: 'กำลังวาดแผนภูมิ…',
  empty: 'ไม่มีรายการในช่วงนี้',
} as const;
