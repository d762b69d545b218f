import Type, { type Static, type TObject, type TProperties, type TSchema } from 'typebox';
import { callStatusOptions } from '../entities/options.ts';
import { INPUT_BOUNDS } from '../rules/inputBounds.ts';
import { UtilizationStatus } from './booking.ts';
import { Bytes, IsoDate, List, Nullable, operation, Uuid } from './common.ts';
import { ListAfter } from './crud.ts';
import { type FailureReason, failureReasonOptions, type StopStatus, stopStatusOptions } from './delivery.ts';

/**
 * A branch's delivery performance for a period, beside the period of the same length just before
 * it (docs/performance-figures.md). Every figure is computed by one function of
 * `figures/deliveryPerformance.ts` (truck use: `@lms/booking`'s `truckUse`, beside the engine's
 * utilization rule); this file only says what goes over the wire.
 */

/**
 * The most days one performance request covers: a quarter (the longest has 92 days). The figures
 * are added up from daily roll-ups, ≤ 2 × 92 rows a request (docs/performance-figures.md "At scale").
 */
export const PERFORMANCE_MAX_DAYS = 92;

/** `count` of `of`, and the share in percent (one decimal); null when `of` is 0 (nothing to judge). */
export const Ratio = Type.Object({
  count: Type.Integer(),
  of: Type.Integer(),
  percent: Nullable(Type.Number()),
});
export type Ratio = Static<typeof Ratio>;

const Reason = Type.Unsafe<FailureReason>(Type.String({ enum: failureReasonOptions.map((o) => o.value) }));

/** One bar of the failed deliveries' Pareto: a reason, its stops, and the running share of all failed stops. */
export const FailureBar = Type.Object({
  reason: Reason,
  label: Type.String(),
  stops: Type.Integer(),
  cumulativePercent: Type.Number(),
});
export type FailureBar = Static<typeof FailureBar>;

/** A truck's or a vehicle type's load over the period, against what its trips could carry. */
export const TruckUseRow = Type.Object({
  /** The vehicle's or the vehicle type's id. */
  id: Uuid,
  label: Type.String(),
  trips: Type.Integer(),
  weight: Type.Number(),
  capacityWeight: Type.Number(),
  volume: Type.Number(),
  capacityVolume: Type.Number(),
  weightPercent: Type.Number(),
  volumePercent: Type.Number(),
  /** The calendar's band of the larger of the two percents (the branch's thresholds per vehicle type). */
  status: UtilizationStatus,
  statusLabel: Type.String(),
  /** The engine's colour name of the status (green, blue, orange, red), as the calendar's badges take it. */
  colour: Type.String(),
  /** Trips loaded above 100 % of weight or volume. */
  overloadedTrips: Type.Integer(),
});
export type TruckUseRow = Static<typeof TruckUseRow>;

/**
 * One truck's days of the period (docs/performance-figures.md "วันรถว่างและวันบรรทุกเต็ม"): the days
 * it ran no trip, and the days its trips together were in the calendar's FULL band (the day's
 * weight and volume against its trips' capacity, by its type's utilization thresholds).
 */
export const TruckDaysRow = Type.Object({
  /** The vehicle's id. */
  id: Uuid,
  label: Type.String(),
  vehicleTypeId: Uuid,
  vehicleTypeLabel: Type.String(),
  /** Days of the period with at least one trip. */
  tripDays: Type.Integer(),
  emptyDays: List(IsoDate),
  fullDays: List(IsoDate),
});
export type TruckDaysRow = Static<typeof TruckDaysRow>;

/** A vehicle type's trucks' days added up: truck-days of the period, empty and FULL ones. */
export const VehicleTypeDaysRow = Type.Object({
  /** The vehicle type's id. */
  id: Uuid,
  label: Type.String(),
  trucks: Type.Integer(),
  truckDays: Type.Integer(),
  emptyDays: Type.Integer(),
  fullDays: Type.Integer(),
});
export type VehicleTypeDaysRow = Static<typeof VehicleTypeDaysRow>;

/**
 * A truck's or a vehicle type's hours on trips against the hours it had (docs/performance-figures.md
 * "ชั่วโมงที่ใช้เทียบกับที่มี"): a trip's hours are `tripMs`; the hours available are the minutes of the
 * shifts the branch opened the truck's type in (its vehicle date slots with a truck), per truck.
 */
