import { describe, expect, it } from 'vitest';
import {
  addTallies,
  type BookingRow,
  deliveryFigures,
  emptyTally,
  figuresOf,
  performancePeriodProblem,
  type StopRow,
  type TripRow,
  tallyOf,
} from './deliveryPerformance.ts';

/**
 * One day, two trips, worked out by hand. Window 09:00–11:00 Bangkok = 02:00–04:00Z.
 *   S1 T1 DELIVERED 03:00 (inside)  A 10/10 #1, B 5/5 #1     dwell 20
 *   S2 T1 DELIVERED 05:00 (late)    C 4/4 #1                 dwell 30
 *   S3 T1 PARTIAL   03:30 (inside)  D 6/10 #1, E 2/2 #2      dwell 20
 *   S4 T2 FAILED ไม่พบผู้รับ          F 0/3 #1
 *   S5 T2 FAILED ไม่พบผู้รับ          G 0/1 #1
 *   S6 T2 FAILED เข้าพื้นที่ส่งไม่ได้     H 0/2 #2
 *   S7 T2 PENDING                   I  –/1 #1   (not judged)
 * Stops (6 settled): on time S1 S3 = 2, in full S1 S2 = 2, OTIF S1 = 1.
 * DO lines (8): on time A B D E = 4, in full A B C E = 4, OTIF A B E = 3.
 * First attempts settled: A B C D F G = 6, delivered whole A B C = 3.
 * T1 30 km, 01:00–06:00 = 300 min, 3 drops → 10 km and 100 min per drop; T2 has no drop.
 */
const at = (hhmm: string) => `2026-10-05T${hhmm}:00.000Z`;
const window = { windowFrom: at('02:00'), windowTo: at('04:00') };
const order = (id: string, qty: number, delivered: number | null, attempt = 1) => ({
  deliveryOrderId: id,
  qty,
  delivered,
  attempt,
});
const stop = (
  stopId: string,
  shipmentId: string,
  status: StopRow['status'],
  orders: StopRow['orders'],
  extra: Partial<StopRow> = {},
): StopRow => ({
  stopId,
  shipmentId,
  status,
  ...window,
  outcomeAt: null,
  arrivedAt: null,
  leftAt: null,
  reason: null,
  orders,
  ...extra,
});

const stops: StopRow[] = [
  stop('S1', 'T1', 'DELIVERED', [order('A', 10, 10), order('B', 5, 5)], {
    outcomeAt: at('03:00'),
    arrivedAt: at('02:50'),
    leftAt: at('03:10'),
  }),
  stop('S2', 'T1', 'DELIVERED', [order('C', 4, 4)], {
    outcomeAt: at('05:00'),
    arrivedAt: at('04:50'),
    leftAt: at('05:20'),
  }),
  stop('S3', 'T1', 'PARTIAL', [order('D', 10, 6), order('E', 2, 2, 2)], {
    outcomeAt: at('03:30'),
    arrivedAt: at('03:20'),
    leftAt: at('03:40'),
  }),
  stop('S4', 'T2', 'FAILED', [order('F', 3, 0)], { outcomeAt: at('03:00'), reason: 'CUSTOMER_ABSENT' }),
  stop('S5', 'T2', 'FAILED', [order('G', 1, 0)], { outcomeAt: at('03:10'), reason: 'CUSTOMER_ABSENT' }),
  stop('S6', 'T2', 'FAILED', [order('H', 2, 0, 2)], { outcomeAt: at('03:20'), reason: 'NO_ACCESS' }),
  stop('S7', 'T2', 'PENDING', [order('I', 1, null)]),
];
const trips: TripRow[] = [
  { shipmentId: 'T1', startedAt: at('01:00'), endedAt: at('06:00'), distanceKm: 30 },
  { shipmentId: 'T2', startedAt: at('01:00'), endedAt: null, distanceKm: 50 },
];
const bookings: BookingRow[] = [
  {
    bookingId: 'B1',
    // Two DOs that came in on different days: 1 and 3 days before the booking.
    orderDates: ['2026-10-01', '2026-09-29'],
    confirmedOn: '2026-10-02',
    deliveryDate: '2026-10-05',
    callStatus: 'CALLED',
  },
  {
    bookingId: 'B2',
    orderDates: ['2026-09-28'],
    confirmedOn: '2026-10-01',
    deliveryDate: '2026-10-05',
    callStatus: 'CONFIRMED_BY_CUSTOMER',
  },
  {
    bookingId: 'B3',
    // Booked the day its DO came in: 0 days.
    orderDates: ['2026-10-03'],
    confirmedOn: '2026-10-03',
    deliveryDate: '2026-10-05',
    callStatus: 'CONFIRMED_BY_CUSTOMER',
  },
  // Not booked yet: its DO is not counted.
  {
    bookingId: 'B4',
    orderDates: ['2026-10-01'],
    confirmedOn: null,
    deliveryDate: null,
    callStatus: 'NOT_CALLED',
  },
];

