import { type FailureReason, failureReasonOptions, type StopStatus } from '../api/delivery.ts';
import type { Period } from '../api/performance.ts';
import { entityByName } from '../entities/index.ts';
import type { EntityName } from '../entity/names.ts';
import { optionLabel } from '../entity/types.ts';
import { phrase } from '../text/phrase.ts';
import type { FigureTableKey } from './performanceTables.ts';

/**
 * Which list opens the records behind each performance figure (docs/performance-figures.md
 * "เปิดรายการเบื้องหลังตัวเลข"), with that list's own declared filters set: the period as the
 * figure counts it and, where the list can say it, the vehicle type, the truck or the call status.
 * The branch is the acting branch the list is scoped to, as the figures are.
 *
 * The stop-level figures open the delivery stops (`deliveryStopReport`) that they count: the
 * settled ones of the period (delivered, in part or failed); a failure reason its failed stops.
 * Figures counted per trip (km and minutes per drop) open the period's shipments.
 */

export interface FigureLink {
  readonly href: string;
  /** Thai: what the link opens, for its accessible name. */
  readonly label: string;
}

type Params = Readonly<Record<string, string | readonly string[]>>;

function listLink(entity: EntityName, params: Params, label: string): FigureLink {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const item of [value].flat()) search.append(key, item);
  return { href: `${entityByName(entity).path}?${search}`, label };
}

/** The trips of the period: the figures count trips by their shift date. */
const shipments = (period: Period, more: Params = {}, label = 'รายการขนส่งในช่วงนี้') =>
  listLink('shipment', { shiftDateFrom: period.from, shiftDateTo: period.to, ...more }, label);

/** The bookings delivered in the period (the figures take the bookings on the period's trips; their delivery date is the trip's day). */
const bookings = (period: Period, more: Params = {}, label = 'รายการจองที่ส่งในช่วงนี้') =>
  listLink('bookingReport', { deliveryDateFrom: period.from, deliveryDateTo: period.to, ...more }, label);

/** The delivery stops of the period, by their trip's shift date (as the figures count them). */
const stops = (period: Period, more: Params, label: string) =>
  listLink('deliveryStopReport', { shiftDateFrom: period.from, shiftDateTo: period.to, ...more }, label);

/** The stops with an outcome: what every stop-level ratio is a share of (the roll-ups' `settled_stops`). */
export const SETTLED_STOPS: readonly StopStatus[] = ['DELIVERED', 'PARTIAL', 'FAILED'];
const SETTLED = SETTLED_STOPS;
const settledStops = (p: Period) => stops(p, { statuses: SETTLED }, 'จุดส่งที่มีผลแล้วในช่วงนี้');

/** The headline figures counted from the settled stops and the DOs on them (`headlineFigures` keys). */
const stopFigures = [
  'otifStops',
  'onTimeStops',
  'inFullStops',
  'otifOrders',
  'onTimeOrders',
  'inFullOrders',
  'firstAttempt',
];

/**
 * The records behind a company figure (several branches added up), as the one-branch tiles open
 * their lists: stops (`GET /performance/branches/stops`) narrowed to outcomes or a failure reason,
 * trips (`…/trips`) with a drop or of a vehicle type, or bookings (`…/bookings`) narrowed to a
 * call status; with the list's title.
 */
export type CompanyRecords =
  | {
      readonly kind: 'stops';
      readonly statuses?: readonly StopStatus[];
      readonly reason?: FailureReason;
      readonly title: string;
    }
  | { readonly kind: 'trips'; readonly vehicleTypeId?: string; readonly title: string }
  | {
      readonly kind: 'bookings';
      readonly callStatus?: 'CONFIRMED_BY_CUSTOMER' | 'CALLED';
      readonly title: string;
    };

/** Whose read rule each kind of records keeps: the one-branch list's entity. */
export const companyRecordsEntity = {
  stops: 'deliveryStopReport',
  trips: 'shipment',
  bookings: 'bookingReport',
} as const satisfies Record<CompanyRecords['kind'], EntityName>;

const ALL = ' ทุกสาขาที่เลือก';

/**
 * The records behind a headline figure of several branches, the same ones one branch's tile opens
 * (`headlineLinks`): the stop-level figures their settled stops, the time at stops every stop, km
 * and minutes per drop the trips, the lead times the bookings, the confirmations the bookings of
 * their call status. Null for a key no figure has.
 */
