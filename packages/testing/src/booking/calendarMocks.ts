import {
  bookingApi,
  type CalendarCell,
  type CellBooking,
  calendarApi,
  calendarRangeProblem,
  contactApi,
  dayOfWeek,
  dayParts,
  dayRange,
  entityApi,
  entityByName,
  type HistoryEntry,
  type PlacedBooking,
  resendMessages,
} from '@lms/domain';
import type { HttpHandler } from 'msw';
import { entityHandlers } from '../mocks/entityHandlers.ts';
import { FIXTURE_BRANCH_ID, fixtureId } from '../mocks/fixtures.ts';
import { mock, refusal } from '../mocks/mock.ts';
import { contactChannelOn } from '../mocks/mockApi.ts';
import { BOOKING_ID } from './bookingFixtures.ts';

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
    ? { status: 'FULL' as const, statusLabel: 'เต็ม', colour: 'red' }
    : p >= 80
      ? { status: 'NEARLY_FULL' as const, statusLabel: 'ใกล้เต็ม', colour: 'orange' }
      : p >= 50
        ? { status: 'NORMAL' as const, statusLabel: 'ปกติ', colour: 'blue' }
        : { status: 'AVAILABLE' as const, statusLabel: 'ว่าง', colour: 'green' };

/** Slots exist from the story's today (Monday 2025-01-06) on. */
const FIRST_SLOT_DAY = '2025-01-06';

/**
 * Capacity cells for the weekdays of `from`–`to` (ISO, inclusive) from 6 Jan 2025 on, as the server
 * answers for the days asked; `extraWeight` adds a booking to 8 Jan morning, 6-wheeler.
 */
