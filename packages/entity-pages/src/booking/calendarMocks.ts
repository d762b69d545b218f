import { type HttpHandler, HttpResponse, http } from 'msw';
import { entityHandlers } from '../mocks/entityHandlers.ts';
import { FIXTURE_BRANCH_ID, fixtureId } from '../mocks/fixtures.ts';
import { BOOKING_ID } from './bookingMocks.ts';
import type { CalendarCell, CellBooking } from './types.ts';

export type CalendarFill = 'empty' | 'full' | 'mixed';

const shifts = [
  { id: fixtureId('shiftOfDay', 1), name: 'กะเช้า' },
  { id: fixtureId('shiftOfDay', 2), name: 'กะบ่าย' },
];
const types = [
  { id: fixtureId('vehicleType', 1), name: 'รถ 4 ล้อ' },
  { id: fixtureId('vehicleType', 2), name: 'รถ 6 ล้อ' },
];
const band = (p: number) =>
  p >= 100
    ? { status: 'FULL', statusLabel: 'เต็ม', colour: 'red' }
    : p >= 80
      ? { status: 'NEARLY_FULL', statusLabel: 'ใกล้เต็ม', colour: 'orange' }
      : p >= 50
        ? { status: 'NORMAL', statusLabel: 'ปกติ', colour: 'blue' }
        : { status: 'AVAILABLE', statusLabel: 'ว่าง', colour: 'green' };

/** Capacity cells for weekdays of January 2025; `extraWeight` adds a booking to 8 Jan morning, 6-wheeler. */
export function calendarCells(fill: CalendarFill, extraWeight = 0): CalendarCell[] {
  if (fill === 'empty') return [];
  const cells: CalendarCell[] = [];
  for (let day = 6; day <= 31; day += 1) {
    const weekday = new Date(Date.UTC(2025, 0, day)).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const [s, shift] of shifts.entries())
      for (const [t, type] of types.entries()) {
        const capacity = { weight: 9000, volume: 40, minute: 960 };
        const base = fill === 'full' ? 9000 : ((day * 7 + s * 3 + t * 5) % 11) * 900;
        const isTarget = day === 8 && s === 0 && t === 1;
        const weight = Math.min(9000, base + (isTarget ? extraWeight : 0));
        const used = { weight, volume: (weight / 9000) * 30, minute: (weight / 9000) * 700 };
        const weightPercent = (used.weight / capacity.weight) * 100;
        const volumePercent = (used.volume / capacity.volume) * 100;
        const hourPercent = (used.minute / capacity.minute) * 100;
        cells.push({
          date: `2025-01-${String(day).padStart(2, '0')}`,
          shiftOfDayId: shift.id,
          shiftName: shift.name,
          vehicleTypeId: type.id,
          vehicleTypeName: type.name,
          vehicles: 2,
          capacity,
          used,
          weightPercent,
          volumePercent,
          hourPercent,
          ...band(Math.max(weightPercent, volumePercent, hourPercent)),
        });
      }
  }
  return cells;
}

export const cellBookingsFixture: CellBooking[] = [
  {
    id: BOOKING_ID,
    docNo: 'BK68010001',
    callStatus: 'NOT_CALLED',
    customerLabel: 'C001: บริษัท ก่อสร้างไทย',
    shipToLabel: 'ST001: หน้างานบางนา',
  },
];

export interface CalendarMockOptions {
  readonly fill?: CalendarFill;
  /** Read at every request: stories change it to simulate another planner's booking. */
  readonly extraWeight?: () => number;
  readonly onCall?: (call: { method: string; path: string; body: unknown }) => void;
}

export function calendarHandlers(options: CalendarMockOptions = {}): HttpHandler[] {
  const fill = options.fill ?? 'mixed';
  return [
    http.get('/api/bookingCalendar', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const typeIds = params.getAll('vehicleTypeIds');
      const cells = calendarCells(fill, options.extraWeight?.() ?? 0);
      return HttpResponse.json(
        typeIds.length ? cells.filter((c) => typeIds.includes(c.vehicleTypeId)) : cells,
      );
    }),
    http.get('/api/bookingCalendar/bookings', () => HttpResponse.json(cellBookingsFixture)),
    http.post('/api/bookingReport/:id/cancel', async ({ request, params }) => {
      options.onCall?.({ method: 'POST', path: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json({ id: params.id, alreadyCanceled: false });
    }),
    http.put('/api/bookingReport/:id/callStatus', async ({ request, params }) => {
      const body = (await request.json()) as { callStatus: string };
      options.onCall?.({ method: 'PUT', path: new URL(request.url).pathname, body });
      return HttpResponse.json({ id: params.id, callStatus: body.callStatus });
    }),
    http.get('/api/bookingReport/:id/history', () =>
      HttpResponse.json([
        {
          id: 'h2',
          action: 'update',
          changes: { callStatus: { from: 'NOT_CALLED', to: 'CALLED' } },
          at: '2025-01-06T03:00:00Z',
          userId: 'u1',
          userLabel: 'user01: สมชาย ใจดี',
        },
        {
          id: 'h1',
          action: 'create',
          changes: { status: 'CONFIRMED' },
          at: '2025-01-06T02:00:00Z',
          userId: 'u1',
          userLabel: 'user01: สมชาย ใจดี',
        },
      ]),
    ),
    ...entityHandlers('vehicleType'),
    ...entityHandlers('shipCond'),
  ];
}

/** A fake events stream the story controls (what the host's `openEvents` would return). */
export function fakeEventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const encoder = new TextEncoder();
  return {
    open: async () =>
      new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          c.enqueue(encoder.encode(': connected\n\n'));
        },
      }),
    push: (event: { kind: string; bookingId: string; dates: string[] }) =>
      controller?.enqueue(
        encoder.encode(
          `event: booking\ndata: ${JSON.stringify({ branchId: FIXTURE_BRANCH_ID, slotIds: [], ...event })}\n\n`,
        ),
      ),
  };
}
