export const thaiMonths = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const;
/** Sunday first (spec §9: first day of week 0). */
export const thaiDays = ['อาทิตย์', 'จันทร์', 'อังคาร', 'พุธ', 'พฤหัสบดี', 'ศุกร์', 'เสาร์'] as const;
export const thaiDaysShort = ['อา', 'จ', 'อ', 'พ', 'พฤ', 'ศ', 'ส'] as const;

export type CalendarView = 'month' | 'week';

/** A calendar day at local midnight; time of day never matters here. */
export function dayOf(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export function addMonths(date: Date, months: number): Date {
  const target = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  return new Date(target.getFullYear(), target.getMonth(), Math.min(date.getDate(), lastDay));
}

export function sameDay(a: Date | null | undefined, b: Date | null | undefined): boolean {
  return (
    !!a &&
    !!b &&
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** The days shown: whole weeks (Sunday–Saturday) covering the month, or the week of `anchor`. */
export function visibleDays(anchor: Date, view: CalendarView): Date[] {
  const first = view === 'month' ? new Date(anchor.getFullYear(), anchor.getMonth(), 1) : anchor;
  const start = addDays(first, -first.getDay());
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(start, i));
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0);
  const end = addDays(last, 6 - last.getDay());
  const count = Math.round((end.getTime() - start.getTime()) / 86_400_000) + 1;
  return Array.from({ length: count }, (_, i) => addDays(start, i));
}

export function thaiYear(date: Date, buddhistEra: boolean): number {
  return date.getFullYear() + (buddhistEra ? 543 : 0);
}

export function thaiDate(date: Date, buddhistEra: boolean): string {
  return `${thaiDays[date.getDay()]} ${date.getDate()} ${thaiMonths[date.getMonth()]} ${thaiYear(date, buddhistEra)}`;
}
