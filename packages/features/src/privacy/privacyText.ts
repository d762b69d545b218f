/** The Thai words of the personal-data access log page (PDPA, docs/privacy.md). */
export const privacyText = {
  title: 'การเข้าถึงข้อมูลส่วนบุคคล',
  intro: 'ทุกครั้งที่มีผู้เปิดดูเบอร์โทรศัพท์หรือรหัส LINE แบบเต็ม ส่งออก หรือลบข้อมูลติดต่อ จะถูกบันทึกไว้ที่นี่ (ใคร เมื่อไร ข้อมูลของใคร)',
  action: 'การกระทำ',
  entity: 'ประเภทข้อมูล',
  all: 'ทั้งหมด',
  from: 'ตั้งแต่วันที่',
  to: 'ถึงวันที่',
  badRange: 'วันที่สิ้นสุดต้องไม่ก่อนวันที่เริ่ม',
  at: 'เวลา',
  user: 'ผู้ใช้',
  record: 'ข้อมูลของ',
  fields: 'ข้อมูลที่เข้าถึง',
  detail: 'รายละเอียด',
  actions: 'ส่งออกตามคำขอ',
  unknownUser: 'ผู้ใช้ที่ถูกลบแล้ว',
  manyRecords: 'หลายรายการ (ส่งออกทั้งรายการ)',
  deletedRecord: 'รายการที่ถูกลบแล้ว',
  empty: 'ไม่มีการเข้าถึงข้อมูลส่วนบุคคลตามเงื่อนไขนี้',
  export: 'ส่งออก JSON',
  /** Starts with the button's words (the accessible name holds the visible text). */
  exportOf: (label: string) => `ส่งออก JSON ข้อมูลส่วนบุคคลของ ${label}`,
  /** On the record's own page. */
  exportRecord: 'ส่งออกข้อมูลส่วนบุคคล (JSON)',
  exported: (label: string) => `ส่งออกข้อมูลส่วนบุคคลของ ${label} แล้ว การส่งออกนี้ถูกบันทึกไว้ด้วย`,
  details: {
    masked: 'ไฟล์ปิดบังเบอร์',
    whole: 'ไฟล์ข้อมูลเต็ม',
    history: 'ประวัติการแก้ไข',
    integration: 'ผ่าน API (ERP)',
    person: 'ตามคำขอของเจ้าของข้อมูล',
  },
} as const;
