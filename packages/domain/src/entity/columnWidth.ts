import type { FieldDef } from './types.ts';

/**
 * How wide a list column is drawn, in CSS pixels: the field's declared `listWidth`, else one width
 * per kind of value, wide enough for its usual value and its Thai header. The grid sizes a column
 * by this alone, never by the values in it (issue 43: a 2,760-character name made a list 1,516 px
 * wider than its box); a longer value is cut and shown whole on hover and focus. A person may
 * still widen a column, kept in a saved view.
 */
export function listColumnWidth(field: Pick<FieldDef, 'type' | 'listWidth' | 'maxLength'>): number {
  if (field.listWidth !== undefined) return field.listWidth;
  switch (field.type) {
    case 'date':
      return COLUMN_WIDTHS.date;
    case 'datetime':
      return COLUMN_WIDTHS.dateTime;
    case 'time':
      return COLUMN_WIDTHS.time;
    case 'integer':
    case 'boolean':
      return COLUMN_WIDTHS.small;
    case 'decimal':
      return COLUMN_WIDTHS.quantity;
    case 'enum':
    case 'weekdays':
      return COLUMN_WIDTHS.status;
    case 'string':
      return (field.maxLength ?? Number.POSITIVE_INFINITY) <= SHORT_TEXT
        ? COLUMN_WIDTHS.code
        : COLUMN_WIDTHS.name;
    case 'ref':
    case 'refs':
      return COLUMN_WIDTHS.reference;
    case 'text':
      return COLUMN_WIDTHS.text;
    default:
      return COLUMN_WIDTHS.name;
  }
}

/** A string this short is a code or a number, not a name. */
const SHORT_TEXT = 20;

/** The widths the declarations choose from (px). */
export const COLUMN_WIDTHS = {
  /** ใช่/ไม่ใช่, a count. */
  small: 96,
  time: 88,
  /** `dd/MM/yyyy`. */
  date: 112,
  /** `dd/MM/yyyy HH:mm`. */
  dateTime: 152,
  /** `24,750.00 กก.` */
  quantity: 120,
  /** A code, a short enum label. */
  code: 128,
  /** A document number (`BK20261129000009`). */
  docNo: 160,
  /** A status's Thai label. */
  status: 136,
  /** A phone number. */
  tel: 128,
  /** A reference's `code: name`; a longer one is cut. */
  reference: 176,
  /** A name. */
  name: 200,
  /** Long text (an address, a description), cut to one line. */
  text: 240,
} as const;