export const TruckHoursRow = Type.Object({
  /** The vehicle's or the vehicle type's id. */
  id: Uuid,
  label: Type.String(),
  trips: Type.Integer(),
  hours: Type.Number(),
  availableHours: Type.Number(),
  /** Null when no shift was open to it (nothing to judge). */
  percent: Nullable(Type.Number()),
  status: Nullable(UtilizationStatus),
  statusLabel: Type.String(),
  colour: Type.String(),
});
export type TruckHoursRow = Static<typeof TruckHoursRow>;

/** Mean of `of` values; null without any. */
export const Mean = Type.Object({ value: Nullable(Type.Number()), of: Type.Integer() });
export type Mean = Static<typeof Mean>;

export const DeliveryFigures = Type.Object({
  stops: Type.Object({ onTime: Ratio, inFull: Ratio, otif: Ratio }),
  orders: Type.Object({ onTime: Ratio, inFull: Ratio, otif: Ratio }),
  firstAttempt: Ratio,
  failures: List(FailureBar),
  kmPerDrop: Mean,
  minutesPerDrop: Mean,
  dwellMinutes: Mean,
  /** Days from the DO's date to the booking's confirmation, and from the confirmation to the delivery date. */
  leadDays: Type.Object({ docToBooking: Mean, bookingToDelivery: Mean }),
  /** Appointments confirmed by the customer through the link, against those a planner called (`of` = both). */
  confirmedByLink: Ratio,
  confirmedByPhone: Ratio,
});
export type DeliveryFigures = Static<typeof DeliveryFigures>;

export const Period = Type.Object({ from: IsoDate, to: IsoDate });
export type Period = Static<typeof Period>;

export const PerformanceAnswer = Type.Object({
  period: Period,
  previousPeriod: Period,
  current: DeliveryFigures,
  previous: DeliveryFigures,
  truckUse: Type.Object({ byVehicleType: List(TruckUseRow), byTruck: List(TruckUseRow) }),
  truckDays: Type.Object({
    /** The last day judged: today when the period runs past it (a day ahead is neither empty nor run); null: none yet. */
    until: Nullable(IsoDate),
    byVehicleType: List(VehicleTypeDaysRow),
    byTruck: List(TruckDaysRow),
  }),
  truckHours: Type.Object({
    /** The last day counted, as `truckDays.until` (`judgedPeriod`): hours used and available stop here. */
    until: Nullable(IsoDate),
    byVehicleType: List(TruckHoursRow),
    byTruck: List(TruckHoursRow),
  }),
});
export type PerformanceAnswer = Static<typeof PerformanceAnswer>;

/** The most branches one across-branches request adds up (a company's; the bench runs 50). */
export const PERFORMANCE_MAX_BRANCHES = 100;

/** A branch's trucks over the period, all types together: summed loads over summed capacities. */
export const BranchTruckUse = Type.Object({
  trips: Type.Integer(),
  weightPercent: Nullable(Type.Number()),
  volumePercent: Nullable(Type.Number()),
  overloadedTrips: Type.Integer(),
});
export type BranchTruckUse = Static<typeof BranchTruckUse>;

/** One branch's row of the side-by-side table (docs/performance-figures.md "ทุกสาขา"). */
export const BranchFigures = Type.Object({
  branchId: Uuid,
  label: Type.String(),
  current: DeliveryFigures,
  previous: DeliveryFigures,
  truckUse: BranchTruckUse,
});
export type BranchFigures = Static<typeof BranchFigures>;

/**
 * Several branches at once: `company` is their figures summed from the same additive tallies (and
 * every truck's loads per vehicle type; no per-truck table across branches), `branches` each one's.
 */
export const BranchesAnswer = Type.Object({
  company: PerformanceAnswer,
  branches: List(BranchFigures),
});
export type BranchesAnswer = Static<typeof BranchesAnswer>;

const BranchesQuery = Type.Object(
  {
    /** The branches to add up; none: every branch the user may see. */
    branchIds: Type.Optional(List(Uuid, { minItems: 1, maxItems: PERFORMANCE_MAX_BRANCHES })),
    from: IsoDate,
    to: IsoDate,
  },
  { additionalProperties: false },
);

/** Rows per page of the stops across branches (the entity lists' default page). */
export const BRANCHES_STOPS_PAGE_SIZE = 50;

const Status = Type.Unsafe<StopStatus>(Type.String({ enum: stopStatusOptions.map((o) => o.value) }));