export function calendarCells(
  fill: CalendarFill,
  extraWeight = 0,
  range: { from: string; to: string } = { from: FIRST_SLOT_DAY, to: '2025-01-31' },
): CalendarCell[] {
  if (fill === 'empty') return [];
  const cells: CalendarCell[] = [];
  for (const isoDay of dayRange(range.from < FIRST_SLOT_DAY ? FIRST_SLOT_DAY : range.from, range.to)) {
    const weekday = dayOfWeek(isoDay);
    if (weekday === 0 || weekday === 6) continue;
    const { day, month: monthOfYear } = dayParts(isoDay);
    const month = monthOfYear - 1;
    for (const [s, shift] of shifts.entries())
      for (const [t, type] of types.entries()) {
        const capacity = { weight: 9000, volume: 40, minute: 960 };
        // The month shifts the pattern so that each month looks different (January as it always did).
        const base = fill === 'full' ? 9000 : ((day * 7 + month * 2 + s * 3 + t * 5) % 11) * 900;
        const isTarget = month === 0 && day === 8 && s === 0 && t === 1;
        const weight = Math.min(9000, base + (isTarget ? extraWeight : 0));
        const used = { weight, volume: (weight / 9000) * 30, minute: (weight / 9000) * 700 };
        const weightPercent = (used.weight / capacity.weight) * 100;
        const volumePercent = (used.volume / capacity.volume) * 100;
        const hourPercent = (used.minute / capacity.minute) * 100;
        cells.push({
          date: isoDay,
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
    messageState: 'FAILED',
    customerLabel: 'C001: บริษัท ก่อสร้างไทย',
    shipToLabel: 'ST001: หน้างานบางนา',
  },
];

/** Bookings placed in the week of the story's today (what the week view shows as cards). */
export const placedFixture: PlacedBooking[] = [
  {
    ...cellBookingsFixture[0]!,
    date: '2025-01-08',
    shiftOfDayId: shifts[0]!.id,
    vehicleTypeId: types[1]!.id,
    vehicles: 1,
  },
  {
    id: '00000000-0000-4000-8000-00000000b002',
    docNo: 'BK68010002',
    callStatus: 'CALLED',
    messageState: null,
    customerLabel: 'C002: ห้างหุ้นส่วน รุ่งเรืองวัสดุ',
    shipToLabel: 'ST002: โกดังลาดกระบัง',
    date: '2025-01-07',
    shiftOfDayId: shifts[1]!.id,
    vehicleTypeId: types[0]!.id,
    vehicles: 2,
  },
];

/** The Thai reason the mock engine gives on 9 Jan for the 6-wheeler (a truck ban). */
export const BAN_REASON = 'รถ 6 ล้อ ห้ามวิ่งในพื้นที่นี้ (ห้ามวิ่งถนนพระราม 9) กะเช้า, กะบ่าย';
/** …and for a cell that is full. */
export const CAPACITY_REASON = 'ความจุไม่พอ: เหลือ 0 กก. 0.000 ลบ.ม. 0 นาที';

/** The mock engine's verdict on a target: a full cell has no room, 9 Jan bans the 6-wheeler. */
function verdictOf(
  fill: CalendarFill,
  extraWeight: number,
  target: { date: string; shiftOfDayId: string; vehicleTypeId: string },
) {
  const cell = calendarCells(fill, extraWeight, { from: target.date, to: target.date }).find(
    (c) => c.shiftOfDayId === target.shiftOfDayId && c.vehicleTypeId === target.vehicleTypeId,
  );
  if (target.date === '2025-01-09' && target.vehicleTypeId === types[1]!.id)
    return { ...target, ok: false, rule: 'BAN', message: BAN_REASON };
  if (!cell || cell.status === 'FULL')
    return { ...target, ok: false, rule: 'CAPACITY', message: CAPACITY_REASON };
  return { ...target, ok: true, rule: null, message: null };
}

export interface CalendarMockOptions {
  readonly fill?: CalendarFill;
  /** Read at every request: stories change it to simulate another planner's booking. */
  readonly extraWeight?: () => number;
  readonly onCall?: (call: { method: string; path: string; body: unknown }) => void;
  /** Told the days of every calendar request; the answer waits for the promise it returns, if any. */
  readonly onRange?: (range: { from: string; to: string }) => Promise<void> | undefined;
  /** The cell's bookings (default: one whose message failed). */
  readonly bookings?: readonly CellBooking[];
  /** How a resend ends: queued by SMS (default), or the server's Thai refusal. */
  readonly resend?: 'queued' | 'off' | 'unreachable';
  /** The week's bookings (default `placedFixture`). */
  readonly placed?: readonly PlacedBooking[];
  /** How the targets' check ends: the mock engine's verdicts (default), never (loading) or a 500. */
  readonly check?: 'verdicts' | 'hang' | 'error';
  /** A reschedule refused meanwhile (the server's 409 message); default it succeeds. */
  readonly rescheduleRefusal?: string;
}

/** The server's answers to a resend (apps/server/src/contact/messages.ts). */
function resendAnswer(outcome: CalendarMockOptions['resend']) {
  if (outcome === 'off') return refusal(409, resendMessages.off);
  if (outcome === 'unreachable') return refusal(422, 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ', resendMessages.unreachable);
  return {
    id: '00000000-0000-4000-8000-00000000e001',
    event: 'confirmed',
    channel: 'sms',
    recipient: '•••••••••678',
    status: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: '2025-01-06T03:00:00.000Z',
    sentAt: null,
  } as const;
}

export function calendarHandlers(options: CalendarMockOptions = {}): HttpHandler[] {
  const fill = options.fill ?? 'mixed';
  return [
    mock(calendarApi.cells, async ({ query }) => {
      const range = { from: query.from ?? '', to: query.to ?? '' };
      // The server's rule, from the contract: a page asking more is a bug.
      const problem = calendarRangeProblem(range.from, range.to);
      if (problem) return refusal(422, problem);
      await options.onRange?.(range);
      const typeIds = query.vehicleTypeIds ?? [];
      const cells = calendarCells(fill, options.extraWeight?.() ?? 0, range);
      return typeIds.length ? cells.filter((c) => typeIds.includes(c.vehicleTypeId)) : cells;
    }),
    mock(calendarApi.bookings, () => options.bookings ?? cellBookingsFixture),
    mock(calendarApi.placed, ({ query }) => {
      const [from, to] = [query.from ?? '', query.to ?? ''];
      return (options.placed ?? placedFixture).filter((p) => from <= p.date && p.date <= to);
    }),
    mock(calendarApi.checkReschedule, ({ request, body }) => {
      options.onCall?.({ method: 'POST', path: new URL(request.url).pathname, body });
      if (options.check === 'hang') return new Promise<never>(() => {});
      if (options.check === 'error') return refusal(500, 'เกิดข้อผิดพลาดภายในระบบ กรุณาลองใหม่');
      return body.targets.map((t) => verdictOf(fill, options.extraWeight?.() ?? 0, t));
    }),
    mock(calendarApi.reschedule, ({ request, body }) => {
      options.onCall?.({ method: 'POST', path: new URL(request.url).pathname, body });
      if (options.rescheduleRefusal) return refusal(409, options.rescheduleRefusal);
      return { id: body.bookingId, docNo: 'BK68010001', slots: [] };
    }),
    contactChannelOn(),
    mock(contactApi.resendBooking, ({ request }) => {
      options.onCall?.({ method: 'POST', path: new URL(request.url).pathname, body: null });
      return resendAnswer(options.resend);
    }),
    mock(bookingApi.cancel, ({ request, params, body }) => {
      options.onCall?.({ method: 'POST', path: new URL(request.url).pathname, body });
      return { id: params.id, alreadyCanceled: false };
    }),
    mock(bookingApi.changeCallStatus, ({ request, params, body }) => {
      options.onCall?.({ method: 'PUT', path: new URL(request.url).pathname, body });
      return { id: params.id, callStatus: body.callStatus };
    }),
    mock(entityApi(entityByName('bookingReport')).history, (): HistoryEntry[] => [
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
