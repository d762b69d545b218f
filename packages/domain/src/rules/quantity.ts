import { formatNumber } from './numberFormat.ts';

/**
 * One way to show each kind of quantity, on every screen (lists, details, history, booking).
 * Storage keeps its own precision (weights in grams, `scale: 3`); what a user reads is this.
 */
export type QuantityKind = 'weight' | 'volume' | 'money' | 'minutes' | 'distance';

export const QUANTITY_FORMATS: Readonly<Record<QuantityKind, { decimals: number; unit: string }>> = {
  // The spec's default of 2 decimals: a list and the booking screens say the same 1,234.50 กก.
  weight: { decimals: 2, unit: 'กก.' },
  // Litres matter when a truck is nearly full: volumes keep 3 decimals.
  volume: { decimals: 3, unit: 'ลบ.ม.' },
  money: { decimals: 2, unit: 'บาท' },
  minutes: { decimals: 0, unit: 'นาที' },
  // Road distances as the spec's default: the suggestion, the refusal and the booking report agree.
  distance: { decimals: 2, unit: 'กม.' },
};

/** `1234.5` → `1,234.50` (a column whose header names the unit). */
export const formatQuantityNumber = (kind: QuantityKind, value: number | string | null | undefined) =>
  formatNumber(value, QUANTITY_FORMATS[kind].decimals);

/** `1234.5` → `1,234.50 กก.` */
export const formatQuantity = (kind: QuantityKind, value: number | string | null | undefined) =>
  `${formatQuantityNumber(kind, value)} ${QUANTITY_FORMATS[kind].unit}`;

/** Unit codes as the ERP sends them (`KG`, `M3`), by the names the product shows. */
const UNIT_NAMES: Readonly<Record<string, string>> = {
  KG: QUANTITY_FORMATS.weight.unit,
  M3: QUANTITY_FORMATS.volume.unit,
};

/** `KG` → `กก.`; a code without a Thai name reads as sent. */
export const unitName = (code: string) => UNIT_NAMES[code.trim().toUpperCase()] ?? code;
