/**
 * The moment a re-plan plans from (docs/planning.md "Re-planning"): the dispatcher's choice, now
 * by default, inside the shift — not before now, before the shift ends, and from the shift's start
 * when that is later (a shift not yet begun is planned again from its start). One rule for the
 * screen (which refuses before asking) and the server (which refuses what reaches it).
 */

/** A moment may be asked this far before the clock: a dispatcher's clock a little behind the server's. */
export const REPLAN_PAST_TOLERANCE_MINUTES = 5;

export const replanMomentMessages = {
  inPast: 'เวลาที่จะวางแผนใหม่ต้องไม่ก่อนเวลาปัจจุบัน',
  afterShift: 'เวลาที่จะวางแผนใหม่เลยเวลาสิ้นสุดกะแล้ว',
  noTime: 'กรุณาระบุเวลาที่จะวางแผนใหม่ (ชั่วโมง:นาที)',
} as const;

/** A shift on a day: `HH:mm` times; an end not after the start is the next day's. */
export interface ReplanShift {
  readonly date: string;
  readonly startTime: string;
  readonly endTime: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** An instant of a Bangkok day and time (UTC+7 all year). */
const bangkok = (date: string, time: string) => Date.parse(`${date}T${time.slice(0, 5)}:00+07:00`);

/** The shift's start and end as instants. */
export function shiftSpan(shift: ReplanShift): { start: number; end: number } {
  const start = bangkok(shift.date, shift.startTime);
  const end = bangkok(shift.date, shift.endTime);
  return { start, end: end > start ? end : end + DAY };
}

/**
 * A time of day typed for the shift as an instant: on the shift's day, or the next day when it is
 * before the shift's start in a shift past midnight. Null for no time.
 */
export function shiftMoment(shift: ReplanShift, time: string | null): number | null {
  if (!time || !/^\d\d:\d\d/.test(time)) return null;
  const { start, end } = shiftSpan(shift);
  const same = bangkok(shift.date, time);
  return same < start && same + DAY < end ? same + DAY : same;
}

/** Why a re-plan cannot plan from `at` (ms), in Thai naming the rule; null when it can. */
export function replanMomentRefusal(shift: ReplanShift, at: number | null, now: number): string | null {
  if (at === null || !Number.isFinite(at)) return replanMomentMessages.noTime;
  if (at < now - REPLAN_PAST_TOLERANCE_MINUTES * MINUTE) return replanMomentMessages.inPast;
  if (Math.max(at, now) >= shiftSpan(shift).end) return replanMomentMessages.afterShift;
  return null;
}

/**
 * The moment planned from, for a moment `at` the rule allows: never before now, nor before the
 * shift starts. Asked before a shift that has not begun (tomorrow's, from today's clock), a
 * re-plan plans from the shift's start: read as a time of the shift's day, today's clock would be
 * another moment of it.
 */
export function replanFrom(shift: ReplanShift, at: number, now: number): number {
  return Math.max(at, now, shiftSpan(shift).start);
}