/**
 * The stops behind the company's figures (docs/performance-figures.md "ทุกสาขาที่ดูได้"): the same
 * branches as `branches` (each checked alike), the period's stops by their trip's shift date,
 * narrowed as the one-branch stop list (`deliveryStopReport`) narrows: outcomes, a failure reason.
 * A page is at most as deep as any list's (`INPUT_BOUNDS.listOffset`).
 */
const BranchesStopsQuery = Type.Object(
  {
    branchIds: Type.Optional(List(Uuid, { minItems: 1, maxItems: PERFORMANCE_MAX_BRANCHES })),
    from: IsoDate,
    to: IsoDate,
    statuses: Type.Optional(List(Status, { minItems: 1, maxItems: stopStatusOptions.length })),
    reason: Type.Optional(Reason),
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: INPUT_BOUNDS.listOffset / BRANCHES_STOPS_PAGE_SIZE }),
    ),
    after: Type.Optional(ListAfter),
  },
  { additionalProperties: false },
);
export type BranchesStopsQuery = Static<typeof BranchesStopsQuery>;

/** One stop of the list: a row of the `deliveryStopReport` view, with its branch named. */
export const BranchStop = Type.Object({
  id: Uuid,
  branchId: Uuid,
  branchLabel: Type.String(),
  shiftDate: IsoDate,
  shipToName: Type.String(),
  status: Status,
  reason: Nullable(Reason),
  onTime: Type.Boolean(),
  inFull: Type.Boolean(),
});
export type BranchStop = Static<typeof BranchStop>;

/**
 * `next`: where the following page starts, for its `after` (docs/api.md "Paging by key"): given
 * when a row follows. Page `n + 1` asked `after` page `n`'s `next` is read from the index where
 * page `n` ended instead of past `n × pageSize` rows; without `after` a page is asked by number.
 */
const page = <T extends TSchema>(row: T) =>
  Type.Object({
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    rows: List(row),
    next: Type.Optional(Type.String()),
  });

export const BranchesStops = page(BranchStop);
export type BranchesStops = Static<typeof BranchesStops>;

/**
 * The trips and the bookings behind the company's figures counted per trip or per booking: the
 * same branches as `branches` (each checked alike), the period by the trip's shift date, a page at
 * a time as the stops (`BRANCHES_STOPS_PAGE_SIZE`, as deep as any list).
 */
const BranchesRecordsQuery = Type.Object(
  {
    branchIds: Type.Optional(List(Uuid, { minItems: 1, maxItems: PERFORMANCE_MAX_BRANCHES })),
    from: IsoDate,
    to: IsoDate,
    page: Type.Optional(
      Type.Integer({ minimum: 1, maximum: INPUT_BOUNDS.listOffset / BRANCHES_STOPS_PAGE_SIZE }),
    ),
    after: Type.Optional(ListAfter),
  },
  { additionalProperties: false },
);
export type BranchesRecordsQuery = Static<typeof BranchesRecordsQuery>;

/**
 * The trips behind a figure: those km and minutes per drop count (with a drop), or a vehicle
 * type's row of the company's truck use: every trip by a truck of that type (as the row counts
 * them), of the branches asked only.
 */