describe('delivery figures on a hand-computed day', () => {
  const figures = deliveryFigures({ stops, trips, bookings });

  it('judges settled stops on time, in full and both', () => {
    expect(figures.stops).toEqual({
      onTime: { count: 2, of: 6, percent: 33.3 },
      inFull: { count: 2, of: 6, percent: 33.3 },
      otif: { count: 1, of: 6, percent: 16.7 },
    });
  });

  it('judges each DO of a settled stop', () => {
    expect(figures.orders).toEqual({
      onTime: { count: 4, of: 8, percent: 50 },
      inFull: { count: 4, of: 8, percent: 50 },
      otif: { count: 3, of: 8, percent: 37.5 },
    });
  });

  it('counts DOs delivered whole at their first stop', () => {
    expect(figures.firstAttempt).toEqual({ count: 3, of: 6, percent: 50 });
  });

  it('ranks failed stops by reason with the running share', () => {
    expect(figures.failures).toEqual([
      { reason: 'CUSTOMER_ABSENT', label: 'ไม่พบผู้รับ', stops: 2, cumulativePercent: 66.7 },
      { reason: 'NO_ACCESS', label: 'เข้าพื้นที่ส่งไม่ได้', stops: 1, cumulativePercent: 100 },
    ]);
  });

  it('divides km and minutes by the drops of the trips that dropped, dwell over stops with both times', () => {
    expect(figures.kmPerDrop).toEqual({ value: 10, of: 3 });
    expect(figures.minutesPerDrop).toEqual({ value: 100, of: 3 });
    expect(figures.dwellMinutes).toEqual({ value: 23.33, of: 3 });
  });

  it('averages lead days and splits confirmations by link and by phone', () => {
    expect(figures.leadDays).toEqual({
      // Each DO from its own date: (1 + 3 + 3 + 0) / 4 DOs = 1.75 (B4 not booked).
      docToBooking: { value: 1.75, of: 4 },
      bookingToDelivery: { value: 3, of: 3 },
    });
    expect(figures.confirmedByLink).toEqual({ count: 2, of: 3, percent: 66.7 });
    expect(figures.confirmedByPhone).toEqual({ count: 1, of: 3, percent: 33.3 });
  });

  it('answers nothing to judge with nulls, not zeros', () => {
    const empty = deliveryFigures({ stops: [], trips: [], bookings: [] });
    expect(empty.stops.onTime).toEqual({ count: 0, of: 0, percent: null });
    expect(empty.kmPerDrop).toEqual({ value: null, of: 0 });
    expect(empty.failures).toEqual([]);
  });

  it('treats the window ends as inside', () => {
    const edge = stop('E1', 'T1', 'DELIVERED', [order('X', 1, 1)], { outcomeAt: at('04:00') });
    const early = stop('E2', 'T1', 'DELIVERED', [order('Y', 1, 1)], { outcomeAt: at('01:59') });
    expect(deliveryFigures({ stops: [edge, early], trips: [], bookings: [] }).stops.onTime.count).toBe(1);
  });
});

describe('tallies', () => {
  it('add up: two halves of the rows, in either order, give the figures of the whole', () => {
    const first = tallyOf({
      stops: stops.slice(0, 3),
      trips: trips.slice(0, 1),
      bookings: bookings.slice(0, 2),
    });
    const second = tallyOf({ stops: stops.slice(3), trips: trips.slice(1), bookings: bookings.slice(2) });
    const whole = deliveryFigures({ stops, trips, bookings });
    expect(figuresOf(addTallies(first, second))).toEqual(whole);
    expect(figuresOf(addTallies(addTallies(emptyTally, second), first))).toEqual(whole);
    expect(addTallies(first, second).failures).toEqual({ CUSTOMER_ABSENT: 2, NO_ACCESS: 1 });
  });

  it('keep sums in integers: milliseconds and hundredths of a km', () => {
    const tally = tallyOf({ stops, trips, bookings });
    expect(tally).toMatchObject({ kmDrops: 3, kmHundredths: 3000, minuteDrops: 3, tripMs: 18_000_000 });
    expect(tally).toMatchObject({ dwellStops: 3, dwellMs: 70 * 60_000 });
  });
});

describe('the period', () => {
  it('is bounded to a quarter (92 days) and may not end before it starts', () => {
    expect(performancePeriodProblem({ from: '2026-10-01', to: '2026-12-31' })).toBeUndefined();
    expect(performancePeriodProblem({ from: '2026-10-01', to: '2027-01-01' })).toMatch(/ไม่เกิน 92 วัน/);
    expect(performancePeriodProblem({ from: '2026-01-02', to: '2026-01-01' })).toMatch(/ไม่ก่อนวันเริ่มต้น/);
  });
});
