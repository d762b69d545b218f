import { DATE_LIMITS } from '../constants.ts';
import { formatDate } from '../rules/dateFormat.ts';

/** Thai messages of the form checks, one function per rule, so that every form says it the same way. */
export const validationMessages = {
  required: (label: string) => `กรุณาระบุ ${label}`,
  text: (label: string) => `${label} ต้องเป็นข้อความ`,
  number: (label: string) => `${label} ต้องเป็นตัวเลข`,
  integer: (label: string) => `${label} ต้องเป็นจำนวนเต็ม`,
  min: (label: string, min: number) => `${label} ต้องไม่น้อยกว่า ${min}`,
  max: (label: string, max: number) => `${label} ต้องไม่มากกว่า ${max}`,
  scale: (label: string, scale: number) => `${label} มีทศนิยมได้ไม่เกิน ${scale} ตำแหน่ง`,
  maxLength: (label: string, max: number) => `${label} ต้องยาวไม่เกิน ${max} ตัวอักษร`,
  date: (label: string) => `${label} ต้องเป็นวันที่ในรูปแบบ yyyy-MM-dd`,
  dateRange: (label: string) =>
    `${label} ต้องอยู่ระหว่าง ${formatDate(DATE_LIMITS.minDate)} ถึง ${formatDate(DATE_LIMITS.maxDate)}`,
  time: (label: string) => `${label} ต้องเป็นเวลาในรูปแบบ HH:mm`,
  datetime: (label: string) => `${label} ต้องเป็นวันและเวลาที่ถูกต้อง`,
  oneOf: (label: string) => `${label} ต้องเป็นค่าหนึ่งในรายการ`,
  email: (label: string) => `${label} ต้องเป็นอีเมลที่ถูกต้อง`,
  boolean: (label: string) => `${label} ต้องเป็นใช่หรือไม่ใช่`,
  list: (label: string) => `${label} ต้องเป็นรายการ`,
  listMax: (label: string, max: number) => `${label} ระบุได้ไม่เกิน ${max} รายการ`,
  childRow: (label: string) => `แต่ละแถวของ ${label} ต้องเป็นข้อมูลแบบ JSON object`,
  weekdays: (label: string) => `${label} ต้องเป็นวันในสัปดาห์ 0 (อาทิตย์) ถึง 6 (เสาร์) ไม่ซ้ำกัน`,
  unknownRoles: (label: string, roles: readonly string[]) => `${label} มีสิทธิ์ที่ไม่รู้จัก: ${roles.join(', ')}`,
  attachmentsMax: (label: string, max: number) => `${label} แนบได้ไม่เกิน ${max} ไฟล์`,
  attachmentsDistinct: (label: string) => `${label} มีไฟล์ซ้ำกัน`,
  attachmentId: (label: string) => `${label} ต้องเป็นรหัสไฟล์ที่อัปโหลดแล้ว`,
  notBelow: (label: string, minLabel: string) => `${label} ต้องไม่น้อยกว่า ${minLabel}`,
  version: 'ไม่พบเวอร์ชันของข้อมูล กรุณาโหลดข้อมูลใหม่',
} as const;
