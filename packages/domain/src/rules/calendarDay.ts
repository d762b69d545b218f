/**
 * Calendar days as the API and the database speak them, `yyyy-MM-dd`, with no time of day and no
 * time zone: the one place their arithmetic lives (issue "The house": it was redone in fourteen
 * places as `new Date(\`${day}T00:00:00Z\`)`). A day is counted as its number of days from
 * 1970-01-01 on the proleptic Gregorian calendar (`Date.UTC`, which has no time zone and no
 * daylight saving); the design system's date fields work on `@internationalized/date`, which these
 * few sums used to as well — hand-written so the staff shell does not carry that library (5.8 kB
 * gzip) for the home's week (issue 41, docs/performance.md). `calendarDay.test.ts` holds them
 * equal to UTC midnight arithmetic on every day 1900–2099.
 * Today's day in Bangkok is `bangkokIsoDate` (dateFormat.ts): a clock is read there, never here.
 */

export type IsoDay = string;

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days from 1970-01-01 to `day`; a string that is no real `yyyy-MM-dd` day throws. */
function dayNumber(day: IsoDay): number {
  const parts = ISO_DAY.exec(day);
  if (!parts) throw new Error(`Invalid ISO 8601 date string: ${day}`);
  const [year, month, date] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date);
  // A month or day past its end rolls over in Date: the day does not exist.
  if (month < 1 || at.getUTCMonth() !== month - 1 || date < 1)
    throw new RangeError(`Invalid calendar day: ${day}`);
  return Math.round(at.getTime() / DAY_MS);
}

/** The `yyyy-MM-dd` of a day number. */
function isoDay(number: number): IsoDay {
  const at = new Date(number * DAY_MS);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(at.getUTCFullYear(), 4)}-${pad(at.getUTCMonth() + 1, 2)}-${pad(at.getUTCDate(), 2)}`;
}

/** `day` moved by `days` (negative: back). */
export function addDays(day: IsoDay, days: number): IsoDay {
  return isoDay(dayNumber(day) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return dayNumber(to) - dayNumber(from);
}

/** `count` consecutive days from `start`. */
export function daysFrom(start: IsoDay, count: number): IsoDay[] {
  const first = dayNumber(start);
  return Array.from({ length: Math.max(0, count) }, (_, index) => isoDay(first + index));
}

/** The days from `from` to `to`, both included, at most `max` of them; none when `to` is earlier. */
export function dayRange(from: IsoDay, to: IsoDay, max = Number.POSITIVE_INFINITY): IsoDay[] {
  return daysFrom(from, Math.min(daysBetween(from, to) + 1, max));
}

/** Weekday, 0 = Sunday (the week starts on Sunday, spec §9). */
export function dayOfWeek(day: IsoDay): number {
  // 1970-01-01 was a Thursday (4).
  return (((dayNumber(day) + 4) % 7) + 7) % 7;
}

/** Year, month (1–12) and day of the month. */
export function dayParts(day: IsoDay): {
  readonly year: number;
  readonly month: number;
  readonly day: number;
} {
  const at = new Date(dayNumber(day) * DAY_MS);
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}
