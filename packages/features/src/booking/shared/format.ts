import {
  BUDDHIST_ERA_OFFSET,
  type DateFormatOptions,
  dayOfWeek,
  dayParts,
  formatNumber,
  formatQuantity,
  THAI_MONTHS_SHORT,
} from '@lms/domain';

/** Thai figures for booking screens: one place so every step says amounts the same way. */

const thaiWeekdays = ['อา.', 'จ.', 'อ.', 'พ.', 'พฤ.', 'ศ.', 'ส.'];
const thaiMonthsShort = THAI_MONTHS_SHORT;

/**
 * `2025-01-08` → `พ. 8 ม.ค. 2025`, or `พ. 8 ม.ค. 2568` in the Buddhist era. A screen takes it from
 * `useThaiDay`, in its user's era.
 */
export function thaiDay(isoDay: string, era: DateFormatOptions = {}): string {
  const { year, month, day } = dayParts(isoDay);
  const shown = era.buddhistEra ? year + BUDDHIST_ERA_OFFSET : year;
  return `${thaiWeekdays[dayOfWeek(isoDay)]} ${day} ${thaiMonthsShort[month - 1]} ${shown}`;
}

export function shortDay(isoDay: string): { weekday: string; day: string } {
  const { month, day } = dayParts(isoDay);
  return { weekday: thaiWeekdays[dayOfWeek(isoDay)] ?? '', day: `${day} ${thaiMonthsShort[month - 1]}` };
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
