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

/** A time window `HH:mm`–`HH:mm` of a shift or a ban; seconds, if any, are ignored. */
export interface TimeWindow {
  readonly start: string;
  readonly end: string;
}

const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The minutes of the day a window covers, as [start, end] spans. Shift and ban times are two
 * independent fields (nothing makes the end later than the start), so an end at or before the
 * start means the window runs past midnight; an end equal to the start is a whole day.
 */
function spansOf(window: TimeWindow): [number, number][] {
  const start = minutesOfDay(window.start);
  const end = minutesOfDay(window.end);
  return end > start
    ? [[start, end]]
    : [
        [start, 1440],
        [0, end],
      ];
}

/** Two time windows `HH:mm`–`HH:mm` overlap; a window whose end is before its start runs past midnight. */
export function timeWindowsOverlap(a: TimeWindow, b: TimeWindow): boolean {
  return spansOf(a).some(([aStart, aEnd]) =>
    spansOf(b).some(([bStart, bEnd]) => aStart < bEnd && bStart < aEnd),
  );
}

/** A time of day lies within a window, both ends included (past midnight as in `timeWindowsOverlap`). */
export function isTimeInWindow(time: string, window: TimeWindow): boolean {
  const at = minutesOfDay(time);
  return spansOf(window).some(([start, end]) => start <= at && at <= end);
}

/** `08:00–12:00`; a window past midnight says so (`22:00–06:00 (ข้ามเที่ยงคืน)`). */
export function timeWindowLabel(window: TimeWindow): string {
  const label = `${window.start.slice(0, 5)}–${window.end.slice(0, 5)}`;
  return spansOf(window).length > 1 ? `${label} (ข้ามเที่ยงคืน)` : label;
}

/** A shift's name with the word "กะ" once: the demo's shifts are named "กะเช้า", others just "เช้า". */
export const shiftLabel = (name: string): string => (name.startsWith('กะ') ? name : `กะ${name}`);
