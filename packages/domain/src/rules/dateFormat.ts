import { BUDDHIST_ERA_OFFSET, DATE_LIMITS, TIME_ZONE, UI_TEXT } from '../constants.ts';
import { dayOfWeek } from './calendarDay.ts';

/** Dates as the product shows them: dd/MM/yyyy and HH:mm in Asia/Bangkok, optionally Buddhist-era years. */

export type DateInput = string | number | Date | null | undefined;

export interface DateFormatOptions {
  /** Show the year in the Buddhist era (พ.ศ., Gregorian + 543). Stored dates stay ISO. */
  readonly buddhistEra?: boolean;
}

interface DateParts {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d+)?)?$/;

const bangkokFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** A calendar date `yyyy-MM-dd` that exists (no 2023-02-30). */
export function isValidIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A time of day `HH:mm` (seconds allowed), 00:00 to 23:59. */
export function isValidTime(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

/** Within the date picker's range, 1900-01-01 to 2099-12-31 (spec §9). */
export function isWithinDateLimits(isoDate: string): boolean {
  return isValidIsoDate(isoDate) && isoDate >= DATE_LIMITS.minDate && isoDate <= DATE_LIMITS.maxDate;
}

function partsInBangkok(instant: Date): DateParts {
  const parts = bangkokFormatter.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((part) => part.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** Date-only strings are calendar days (no zone); anything else is an instant shown in Bangkok. */
function toParts(value: DateInput): DateParts | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return null;
    const dateOnly = ISO_DATE.exec(trimmed);
    if (dateOnly) {
      if (!isValidIsoDate(trimmed)) return null;
      return {
        year: Number(dateOnly[1]),
        month: Number(dateOnly[2]),
        day: Number(dateOnly[3]),
        hour: 0,
        minute: 0,
      };
    }
  }
  const instant = value instanceof Date ? value : new Date(value);
  return Number.isNaN(instant.getTime()) ? null : partsInBangkok(instant);
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function datePart(parts: DateParts, options: DateFormatOptions): string {
  const year = options.buddhistEra ? parts.year + BUDDHIST_ERA_OFFSET : parts.year;
  return `${pad(parts.day)}/${pad(parts.month)}/${pad(year, 4)}`;
}

/** `dd/MM/yyyy`, '-' when empty or invalid. */
export function formatDate(value: DateInput, options: DateFormatOptions = {}): string {
  const parts = toParts(value);
  return parts ? datePart(parts, options) : UI_TEXT.empty;
}

/** `HH:mm` of a time of day (`08:30`, `08:30:00`) or of an instant in Bangkok; '-' when empty. */
export function formatTime(value: DateInput): string {
  if (typeof value === 'string') {
    const match = TIME_OF_DAY.exec(value.trim());
    if (match) return `${match[1]}:${match[2]}`;
  }
  const parts = toParts(value);
  return parts ? `${pad(parts.hour)}:${pad(parts.minute)}` : UI_TEXT.empty;
}

/** `dd/MM/yyyy HH:mm` in Bangkok; '-' when empty. */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const parts = toParts(value);
  return parts ? `${datePart(parts, options)} ${pad(parts.hour)}:${pad(parts.minute)}` : UI_TEXT.empty;
}

/** The calendar day of an instant in Bangkok, `yyyy-MM-dd` (today for SLA counting). */
export function bangkokIsoDate(instant: Date): string {
  const parts = partsInBangkok(instant);
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** Weekday of a calendar date, 0 = Sunday (the week starts on Sunday, spec §9). */
export function weekdayOf(isoDate: string): number {
  if (!isValidIsoDate(isoDate)) throw new RangeError(`Not a date: ${isoDate}`);
  return dayOfWeek(isoDate);
}
