import type { DriverStop, DriverTrip } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { nextStop, stepOf, tapsOpen, withPending } from './localTrip.ts';

const stop = (id: string, seq: number): DriverStop => ({
  id,
  seq,
  bookingId: `b${seq}`,
  bookingDocNo: `BK${seq}`,
  shipToName: `ร้าน ${seq}`,
  address: null,
  phone: null,
  lat: null,
  lon: null,
  navigationUrl: null,
  windowFrom: '2026-11-28T02:00:00.000Z',
  windowTo: '2026-11-28T04:00:00.000Z',
  plannedArrival: '2026-11-28T03:00:00.000Z',
  plannedDeparture: '2026-11-28T03:20:00.000Z',
  eta: '2026-11-28T03:00:00.000Z',
  late: false,
  serviceMinutes: 20,
  proofRequired: 'SIGNATURE',
  status: 'PENDING',
  arrivedAt: null,
  leftAt: null,
  orders: [{ deliveryOrderId: `do${seq}`, docNo: `DO${seq}`, article: null, qty: 10, delivered: null }],
  proof: null,
});
const trip: DriverTrip = {
  id: 't',
  docNo: 'SH1',
  date: '2026-11-28',
  licensePlate: null,
  driverName: null,
  branchName: 'สาขา',
  branchPhone: null,
  tapsFrom: null,
  status: 'PLANNED',
  stages: [],
  stops: [stop('s1', 1), stop('s2', 2)],
};
const at = (minute: number) => `2026-11-28T03:${String(minute).padStart(2, '0')}:00.000Z`;

describe('the trip with what waits on the phone', () => {
  it('shows a stop arrived, delivered and left as the server will, in the phone’s time order', () => {
    const shown = withPending(trip, [
      { id: '3', kind: 'left', stopId: 's1', at: at(20) },
      { id: '1', kind: 'arrived', stopId: 's1', at: at(1) },
      {
        id: '2',
        kind: 'partial',
        stopId: 's1',
        at: at(10),
        recipient: 'สมศรี',
        quantities: [{ deliveryOrderId: 'do1', qty: 4 }],
      },
    ]);
    const first = shown.stops[0]!;
    expect(first).toMatchObject({ status: 'PARTIAL', arrivedAt: at(1), leftAt: at(20), eta: null });
    expect(first.orders[0]!.delivered).toBe(4);
    expect(first.proof).toMatchObject({ kind: 'partial', recipient: 'สมศรี' });
    expect(shown.status).toBe('RUNNING');
    expect(nextStop(shown)?.id).toBe('s2');
    expect(stepOf(first)).toBe('done');
    expect(stepOf(shown.stops[1]!)).toBe('arrive');
  });

  it('keeps the first arrival and the first outcome, as the server does', () => {
    const shown = withPending(trip, [
      { id: '1', kind: 'arrived', stopId: 's2', at: at(5) },
      { id: '2', kind: 'arrived', stopId: 's2', at: at(9) },
      { id: '3', kind: 'failed', stopId: 's2', at: at(10), reason: 'CUSTOMER_ABSENT' },
      { id: '4', kind: 'delivered', stopId: 's2', at: at(12), recipient: 'x' },
    ]);
    const second = shown.stops[1]!;
    expect(second).toMatchObject({ status: 'FAILED', arrivedAt: at(5) });
    expect(second.proof?.reasonLabel).toBe('ไม่พบผู้รับ');
    expect(second.orders[0]!.delivered).toBe(0);
    expect(stepOf(second)).toBe('leave');
  });

  it('is done once every stop is left', () => {
    const shown = withPending(
      trip,
      trip.stops.flatMap((s, i) => [
        { id: `a${i}`, kind: 'delivered' as const, stopId: s.id, at: at(i * 10), recipient: 'x' },
        { id: `l${i}`, kind: 'left' as const, stopId: s.id, at: at(i * 10 + 5) },
      ]),
    );
    expect(shown.status).toBe('DONE');
    expect(nextStop(shown)).toBeUndefined();
  });

  it('leaves the trip as it is without anything waiting', () => {
    expect(withPending(trip, [])).toBe(trip);
  });
});

describe('tapsOpen', () => {
  it('offers taps from the trip’s `tapsFrom` on; a trip without one (no shift, an older copy) always', () => {
    const from = '2026-11-28T23:00:00.000Z';
    const tomorrows = { ...trip, tapsFrom: from };
    expect(tapsOpen(tomorrows, Date.parse(from) - 1)).toBe(false);
    expect(tapsOpen(tomorrows, Date.parse(from))).toBe(true);
    expect(tapsOpen(trip, 0)).toBe(true);
    const { tapsFrom: _, ...older } = trip;
    expect(tapsOpen(older as DriverTrip, 0)).toBe(true);
  });
});
