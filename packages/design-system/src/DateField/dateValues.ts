import {
  CalendarDate,
  type DateValue,
  parseAbsolute,
  parseDate,
  parseTime,
  type Time,
  type ZonedDateTime,
} from '@internationalized/date';
import { THAI_BUDDHIST_LOCALE, THAI_LOCALE } from '../theme/locale.ts';

/*
 * Spec §9 date rules. The same values live in `@lms/domain` (DATE_LIMITS, BUDDHIST_ERA_OFFSET,
 * TIME_ZONE), but the design system may not import domain (docs/architecture.md,
 * tests/architecture.test.ts), so they are repeated here: keep both in step.
 */
export const DATE_MIN = '1900-01-01';
export const DATE_MAX = '2099-12-31';
/** Sunday first (spec §9: first day of week 0). */
export const FIRST_DAY_OF_WEEK = 'sun';
export const BUDDHIST_ERA_OFFSET = 543;
/** Timestamps are entered and shown as wall-clock time in Bangkok. */
export const TIME_ZONE = 'Asia/Bangkok';

export const minDate = parseDate(DATE_MIN);
export const maxDate = parseDate(DATE_MAX);

/** Thai with Gregorian years, or Thai with its own (Buddhist-era) calendar when `buddhistEra`. */
export function thaiLocale(buddhistEra: boolean | undefined): string {
  return buddhistEra ? THAI_BUDDHIST_LOCALE : THAI_LOCALE;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)/;

/** `yyyy-MM-dd` → CalendarDate; null for empty or malformed strings. */
export function toCalendarDate(value: string | null | undefined): CalendarDate | null {
  if (!value || !ISO_DATE.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

/** `HH:mm` (seconds ignored) → Time; null for empty or malformed strings. */
export function toTime(value: string | null | undefined): Time | null {
  const match = value ? TIME_OF_DAY.exec(value) : null;
  if (!match) return null;
  return parseTime(`${match[1]}:${match[2]}`);
}

/** ISO timestamp → the wall-clock time in Bangkok; null for empty or malformed strings. */
export function toBangkokDateTime(value: string | null | undefined): ZonedDateTime | null {
  if (!value) return null;
  try {
    return parseAbsolute(value, TIME_ZONE);
  } catch {
    return null;
  }
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `HH:mm` of a Time or a date-time. */
export function timeString(value: { hour: number; minute: number }): string {
  return `${pad(value.hour)}:${pad(value.minute)}`;
}

/** Within 1900-01-01 to 2099-12-31 (spec §9); any calendar, compared as Gregorian days. */
export function isWithinLimits(value: DateValue): boolean {
  const day = new CalendarDate(value.era === 'BC' ? -value.year : value.year, value.month, value.day);
  return day.compare(minDate) >= 0 && day.compare(maxDate) <= 0;
}

/** `dd/MM/yyyy` as domain `formatDate` shows it, years in the Buddhist era on request. */
export function formatDay(
  value: { year: number; month: number; day: number },
  buddhistEra?: boolean,
): string {
  const year = buddhistEra ? value.year + BUDDHIST_ERA_OFFSET : value.year;
  return `${pad(value.day)}/${pad(value.month)}/${pad(year, 4)}`;
}

/** The Thai error for a typed date outside the picker's range, in the year style shown. */
export function outOfRangeMessage(template: string, buddhistEra?: boolean): string {
  return template
    .replace('{min}', formatDay(minDate, buddhistEra))
    .replace('{max}', formatDay(maxDate, buddhistEra));
}
