import { bangkokIsoDate, isValidIsoDate } from '@lms/domain';
import type { IsoDate } from './world.ts';

/** Calendar-day arithmetic on `yyyy-MM-dd` strings; no clock is read here. */

const DAY_MS = 86_400_000;

/** Today as a calendar day in Asia/Bangkok: a day passes through, an instant is read in Bangkok. */
export function todayIn(today: IsoDate | Date): IsoDate {
  if (typeof today === 'string') {
    if (!isValidIsoDate(today)) throw new RangeError(`Not a date: ${today}`);
    return today;
  }
  return bangkokIsoDate(today);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** `count` consecutive days from `start`. */
export function daysFrom(start: IsoDate, count: number): IsoDate[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(start, index));
}
