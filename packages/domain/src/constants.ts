/** The product's fixed numbers, keys and words (spec §9, §2, §4), declared once. */

export const PRODUCT_NAME = 'LMS';

/**
 * The browser's title for a screen (WCAG 2.4.2): the screen first, so that tabs, history and a
 * screen reader's announcement of the page tell one screen from another; the app's name alone
 * where there is no screen's name.
 */
export const pageTitle = (screen: string | null | undefined, app: string = PRODUCT_NAME): string =>
  screen ? `${screen} · ${app}` : app;

/** Browser storage keys (spec §9). */
export const STORAGE_KEYS = {
  authInfo: 'lms-auth-info',
  authJwt: 'lms-auth-jwt',
  authExp: 'lms-auth-exp',
  authRedirect: 'lms-auth-redirect',
  branch: 'lms-branch',
  nav: 'lms-nav',
} as const;

/**
 * The numbers of spec §9 (and the few of §4/§8) that the domain, the server and the host read.
 * The design system's own visual and timing values (snackbar and toast times and stack sizes,
 * drawer and input sizes, tooltip delay, thumbnail and image-field sizes, viewer fade, zoom
 * range, base font size) live next to the component that uses them, because the design system
 * imports nothing from the domain; its stories and tests hold them to the spec.
 */
export const LIMITS = {
  /** Query cache garbage collection. */
  queryCacheGcMs: 300_000,
  queryRetryCount: 3,
  /** Exponential retry delay is capped at 30 s. */
  queryRetryDelayCapMs: 30_000,
  /** A temporary download URL is revoked after 40 s. */
  downloadUrlRevokeMs: 40_000,
  /** Pause before and after switching branch. */
  branchSwitchPauseMs: 200,
  /** A network failure becomes an error with this status (spec §8). */
  fetchFailureStatus: 400,
  /** 'Login session changed' carries status -1 (spec §8). */
  sessionChangedStatus: -1,
  numberDecimalsDefault: 2,
  listPageSizeDefault: 20,
  listPageSizeMax: 500,
  /**
   * A list counts its matching rows exactly up to this many past the page it shows; beyond, the
   * total is a lower bound ("มากกว่า 10,000 รายการ"): counting a branch's 200,000 DOs for every page
   * costs more than the page itself (docs/performance.md).
   */
  listExactCountLimit: 10_000,
  /**
   * Rows one bulk action (delete, set a field) may touch, in one transaction (issue 22): the list's
   * exact count reaches this far, so "all matching the filter" is always a known number.
   */
  bulkActionMaxRows: 10_000,
  passwordMinLength: 8,
  passwordMaxLength: 128,
  /** Tokens live 60 minutes, a session at most 12 hours (product.md). */
  tokenLifetimeMs: 60 * 60 * 1000,
  sessionAbsoluteLimitMs: 12 * 60 * 60 * 1000,
} as const;

/** Thumbnail fit: COVER by default, CONTAIN for the avatar (spec §7). */
export const THUMBNAIL_FIT = { default: 'COVER', avatar: 'CONTAIN' } as const;

/** Date picker limits and first day of week (spec §9). */
export const DATE_LIMITS = {
  minDate: '1900-01-01',
  maxDate: '2099-12-31',
  /** Sunday. */
  weekStartsOn: 0,
} as const;

export const TIME_ZONE = 'Asia/Bangkok';

/** Years shown in the Buddhist era are the Gregorian year plus 543. */
export const BUDDHIST_ERA_OFFSET = 543;

/** Thai weekday names, index 0 = Sunday as in `weekdays` fields. */
export const WEEKDAY_LABELS = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์'] as const;

/** Route prefixes and the login redirect parameter (spec §2). */
export const ROUTE_PREFIXES = { auth: '/auth', public: '/public' } as const;
export const LOGIN_PATH = '/auth/login';
/** The branch selection page (spec §4): the session rules send a user there. */
export const SELECT_BRANCH_PATH = '/selectBranch';
export const REDIRECT_PARAM = 'to';

/** Fixed words of the shared screens and fields (spec §9, §4), in Thai. */
export const UI_TEXT = {
  uploadPlaceholder: 'คลิกปุ่มเพื่ออัปโหลด →',
  loading: 'กำลังโหลด...',
  noImage: 'ไม่มีรูปภาพ',
  upload: 'อัปโหลด',
  change: 'เปลี่ยน',
  download: 'ดาวน์โหลด',
  remove: 'ลบ',
  save: 'บันทึก',
  cancel: 'ยกเลิก',
  delete: 'ลบ',
  close: 'ปิด',
  create: 'เพิ่ม',
  edit: 'แก้ไข',
  show: 'รายละเอียด',
  search: 'ค้นหา',
  zoomIn: 'ขยาย',
  zoomOut: 'ย่อ',
  previous: 'ก่อนหน้า',
  next: 'ถัดไป',
  changePassword: 'เปลี่ยนรหัสผ่าน',
  logout: 'ออกจากระบบ',
  selectBranch: 'เลือกสาขา',
  oldPassword: 'รหัสผ่านเก่า',
  newPassword: 'รหัสผ่านใหม่',
  newPasswordConfirm: 'ยืนยันรหัสผ่านใหม่',
  empty: '-',
} as const;
