import type { Period } from '../api/performance.ts';
import { BUDDHIST_ERA_OFFSET } from '../constants.ts';
import { addDays, dayParts, daysBetween } from '../rules/calendarDay.ts';
import { formatDate } from '../rules/dateFormat.ts';
import { THAI_MONTHS_SHORT } from '../rules/thaiMonths.ts';

/**
 * Which period a figure is compared with (docs/performance-figures.md "ช่วงก่อนหน้า"), defined once
 * for the branch's figures, the branches' table, the workbooks and the screen's words. A branch
 * manager reading a month expects the month before (November against October, not 2–31 October).
 */

const pad = (n: number) => String(n).padStart(2, '0');
const monthName = (month: number): string => THAI_MONTHS_SHORT[month - 1] ?? '';

/** The first day of the month `months` after (negative: before) the month of `year`-`month`. */
function monthStart(year: number, month: number, months: number): string {
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}

/** A `yyyy-MM` month's first and last day: the performance screen's period of that month. */
export function monthPeriod(month: string): Period {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: monthStart(year, number, 0), to: addDays(monthStart(year, number, 1), -1) };
}

/**
 * How many whole calendar months `period` is when it is exactly a month, a quarter (starting in
 * January, April, July or October) or a year (January to December); null for any other range.
 */
export function calendarMonthsOf(period: Period): 1 | 3 | 12 | null {
  const from = dayParts(period.from);
  if (from.day !== 1) return null;
  for (const months of [1, 3, 12] as const) {
    if ((from.month - 1) % months !== 0) continue;
    const end = addDays(monthStart(from.year, from.month, months), -1);
    if (end === period.to) return months;
  }
  return null;
}

/**
 * The period before `period`: a whole calendar month → the calendar month before; a whole quarter
 * → the quarter before; a whole year → the year before; any other range → the same number of days
 * just before it.
 */
export function previousPeriod(period: Period): Period {
  const months = calendarMonthsOf(period);
  if (months !== null) {
    const { year, month } = dayParts(period.from);
    return { from: monthStart(year, month, -months), to: addDays(period.from, -1) };
  }
  const length = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/**
 * A period in a manager's words: a month `ต.ค. 2569`, a quarter `ต.ค.–ธ.ค. 2569`, a year `ปี 2569`,
 * any other range its first and last day. In the user's era (พ.ศ. unless they chose ค.ศ.).
 */
export function periodWords(period: Period, options: { readonly buddhistEra?: boolean } = {}): string {
  const months = calendarMonthsOf(period);
  const { year, month } = dayParts(period.from);
  const shownYear = options.buddhistEra === false ? year : year + BUDDHIST_ERA_OFFSET;
  const era = { buddhistEra: options.buddhistEra !== false };
  if (months === 1) return `${monthName(month)} ${shownYear}`;
  if (months === 3) return `${monthName(month)}–${monthName(month + 2)} ${shownYear}`;
  if (months === 12) return `ปี ${shownYear}`;
  return `${formatDate(period.from, era)}–${formatDate(period.to, era)}`;
}
