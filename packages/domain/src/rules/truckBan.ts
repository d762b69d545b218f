/** Which weekdays a truck ban applies to, from its `banDayPattern` and `bannedWeekdays`. */

export type BanDayPattern = 'EVERY_DAY' | 'WEEKDAYS' | 'WEEKENDS' | 'CUSTOM';

const PATTERN_DAYS: Readonly<Record<Exclude<BanDayPattern, 'CUSTOM'>, readonly number[]>> = {
  EVERY_DAY: [0, 1, 2, 3, 4, 5, 6],
  WEEKDAYS: [1, 2, 3, 4, 5],
  WEEKENDS: [0, 6],
};

/** The banned weekdays (0 = Sunday … 6), sorted; CUSTOM takes the config's own list. */
export function bannedWeekdaysOf(
  pattern: BanDayPattern,
  bannedWeekdays: readonly number[] | null | undefined,
): number[] {
  const days = pattern === 'CUSTOM' ? (bannedWeekdays ?? []) : PATTERN_DAYS[pattern];
  return [...new Set(days.filter((day) => Number.isInteger(day) && day >= 0 && day <= 6))].sort(
    (a, b) => a - b,
  );
}

export function isBanDay(
  pattern: BanDayPattern,
  bannedWeekdays: readonly number[] | null | undefined,
  weekday: number,
): boolean {
  return bannedWeekdaysOf(pattern, bannedWeekdays).includes(weekday);
}

/** Two time windows `HH:mm`–`HH:mm` overlap; a window whose end is before its start runs past midnight. */
export function timeWindowsOverlap(
  a: { readonly start: string; readonly end: string },
  b: { readonly start: string; readonly end: string },
): boolean {
  const minutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const spans = (window: { start: string; end: string }): [number, number][] => {
    const start = minutes(window.start);
    const end = minutes(window.end);
    return end > start
      ? [[start, end]]
      : [
          [start, 1440],
          [0, end],
        ];
  };
  return spans(a).some(([aStart, aEnd]) => spans(b).some(([bStart, bEnd]) => aStart < bEnd && bStart < aEnd));
}
