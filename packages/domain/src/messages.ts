/**
 * The error and notice catalogue (spec §2, §4, §8; api.md's status codes): every message a user
 * reads, in Thai. `specText` keeps the spec's original wording where the spec wrote it in English.
 */

export interface CatalogueMessage {
  readonly text: string;
  readonly specText?: string;
}

export const MESSAGES = {
  cookiesDisabled: {
    text: 'กรุณาเปิดใช้งานคุกกี้ในการตั้งค่าเว็บเบราว์เซอร์ เพื่อให้เว็บไซต์ทำงานได้ถูกต้อง',
    specText: 'Please enable cookies in web browser settings to ensure this website works correctly.',
  },
  sessionExpired: {
    text: 'เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง',
    specText: 'Your session has expired, please sign in again.',
  },
  cannotConnect: {
    text: 'ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้',
    specText: 'Could not connect to the server.',
  },
  cannotParseResponse: {
    text: 'ไม่สามารถอ่านข้อมูลตอบกลับจากเซิร์ฟเวอร์ได้',
    specText: 'Could not parse response from the server.',
  },
  unexpectedConnectionFailure: {
    text: 'เกิดข้อผิดพลาดที่ไม่คาดคิดระหว่างเชื่อมต่อกับเซิร์ฟเวอร์',
    specText: 'Unexpected failure while connecting to the server.',
  },
  selectCompany: { text: 'กรุณาเลือกบริษัทเพื่อเข้าใช้งาน', specText: 'กรุณาเลือกบริษัทเพื่อเข้าใช้งาน' },
  downloadFailed: { text: 'ไม่สามารถดาวน์โหลดไฟล์ได้', specText: 'Could not download file.' },
  // Spec §8: "Failed file info, upload, download or image load shows a simple error."
  fileInfoFailed: { text: 'ไม่สามารถอ่านข้อมูลไฟล์ได้' },
  imageLoadFailed: { text: 'ไม่สามารถแสดงรูปภาพได้' },
  unexpectedShape: {
    text: 'เกิดข้อผิดพลาดที่ไม่คาดคิด ดูรายละเอียดในคอนโซล',
    specText: 'Unexpected error, see console.',
  },
  unexpectedNull: { text: 'พบค่าว่างที่ไม่คาดคิด', specText: 'Unexpected null value.' },
  sessionChanged: {
    text: 'การเข้าสู่ระบบเปลี่ยนไปแล้ว กรุณาโหลดหน้าใหม่',
    specText: 'Login session changed, please reload.',
  },
  passwordChanged: { text: 'เปลี่ยนรหัสผ่าน สำเร็จ', specText: 'เปลี่ยนรหัสผ่าน สำเร็จ' },
  noPermission: {
    text: 'คุณไม่มีสิทธิ์ใช้งานหน้านี้ กรุณาตรวจสอบ URL หรือติดต่อผู้ดูแลระบบ',
    specText: 'You have no permission to use this page. Please check the URL or contact the administrator',
  },
  invalidUrl: {
    text: 'URL ไม่ถูกต้อง กรุณาตรวจสอบ URL แล้วลองใหม่อีกครั้ง',
    specText: 'URL invalid, please check the URL and try again',
  },
  noAccessibleBranch: {
    text: 'ไม่มีสาขาที่เข้าใช้งานได้ กรุณาติดต่อผู้ดูแลระบบเพื่อกำหนดสิทธิ์',
    specText: 'no accessible branch, please contact the administrator to set permissions',
  },
  noDetail: { text: 'ไม่มีรายละเอียด', specText: 'no detail' },
  invalidCredentials: { text: 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง' },
  tooManyAttempts: { text: 'พยายามเข้าสู่ระบบหลายครั้งเกินไป กรุณารอสักครู่แล้วลองใหม่' },
  forbidden: { text: 'คุณไม่มีสิทธิ์ทำรายการนี้' },
  branchNotAllowed: { text: 'คุณไม่มีสิทธิ์ใช้งานสาขานี้' },
  notFound: { text: 'ไม่พบข้อมูล' },
  staleVersion: { text: 'ข้อมูลนี้ถูกแก้ไขโดยผู้อื่นแล้ว กรุณาโหลดข้อมูลใหม่ก่อนบันทึก' },
  stillReferenced: { text: 'ลบไม่ได้ เพราะข้อมูลนี้ยังถูกใช้งานอยู่' },
  fileTooLarge: { text: 'ไฟล์มีขนาดใหญ่เกินไป' },
  unsupportedFileType: { text: 'ไม่รองรับไฟล์ชนิดนี้' },
  validationFailed: { text: 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบแล้วลองใหม่' },
  serverError: { text: 'เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่ หรือแจ้งผู้ดูแลระบบพร้อมรหัสคำขอ' },
  saved: { text: 'บันทึกข้อมูล สำเร็จ' },
  deleted: { text: 'ลบข้อมูล สำเร็จ' },
} as const satisfies Record<string, CatalogueMessage>;

export type MessageKey = keyof typeof MESSAGES;

/** 'Unknown error: …' of spec §8, in Thai. */
export function unknownErrorMessage(detail: string): string {
  return `ข้อผิดพลาดที่ไม่รู้จัก: ${detail}`;
}

/** 'Failure response (status N) has no JSON content' of spec §8, in Thai. */
export function noJsonContentMessage(status: number): string {
  return `คำตอบจากเซิร์ฟเวอร์ไม่สำเร็จ (สถานะ ${status}) และไม่มีข้อมูล JSON`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const NOT_PRESENT = Symbol('not present');
const WRONG_SHAPE = Symbol('wrong shape');

/** Messages of one body field: a string, an array of strings, or (for `errors`) a field → message map. */
function messagesOf(value: unknown, allowMap: boolean): string[] | typeof NOT_PRESENT | typeof WRONG_SHAPE {
  if (value === undefined || value === null) return NOT_PRESENT;
  if (typeof value === 'string') return value.trim() === '' ? NOT_PRESENT : [value];
  if (Array.isArray(value)) {
    if (!value.every((item) => typeof item === 'string')) return WRONG_SHAPE;
    const texts = value.filter((item) => item.trim() !== '');
    return texts.length === 0 ? NOT_PRESENT : texts;
  }
  // api.md's 422 body carries `errors: { field: message }` beside `messages`.
  if (allowMap && isRecord(value)) {
    const texts = Object.values(value);
    if (!texts.every((item) => typeof item === 'string')) return WRONG_SHAPE;
    return texts.length === 0 ? NOT_PRESENT : texts;
  }
  return WRONG_SHAPE;
}

function describe(body: unknown): string {
  try {
    return JSON.stringify(body) ?? String(body);
  } catch {
    return String(body);
  }
}

/**
 * The messages of a failed response (spec §8): from `messages`, `errors` or `error` (array or
 * string), else 'Unknown error: …'. `body` is `undefined` when the response had no JSON.
 */
export function extractMessages(body: unknown, status: number): string[] {
  if (body === undefined) return [noJsonContentMessage(status)];
  if (!isRecord(body)) return [unknownErrorMessage(describe(body))];
  for (const key of ['messages', 'errors', 'error'] as const) {
    const found = messagesOf(body[key], key === 'errors');
    if (found === WRONG_SHAPE) return [MESSAGES.unexpectedShape.text];
    if (found !== NOT_PRESENT) return found;
  }
  return [unknownErrorMessage(describe(body))];
}

/** A 401 (spec §8): the body's `messages`, or the session-expired message. */
export function unauthorizedMessages(body: unknown): string[] {
  if (isRecord(body)) {
    const found = messagesOf(body.messages, false);
    if (Array.isArray(found)) return found;
  }
  return [MESSAGES.sessionExpired.text];
}

/** What an error shows (spec §8): its `messages`, else its `message`, else the 'no detail' placeholder. */
export function messagesOfError(error: unknown): string[] {
  if (isRecord(error) || error instanceof Error) {
    const record = error as unknown as Record<string, unknown>;
    const fromList = messagesOf(record.messages, false);
    if (Array.isArray(fromList)) return fromList;
    const fromMessage = messagesOf(record.message, false);
    if (Array.isArray(fromMessage)) return fromMessage;
  }
  if (typeof error === 'string' && error.trim() !== '') return [error];
  return [MESSAGES.noDetail.text];
}

/** Several messages in one snackbar are joined by line breaks (spec §8). */
export function joinMessages(messages: readonly string[]): string {
  return messages.join('\n');
}
