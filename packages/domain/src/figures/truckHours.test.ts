import { describe, expect, it } from 'vitest';
import { hoursOf, tripMs } from './truckHours.ts';

const at = (hhmm: string) => `2026-10-05T${hhmm}:00+07:00`;

describe('a trip’s hours', () => {
  it('takes the recorded start and end when the trip has both', () => {
    // Left 08:00, left its last stop 13:30 (planned 08:00–12:00): 5 h 30 min.
    const trip = {
      plannedStart: at('08:00'),
      plannedEnd: at('12:00'),
      startedAt: at('08:00'),
      endedAt: at('13:30'),
    };
    expect(tripMs(trip)).toBe(5.5 * 3_600_000);
    expect(hoursOf(tripMs(trip))).toBe(5.5);
  });

  it('falls back to the plan when either end is not recorded', () => {
    // Started 08:10 but never ended: planned 08:00 → last stop's departure 11:20 = 3 h 20 min = 3.33 h.
    const running = {
      plannedStart: at('08:00'),
      plannedEnd: at('11:20'),
      startedAt: at('08:10'),
      endedAt: null,
    };
    expect(tripMs(running)).toBe(200 * 60_000);
    expect(hoursOf(tripMs(running))).toBe(3.33);
    expect(tripMs({ ...running, startedAt: null })).toBe(200 * 60_000);
  });

  it('counts nothing for a trip without stops, and never less than nothing', () => {
    expect(tripMs({ plannedStart: at('08:00'), plannedEnd: null, startedAt: null, endedAt: null })).toBe(0);
    expect(
      tripMs({ plannedStart: at('08:00'), plannedEnd: null, startedAt: at('09:00'), endedAt: at('08:59') }),
    ).toBe(0);
  });
});