const BranchesTripsQuery = Type.Object(
  { ...BranchesRecordsQuery.properties, vehicleTypeId: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type BranchesTripsQuery = Static<typeof BranchesTripsQuery>;

const CallStatus = Type.Unsafe<(typeof callStatusOptions)[number]['value']>(
  Type.String({ enum: callStatusOptions.map((o) => o.value) }),
);

/** The bookings behind a figure: the period's bookings, or those of one call status (the two confirmation figures). */
const BranchesBookingsQuery = Type.Object(
  { ...BranchesRecordsQuery.properties, callStatus: Type.Optional(CallStatus) },
  { additionalProperties: false },
);
export type BranchesBookingsQuery = Static<typeof BranchesBookingsQuery>;

/**
 * One trip km and minutes per drop count: a trip of the period by a truck of a known type with at
 * least one drop (a stop delivered whole or in part); `distanceKm` and `minutes` null where the
 * figure leaves the trip out (no booked distance; not started or not ended).
 */
export const BranchTrip = Type.Object({
  id: Uuid,
  branchId: Uuid,
  branchLabel: Type.String(),
  shiftDate: IsoDate,
  vehicleLabel: Type.String(),
  drops: Type.Integer(),
  distanceKm: Nullable(Type.Number()),
  minutes: Nullable(Type.Integer()),
});
export type BranchTrip = Static<typeof BranchTrip>;

/**
 * One booking the lead times and the confirmations count: a stop of a period's trip with its
 * booking (a booking tried at two stops counts twice, as the figures count it); `id` is the stop's.
 */
export const BranchBooking = Type.Object({
  id: Uuid,
  bookingId: Uuid,
  branchId: Uuid,
  branchLabel: Type.String(),
  shipToName: Type.String(),
  docDate: Nullable(IsoDate),
  /** The day each DO of the stop reached LMS (Bangkok): where its lead time starts (`BookingRow.orderDates`). */
  orderDates: List(IsoDate),
  confirmedOn: Nullable(IsoDate),
  deliveryDate: Nullable(IsoDate),
  callStatus: Nullable(CallStatus),
});
export type BranchBooking = Static<typeof BranchBooking>;

export const BranchesTrips = page(BranchTrip);
export type BranchesTrips = Static<typeof BranchesTrips>;
export const BranchesBookings = page(BranchBooking);
export type BranchesBookings = Static<typeof BranchesBookings>;

/** A list's query without its page and cursor: what the list's workbook reads (every page of it). */
const wholeList = <P extends TProperties>(query: TObject<P>) => {
  const { page: _page, after: _after, ...rest } = query.properties;
  return Type.Object(rest as Omit<P, 'page' | 'after'>, { additionalProperties: false });
};
const xlsx = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

const PerformanceQuery = Type.Object(
  { branchId: Uuid, from: IsoDate, to: IsoDate },
  { additionalProperties: false },
);

export const performanceApi = {
  /** A branch's figures for `from`..`to` (shift dates of its trips) and the same number of days before. */
  branch: operation({
    method: 'GET',
    url: '/performance',
    schema: { querystring: PerformanceQuery, response: { 200: PerformanceAnswer } },
  }),
  /** The same figures as a workbook: a sheet per table of `performanceTables`. */
  excel: operation({
    method: 'GET',
    url: '/performance/figures.xlsx',
    schema: {
      querystring: PerformanceQuery,
      response: { 200: Bytes },
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
  }),
  /** Several branches (the user's own only): the company's sum and each branch side by side. */
  branches: operation({
    method: 'GET',
    url: '/performance/branches',
    schema: { querystring: BranchesQuery, response: { 200: BranchesAnswer } },
  }),
  /** The stops behind the company's stop-level figures, across the same branches, a page at a time. */
  branchesStops: operation({
    method: 'GET',
    url: '/performance/branches/stops',
    schema: { querystring: BranchesStopsQuery, response: { 200: BranchesStops } },
  }),
  /** The trips behind the company's km and minutes per drop, across the same branches, a page at a time. */
  branchesTrips: operation({
    method: 'GET',
    url: '/performance/branches/trips',
    schema: { querystring: BranchesTripsQuery, response: { 200: BranchesTrips } },
  }),
  /** The bookings behind the company's lead times and confirmations, across the same branches, a page at a time. */
  branchesBookings: operation({
    method: 'GET',
    url: '/performance/branches/bookings',
    schema: { querystring: BranchesBookingsQuery, response: { 200: BranchesBookings } },
  }),
  /**
   * Each list of records across branches as a workbook: the whole list (every page, the same
   * narrowing, branch check and read rule), at most `BRANCHES_RECORDS_EXCEL_MAX_ROWS` rows.
   */
  branchesStopsExcel: operation({
    method: 'GET',
    url: '/performance/branches/stops.xlsx',
    schema: { querystring: wholeList(BranchesStopsQuery), response: { 200: Bytes }, produces: xlsx },
  }),
  branchesTripsExcel: operation({
    method: 'GET',
    url: '/performance/branches/trips.xlsx',
    schema: { querystring: wholeList(BranchesTripsQuery), response: { 200: Bytes }, produces: xlsx },
  }),
  branchesBookingsExcel: operation({
    method: 'GET',
    url: '/performance/branches/bookings.xlsx',
    schema: { querystring: wholeList(BranchesBookingsQuery), response: { 200: Bytes }, produces: xlsx },
  }),
  /** The same as a workbook: the company's tables and the branches' table, as `figures.xlsx` writes them. */
  branchesExcel: operation({
    method: 'GET',
    url: '/performance/branches/figures.xlsx',
    schema: {
      querystring: BranchesQuery,
      response: { 200: Bytes },
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    },
  }),
};
