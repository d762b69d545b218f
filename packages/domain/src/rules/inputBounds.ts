import { formatNumber } from './numberFormat.ts';

/**
 * The bounds every input that drives work is held to, checked before the work (docs/security.md,
 * "Bounds"). A request past one is refused with a Thai 400 that names the bound and its number.
 */
export const INPUT_BOUNDS = {
  /** One value of any query or path parameter, on every route (the net under every route's own bound). */
  queryValueLength: 2_000,
  /** Values of one repeated query parameter (`ids=a&ids=b`), on every route: a list page's largest size. */
  queryValueCount: 500,
  /** A list's free search (`searchTerm`): longer than any code, name or document number it can match. */
  searchTermLength: 100,
  /** One value of a list filter that is not a stored field's text (ids, numbers, dates, named filters). */
  filterValueLength: 100,
  /** Sort keys of one list request. */
  sortKeys: 5,
  /**
   * Rows a list may skip to reach its page (page × size): PostgreSQL reads every skipped row, and
   * no person pages 100,000 rows deep — a filter narrows faster.
   */
  listOffset: 100_000,
  /** Ids one `refs` field or one child list of a record may hold. */
  listItems: 500,
  /**
   * A rebooking choice of the customer's link (`RebookChoice`): an engine option's slots and DO
   * lines under the server's MAC. A returned DO's option is a few hundred characters; this holds
   * some twenty line parts over several slots.
   */
  rebookChoiceLength: 4_000,
} as const;

/** Thai refusals of the bounds, one per rule, each with its number. */
export const boundMessages = {
  tooLong: (name: string, max: number, got: number) =>
    `${name} ยาวได้ไม่เกิน ${formatNumber(max, 0)} ตัวอักษร (ส่งมา ${formatNumber(got, 0)} ตัวอักษร)`,
  tooMany: (name: string, max: number, got: number) =>
    `${name} ระบุได้ไม่เกิน ${formatNumber(max, 0)} ค่า (ส่งมา ${formatNumber(got, 0)} ค่า)`,
  tooDeep: (max: number) =>
    `เลื่อนไปได้ไม่เกิน ${formatNumber(max, 0)} รายการแรก (page × size) กรุณาใช้ตัวกรองให้แคบลง`,
} as const;
