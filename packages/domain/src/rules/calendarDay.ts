import { type CalendarDate, parseDate } from '@internationalized/date';

/**
 * Calendar days as the API and the database speak them, `yyyy-MM-dd`, with no time of day and no
 * time zone: the one place their arithmetic lives (issue "The house": it was redone in fourteen
 * places as `new Date(\`${day}T00:00:00Z\`)`). On `@internationalized/date`'s `CalendarDate`,
 * which the design system's date fields already use and which knows the Buddhist calendar.
 * Today's day in Bangkok is `bangkokIsoDate` (dateFormat.ts): a clock is read there, never here.
 */

export type IsoDay = string;

const calendarDay = (day: IsoDay): CalendarDate => parseDate(day);

/** `day` moved by `days` (negative: back). */
export function addDays(day: IsoDay, days: number): IsoDay {
  return calendarDay(day).add({ days }).toString();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return calendarDay(to).compare(calendarDay(from));
}

/** `count` consecutive days from `start`. */
export function daysFrom(start: IsoDay, count: number): IsoDay[] {
  const first = calendarDay(start);
  return Array.from({ length: Math.max(0, count) }, (_, index) => first.add({ days: index }).toString());
}

/** The days from `from` to `to`, both included, at most `max` of them; none when `to` is earlier. */
export function dayRange(from: IsoDay, to: IsoDay, max = Number.POSITIVE_INFINITY): IsoDay[] {
  return daysFrom(from, Math.min(daysBetween(from, to) + 1, max));
}

/** Weekday, 0 = Sunday (the week starts on Sunday, spec §9). */
export function dayOfWeek(day: IsoDay): number {
  const date = calendarDay(day);
  // 1970-01-04 was a Sunday.
  return (((date.compare(parseDate('1970-01-04')) % 7) + 7) % 7) as number;
}

/** Year, month (1–12) and day of the month. */
export function dayParts(day: IsoDay): {
  readonly year: number;
  readonly month: number;
  readonly day: number;
} {
  const date = calendarDay(day);
  return { year: date.year, month: date.month, day: date.day };
}
