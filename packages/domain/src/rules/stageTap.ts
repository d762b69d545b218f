import { formatDate, formatDateTime } from './dateFormat.ts';
import { shiftLabel, timeWindowLabel } from './truckBan.ts';

/**
 * A driver's tap of "บันทึกเวลาจริง" judged against the shipment's planned day and shift (docs/planning.md
 * "Stage times"): what cannot be right is refused, what is merely unusual is asked about first. The
 * time judged is the one tapped (an offline tap sent later carries its own), never the time received.
 */

/** A tap earlier than this before its shift starts cannot be right (a phone on another day). */
export const TAP_REFUSED_BEFORE_SHIFT_MINUTES = 6 * 60;
/** A tap later than this after its shift ends cannot be right. */
export const TAP_REFUSED_AFTER_SHIFT_MINUTES = 24 * 60;
/** A tap earlier than the stage's planned time (else the shift's start) by more than this is asked about. */
export const TAP_ASKED_BEFORE_PLAN_MINUTES = 60;
/** A tap later than the shift's end by more than this is asked about. */
export const TAP_ASKED_AFTER_SHIFT_MINUTES = 2 * 60;

/** What a tap is judged against: the shipment's planned day and shift, and the stage's planned time. */
export interface StageTapPlan {
  /** The day of the shipment's shift; null (a shipment typed in without one): nothing to judge against. */
  readonly shiftDate: string | null;
  readonly shift: { readonly name: string; readonly startTime: string; readonly endTime: string } | null;
  /** The stage's planned day and time (`HH:mm`), when planned. */
  readonly planned: { readonly date: string; readonly time: string } | null;
}

export type StageTapVerdict =
  | { readonly verdict: 'ok' }
  | { readonly verdict: 'refused' | 'unusual'; readonly message: string };

const MINUTE = 60_000;

/** An instant of a Bangkok day and time (UTC+7 all year). */
const bangkokInstant = (date: string, time: string): number =>
  Date.parse(`${date}T${time.slice(0, 5)}:00+07:00`);

const hours = (minutes: number) => (minutes % 60 === 0 ? `${minutes / 60} ชม.` : `${minutes} นาที`);

/**
 * The first instant a tap or a phone's event of the trip is not refused (six hours before its
 * shift's start, `TAP_REFUSED_BEFORE_SHIFT_MINUTES`); null without a planned shift. The phone shows
 * it on tomorrow's trip instead of buttons whose taps would be refused.
 */
export function tapsOpenAt(plan: Pick<StageTapPlan, 'shiftDate' | 'shift'>): Date | null {
  if (!plan.shiftDate || !plan.shift) return null;
  return new Date(
    bangkokInstant(plan.shiftDate, plan.shift.startTime) - TAP_REFUSED_BEFORE_SHIFT_MINUTES * MINUTE,
  );
}

export function judgeStageTap(stage: string, at: Date, plan: StageTapPlan): StageTapVerdict {
  const { shiftDate, shift } = plan;
  if (!shiftDate || !shift) return { verdict: 'ok' };
  const start = bangkokInstant(shiftDate, shift.startTime);
  let end = bangkokInstant(shiftDate, shift.endTime);
  // A shift whose end is not after its start runs past midnight.
  if (end <= start) end += 24 * 60 * MINUTE;
  const tapped = at.getTime();
  const window = timeWindowLabel({ start: shift.startTime, end: shift.endTime });
  const planned = `${shiftLabel(shift.name)} ${formatDate(shiftDate)} เวลา ${window} ที่วางแผนไว้`;
  const said = `เวลาจริงของ "${stage}" ที่บันทึก (${formatDateTime(at)})`;
  const check = 'กรุณาตรวจสอบวันที่และเวลาในเครื่อง';
  if (tapped < start - TAP_REFUSED_BEFORE_SHIFT_MINUTES * MINUTE)
    return {
      verdict: 'refused',
      message: `${said} เร็วกว่าเวลาเริ่มของ${planned} เกิน ${hours(TAP_REFUSED_BEFORE_SHIFT_MINUTES)} จึงบันทึกไม่ได้ ${check}`,
    };
  if (tapped > end + TAP_REFUSED_AFTER_SHIFT_MINUTES * MINUTE)
    return {
      verdict: 'refused',
      message: `${said} ช้ากว่าเวลาสิ้นสุดของ${planned} เกิน ${hours(TAP_REFUSED_AFTER_SHIFT_MINUTES)} จึงบันทึกไม่ได้ ${check}`,
    };
  const expected = plan.planned ? bangkokInstant(plan.planned.date, plan.planned.time) : start;
  const expectedWords = plan.planned
    ? `เวลาตามแผน (${formatDate(plan.planned.date)} ${plan.planned.time.slice(0, 5)}) ของ${planned}`
    : `เวลาเริ่มของ${planned}`;
  const confirm = 'ยืนยันว่าจะบันทึกเวลานี้หรือไม่';
  if (tapped < expected - TAP_ASKED_BEFORE_PLAN_MINUTES * MINUTE)
    return {
      verdict: 'unusual',
      message: `${said} เร็วกว่า${expectedWords} เกิน ${hours(TAP_ASKED_BEFORE_PLAN_MINUTES)} ${confirm}`,
    };
  if (tapped > end + TAP_ASKED_AFTER_SHIFT_MINUTES * MINUTE)
    return {
      verdict: 'unusual',
      message: `${said} ช้ากว่าเวลาสิ้นสุดของ${planned} เกิน ${hours(TAP_ASKED_AFTER_SHIFT_MINUTES)} ${confirm}`,
    };
  return { verdict: 'ok' };
}

/**
 * A phone's event of a trip — arrived, delivered, left, failed, a stage tapped — is what happened,
 * so it is never asked about; but one whose time cannot be right for the trip's day and shift (the
 * bounds a tap is refused by: tomorrow's trip tapped today) is refused the same way, in the same
 * words, before anything of it is written. Null: it may be recorded.
 */
export function eventTimeRefusal(
  label: string,
  at: Date,
  plan: Pick<StageTapPlan, 'shiftDate' | 'shift'>,
): string | null {
  const judged = judgeStageTap(label, at, { ...plan, planned: null });
  return judged.verdict === 'refused' ? judged.message : null;
}
