import { describe, expect, it } from 'vitest';
import { replanFrom, replanMomentMessages, replanMomentRefusal, shiftMoment } from './replanMoment.ts';

const day = { date: '2026-11-29', startTime: '08:00', endTime: '18:00' };
const night = { date: '2026-11-29', startTime: '20:00', endTime: '04:00' };
const at = (iso: string) => Date.parse(iso);

describe('the moment a re-plan plans from', () => {
  it('reads a typed time on the shift’s day, past midnight on the next', () => {
    expect(shiftMoment(day, '10:30')).toBe(at('2026-11-29T10:30:00+07:00'));
    expect(shiftMoment(night, '22:15')).toBe(at('2026-11-29T22:15:00+07:00'));
    expect(shiftMoment(night, '02:00')).toBe(at('2026-11-30T02:00:00+07:00'));
    expect(shiftMoment(day, null)).toBeNull();
    expect(shiftMoment(day, '')).toBeNull();
  });

  it('refuses a moment before now (5 minutes’ grace), at or after the shift’s end, or none, in Thai', () => {
    const now = at('2026-11-29T10:00:00+07:00');
    expect(replanMomentRefusal(day, now, now)).toBeNull();
    expect(replanMomentRefusal(day, now - 4 * 60_000, now)).toBeNull();
    expect(replanMomentRefusal(day, now - 6 * 60_000, now)).toBe(replanMomentMessages.inPast);
    expect(replanMomentRefusal(day, at('2026-11-29T17:59:00+07:00'), now)).toBeNull();
    expect(replanMomentRefusal(day, at('2026-11-29T18:00:00+07:00'), now)).toBe(
      replanMomentMessages.afterShift,
    );
    expect(replanMomentRefusal(day, null, now)).toBe(replanMomentMessages.noTime);
    // Now past the shift's end: nothing left to plan, whatever is asked.
    const late = at('2026-11-29T18:30:00+07:00');
    expect(replanMomentRefusal(day, late, late)).toBe(replanMomentMessages.afterShift);
    // A night shift: 03:00 the next morning is inside it.
    expect(
      replanMomentRefusal(night, shiftMoment(night, '03:00'), at('2026-11-29T21:00:00+07:00')),
    ).toBeNull();
  });

  it('plans from the later of the moment asked, now and the shift’s start', () => {
    const now = at('2026-11-29T10:00:00+07:00');
    expect(replanFrom(day, at('2026-11-29T11:00:00+07:00'), now)).toBe(at('2026-11-29T11:00:00+07:00'));
    expect(replanFrom(day, now - 60_000, now)).toBe(now);
    // Tomorrow's shift asked from today's clock: from its start, not from 10:00 of its own day.
    const tomorrow = { ...day, date: '2026-11-30' };
    expect(replanFrom(tomorrow, now, now)).toBe(at('2026-11-30T08:00:00+07:00'));
    expect(replanFrom(tomorrow, at('2026-11-30T09:30:00+07:00'), now)).toBe(at('2026-11-30T09:30:00+07:00'));
    // Before the start of today's night shift: from 20:00.
    expect(replanFrom(night, now, now)).toBe(at('2026-11-29T20:00:00+07:00'));
  });
});
