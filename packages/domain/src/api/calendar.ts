import Type, { type Static } from 'typebox';
import { messageStateOptions } from '../entities/options.ts';
import { daysBetween } from '../rules/calendarDay.ts';
import { INPUT_BOUNDS } from '../rules/inputBounds.ts';
import { UtilizationStatus } from './booking.ts';
import { Amounts, BranchQuery, EventStream, IsoDate, List, Nullable, operation, Uuid } from './common.ts';

/** The booking calendar: capacity per day × shift × vehicle type, its bookings, live changes. */

export const CalendarCell = Type.Object({
  date: IsoDate,
  shiftOfDayId: Uuid,
  shiftName: Type.String(),
  vehicleTypeId: Uuid,
  vehicleTypeName: Type.String(),
  vehicles: Type.Integer(),
  capacity: Amounts,
  used: Amounts,
  weightPercent: Type.Number(),
  volumePercent: Type.Number(),
  hourPercent: Type.Number(),
  status: UtilizationStatus,
  statusLabel: Type.String(),
  colour: Type.String(),
});
export type CalendarCell = Static<typeof CalendarCell>;

export const CellBooking = Type.Object({
  id: Uuid,
  docNo: Type.String(),
  callStatus: Type.String(),
  /** Where the customer messages stand (docs/contact.md); null when none was sent. */
  messageState: Nullable(Type.Enum(messageStateOptions.map((o) => o.value))),
  customerLabel: Type.Union([Type.String(), Type.Null()]),
  shipToLabel: Type.Union([Type.String(), Type.Null()]),
});
export type CellBooking = Static<typeof CellBooking>;

/** One change of a booking, pushed by the server (`event: booking`); `message`: its message state changed. */
export const BookingEvent = Type.Object({
  branchId: Uuid,
  kind: Type.Enum(['confirmed', 'canceled', 'callStatus', 'moved', 'message']),
  bookingId: Uuid,
  slotIds: List(Uuid),
  dates: List(IsoDate),
});
export type BookingEvent = Static<typeof BookingEvent>;

export const CalendarQuery = Type.Object({
  branchId: Uuid,
  from: IsoDate,
  to: IsoDate,
  vehicleTypeIds: Type.Optional(List(Uuid, { maxItems: INPUT_BOUNDS.queryValueCount })),
  shipCondIds: Type.Optional(List(Uuid, { maxItems: INPUT_BOUNDS.queryValueCount })),
});

export const CellRef = Type.Object({
  branchId: Uuid,
  date: IsoDate,
  shiftOfDayId: Uuid,
  vehicleTypeId: Uuid,
});

/** A cell of the calendar (day × shift × vehicle type): where a booking's part lies or may go. */
export const CellPlace = Type.Object({ date: IsoDate, shiftOfDayId: Uuid, vehicleTypeId: Uuid });
export type CellPlace = Static<typeof CellPlace>;

/** A booking's part in one cell, as the week view shows it (what a planner drags). */
export const PlacedBooking = Type.Object({
  ...CellBooking.properties,
  ...CellPlace.properties,
  vehicles: Type.Integer(),
});
export type PlacedBooking = Static<typeof PlacedBooking>;

/** Whether the engine lets the booking's part go to a cell, and if not its first broken rule in Thai. */
export const RescheduleVerdict = Type.Object({
  ...CellPlace.properties,
  ok: Type.Boolean(),
  /** The engine's rule code (SLA, BAN, CAPACITY, PROHIBITED…); null when allowed. */
  rule: Nullable(Type.String()),
  message: Nullable(Type.String()),
});
export type RescheduleVerdict = Static<typeof RescheduleVerdict>;

/** The planner's reschedule (docs/booking-screens.md "Drag to reschedule"): the part in `from` goes to `to`. */
export const RescheduleRequest = Type.Object({ bookingId: Uuid, from: CellPlace, to: CellPlace });
export type RescheduleRequest = Static<typeof RescheduleRequest>;

export const calendarApi = {
  placed: operation({
    method: 'GET',
    url: '/bookingCalendar/placed',
    schema: {
      querystring: Type.Object({ branchId: Uuid, from: IsoDate, to: IsoDate }),
      response: { 200: List(PlacedBooking) },
    },
  }),
  /** The targets a dragged part may go to, all judged at once when the drag starts (no write). */
  checkReschedule: operation({
    method: 'POST',
    url: '/bookingCalendar/reschedule/check',
    schema: {
      querystring: BranchQuery,
      body: Type.Object({
        bookingId: Uuid,
        from: CellPlace,
        targets: List(CellPlace, { minItems: 1, maxItems: 500 }),
      }),
      response: { 200: List(RescheduleVerdict) },
    },
  }),
  reschedule: operation({
    method: 'POST',
    url: '/bookingCalendar/reschedule',
    schema: {
      querystring: BranchQuery,
      body: RescheduleRequest,
      response: { 200: Type.Object({ id: Uuid, docNo: Type.String(), slots: List(Type.String()) }) },
    },
  }),
  cells: operation({
    method: 'GET',
    url: '/bookingCalendar',
    schema: { querystring: CalendarQuery, response: { 200: List(CalendarCell) } },
  }),
  bookings: operation({
    method: 'GET',
    url: '/bookingCalendar/bookings',
    schema: { querystring: CellRef, response: { 200: List(CellBooking) } },
  }),
  events: operation({
    method: 'GET',
    url: '/bookingCalendar/events',
    schema: {
      querystring: Type.Object({ branchId: Uuid }),
      response: {
        200: EventStream(
          '`booking` events, each a BookingEvent (calendar and DO booking readers); `presence` events, each a RecordPresence (any signed-in user of the branch, for the entities they read)',
        ),
      },
      produces: ['text/event-stream'],
    },
  }),
};

/** The most days one calendar request covers: two months and a day either side. */
export const CALENDAR_MAX_DAYS = 62;

/** Why a calendar range is refused (422 on `to`), or undefined when it may be read. */
export function calendarRangeProblem(from: string, to: string): string | undefined {
  return to < from || daysBetween(from, to) > CALENDAR_MAX_DAYS
    ? `ช่วงวันที่ต้องไม่เกิน ${CALENDAR_MAX_DAYS} วัน และวันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น`
    : undefined;
}