export function companyRecords(key: string): CompanyRecords | null {
  if (stopFigures.includes(key))
    return { kind: 'stops', statuses: SETTLED, title: `จุดส่งที่มีผลแล้วในช่วงนี้${ALL}` };
  if (key === 'dwellMinutes') return { kind: 'stops', title: `จุดส่งในช่วงนี้${ALL}` };
  if (key === 'kmPerDrop' || key === 'minutesPerDrop')
    return { kind: 'trips', title: `เที่ยวรถที่มีจุดส่งในช่วงนี้${ALL}` };
  if (key === 'docToBooking' || key === 'bookingToDelivery')
    return { kind: 'bookings', title: `รายการจองที่ส่งในช่วงนี้${ALL}` };
  if (key === 'confirmedByLink')
    return {
      kind: 'bookings',
      callStatus: 'CONFIRMED_BY_CUSTOMER',
      title: `รายการจองที่ลูกค้ายืนยันเองในช่วงนี้${ALL}`,
    };
  if (key === 'confirmedByPhone')
    return { kind: 'bookings', callStatus: 'CALLED', title: `รายการจองที่โทรนัดแล้วในช่วงนี้${ALL}` };
  return null;
}

/**
 * The failed stops of one reason across the branches added up: what a row of the company's
 * failures table (its Pareto) opens, as one branch's row opens its stop list narrowed to the reason.
 */
export function companyFailureStops(reason: FailureReason): CompanyRecords {
  const label = optionLabel(failureReasonOptions, reason) ?? reason;
  return { kind: 'stops', statuses: ['FAILED'], reason, title: phrase('จุดส่งที่ส่งไม่สำเร็จเพราะ', label, ALL) };
}

/**
 * A vehicle type's trips across the branches added up, every trip by a truck of the type (as the
 * row counts them): what a row of the company's truck use per vehicle type opens.
 */
export function companyTypeTrips(vehicleTypeId: string, label: string): CompanyRecords {
  return { kind: 'trips', vehicleTypeId, title: `${phrase('เที่ยวรถของประเภทรถ', label)}${ALL}` };
}

/** The truck-use tables whose rows are vehicle types, and those whose rows are trucks. */
const typeTables: readonly FigureTableKey[] = ['byVehicleType', 'daysByVehicleType', 'hoursByVehicleType'];
const truckTables: readonly FigureTableKey[] = ['byTruck', 'daysByTruck', 'hoursByTruck'];

/**
 * The records behind one row of a company table (`branchesTables`), by the row's id and label:
 * a failure reason's failed stops, a vehicle type's trips; null for a row that opens no list here
 * (a branch's row opens its own screen).
 */
export function companyRowRecords(
  table: FigureTableKey,
  rowId: string,
  label: string,
): CompanyRecords | null {
  if (table === 'failures') return companyFailureStops(rowId as FailureReason);
  // A vehicle type's row, of its use, days or hours: its trips across the branches.
  if (typeTables.includes(table)) return companyTypeTrips(rowId, label);
  return null;
}

/** By headline figure key (`headlineFigures`): every headline figure opens a list. */
const headlineLinks: Readonly<Record<string, (period: Period) => FigureLink>> = {
  ...Object.fromEntries(stopFigures.map((key) => [key, settledStops])),
  // Counted per trip that delivered: the trips.
  kmPerDrop: (p) => shipments(p),
  minutesPerDrop: (p) => shipments(p),
  // Every stop with an arrival and a departure: the period's stops.
  dwellMinutes: (p) => stops(p, {}, 'จุดส่งในช่วงนี้'),
  docToBooking: (p) => bookings(p),
  bookingToDelivery: (p) => bookings(p),
  confirmedByLink: (p) =>
    bookings(p, { callStatuses: 'CONFIRMED_BY_CUSTOMER' }, 'รายการจองที่ลูกค้ายืนยันเองในช่วงนี้'),
  confirmedByPhone: (p) => bookings(p, { callStatuses: 'CALLED' }, 'รายการจองที่โทรนัดแล้วในช่วงนี้'),
};

/** The list behind a headline figure; null for a key no figure has. */
export function headlineFigureLink(key: string, period: Period): FigureLink | null {
  return headlineLinks[key]?.(period) ?? null;
}

/** One truck's trips of one shift day: what a day of the empty and full days' strip opens. */
export function truckDayLink(vehicleId: string, day: string): FigureLink {
  return shipments({ from: day, to: day }, { vehicleIds: vehicleId }, 'รายการขนส่งของรถคันนี้ในวันนี้');
}

/**
 * The list behind one row of a figure table (`performanceTables`), by the row's id: a vehicle
 * type's or a truck's trips of the period, a failure reason's failed stops; the headline table's
 * rows are the headline figures (`headlineFigureLink`).
 */
export function figureRowLink(table: FigureTableKey, rowId: string, period: Period): FigureLink | null {
  if (typeTables.includes(table))
    return shipments(period, { vehicleTypeIds: rowId }, 'รายการขนส่งของประเภทรถนี้');
  if (truckTables.includes(table)) return shipments(period, { vehicleIds: rowId }, 'รายการขนส่งของรถคันนี้');
  if (table === 'headline') return headlineFigureLink(rowId, period);
  if (table === 'failures')
    return stops(period, { statuses: 'FAILED', reasons: rowId }, 'จุดส่งที่ส่งไม่สำเร็จด้วยสาเหตุนี้');
  return null;
}
