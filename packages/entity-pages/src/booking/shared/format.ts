import { bookingLines, formatNumber, formatQuantity } from '@lms/domain';

/** Thai figures for booking screens: one place so every step says amounts the same way. */

const thaiWeekdays = ['อา.', 'จ.', 'อ.', 'พ.', 'พฤ.', 'ศ.', 'ส.'];
const thaiMonthsShort = [
  'ม.ค.',
  'ก.พ.',
  'มี.ค.',
  'เม.ย.',
  'พ.ค.',
  'มิ.ย.',
  'ก.ค.',
  'ส.ค.',
  'ก.ย.',
  'ต.ค.',
  'พ.ย.',
  'ธ.ค.',
];

/** `2025-01-08` → `พ. 8 ม.ค. 2025` (ISO days are calendar days: read in UTC, no clock). */
export function thaiDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  return `${thaiWeekdays[date.getUTCDay()]} ${date.getUTCDate()} ${thaiMonthsShort[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function shortDay(isoDay: string): { weekday: string; day: string } {
  const date = new Date(`${isoDay}T00:00:00Z`);
  return {
    weekday: thaiWeekdays[date.getUTCDay()] ?? '',
    day: `${date.getUTCDate()} ${thaiMonthsShort[date.getUTCMonth()]}`,
  };
}

export const kg = (value: number) => formatQuantity('weight', value);
export const m3 = (value: number) => formatQuantity('volume', value);
export const minutes = (value: number) => formatQuantity('minutes', value);
export const km = (value: number) => formatQuantity('distance', value);
export const hours = (minute: number) => `${formatNumber(minute / 60, 1)} ชม.`;
export const percent = (value: number) => `${formatNumber(value, 1)}%`;
export const baht = (value: number | null | undefined) =>
  value === null || value === undefined ? 'ไม่มีราคา' : formatQuantity('money', value);

/** `Date` (local midnight, as CapacityCalendar hands it) → ISO day. */
export function isoOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** ISO day → local-midnight `Date` for CapacityCalendar. */
export function dateOf(isoDay: string): Date {
  const [y, m, d] = isoDay.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

export function addIsoDays(isoDay: string, days: number): string {
  const date = new Date(`${isoDay}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Decimals of a booked quantity, in the DO line's unit: as the booking line declares it. */
export const lineQtyScale = bookingLines.fields.find((field) => field.name === 'qty')?.scale ?? 3;

/** A quantity as the planner reads it in a sentence: no trailing zeros (`20`, `12.5`). */
export const qtyText = (qty: number) => qty.toLocaleString('en-US', { maximumFractionDigits: lineQtyScale });
