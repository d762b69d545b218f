import Type, { type Static } from 'typebox';
import { messageStateOptions } from '../entities/booking.ts';
import { UtilizationStatus } from './booking.ts';
import { Amounts, EventStream, IsoDate, List, Nullable, operation, Uuid } from './common.ts';

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
  vehicleTypeIds: Type.Optional(List(Uuid)),
  shipCondIds: Type.Optional(List(Uuid)),
});

export const CellRef = Type.Object({
  branchId: Uuid,
  date: IsoDate,
  shiftOfDayId: Uuid,
  vehicleTypeId: Uuid,
});

export const calendarApi = {
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
