import { type FailureReason, failureReasonOptions, type StopStatus } from '../api/delivery.ts';
import type { DeliveryFigures, FailureBar, Mean, Period, Ratio } from '../api/performance.ts';
import { PERFORMANCE_MAX_DAYS } from '../api/performance.ts';
import { daysBetween } from '../rules/calendarDay.ts';

/**
 * The delivery figures a branch is judged on (docs/performance-figures.md), each defined here
 * once, over typed rows the server reads from the delivery tables (migration 0033) and bookings.
 * Pure: no clock, no I/O. The screen, the export and the bench read these, never a copy.
 */

/**
 * A DO at a stop: booked quantity, what the stop's outcome delivered, and which attempt this is
 * for the DO: 1 = its first stop; more = it came back from an earlier stop (the server reads that
 * from `delivery_return` and answers 2, without counting how many times).
 */
export interface StopOrderRow {
  readonly deliveryOrderId: string;
  readonly qty: number;
  /** Null while the stop has no outcome. */
  readonly delivered: number | null;
  readonly attempt: number;
}

/** One stop of a trip in the period. Times are ISO instants. */
export interface StopRow {
  readonly stopId: string;
  readonly shipmentId: string;
  readonly status: StopStatus;
  /** The window the stop was held to (the booked time ± 60 min within the shift). */
  readonly windowFrom: string;
  readonly windowTo: string;
  /** When the outcome (delivered, partial, failed) was recorded, by the phone's clock. */
  readonly outcomeAt: string | null;
  readonly arrivedAt: string | null;
  readonly leftAt: string | null;
  readonly reason: FailureReason | null;
  readonly orders: readonly StopOrderRow[];
}

/** One trip (shipment) of the period. */
export interface TripRow {
  readonly shipmentId: string;
  readonly startedAt: string | null;
  readonly endedAt: string | null;
  /** One way, branch to the farthest drop (the freight rule's distance, docs/freight.md); null unknown. */
  readonly distanceKm: number | null;
}

/** A booking delivered (or tried) in the period. */
export interface BookingRow {
  readonly bookingId: string;
  /**
   * Each DO's own date, one per DO the stop carried: the day (Bangkok) the DO reached LMS from the
   * ERP, `delivery_order.created_at` (a DO has no document date of its own; the booking's
   * `doc_date` is the day it was booked). Then the day the booking was confirmed (Bangkok), the delivery day.
   */
  readonly orderDates: readonly string[];
  readonly confirmedOn: string | null;
  readonly deliveryDate: string | null;
  readonly callStatus: string | null;
}

export interface PerformanceRows {
  readonly stops: readonly StopRow[];
  readonly trips: readonly TripRow[];
  readonly bookings: readonly BookingRow[];
}

const SETTLED: readonly StopStatus[] = ['DELIVERED', 'PARTIAL', 'FAILED'];
const isSettled = (stop: StopRow): boolean => SETTLED.includes(stop.status);
const gaveSomething = (stop: StopRow): boolean => stop.status === 'DELIVERED' || stop.status === 'PARTIAL';

/** `count` of `of` in percent, one decimal. */
export function ratio(count: number, of: number): Ratio {
  return { count, of, percent: of === 0 ? null : Math.round((count / of) * 1000) / 10 };
}

const instant = (iso: string): number => new Date(iso).getTime();

/** A stop is on time when its outcome gave something and was recorded inside its window, both ends included. */
export function stopOnTime(stop: StopRow): boolean {
  if (!gaveSomething(stop) || stop.outcomeAt === null) return false;
  const at = instant(stop.outcomeAt);
  return at >= instant(stop.windowFrom) && at <= instant(stop.windowTo);
}

/** A DO at a stop is in full when the stop delivered its whole booked quantity. */
const orderInFull = (stop: StopRow, order: StopOrderRow): boolean =>
  gaveSomething(stop) && (order.delivered ?? 0) >= order.qty;

/**
 * What a set of rows adds up to: counts and integer sums only (milliseconds, hundredths of a km,
 * days), so tallies of days add up to the tally of the period exactly, in any order, in Node or in
 * SQL. The figures are `figuresOf(tally)`: ratios and means of summed numerators and denominators,
 * never averages of daily ratios. The server keeps a tally per branch and day (docs/performance-figures.md
 * "At scale"); `tallyOf` is the definition its SQL follows.
 */
export interface PerformanceTally {
  /** Settled stops, and of them on time, in full (delivered whole), both. */
  readonly settledStops: number;
  readonly onTimeStops: number;
  readonly inFullStops: number;
  readonly otifStops: number;
  /** DO lines of settled stops, and of them on time, in full, both. */
  readonly orderLines: number;
  readonly onTimeLines: number;
  readonly inFullLines: number;
  readonly otifLines: number;
  /** DO lines at their first stop ever, and of them delivered whole. */
  readonly firstLines: number;
  readonly firstInFull: number;
  /** Failed stops per reason (no reason: OTHER). */
  readonly failures: Readonly<Partial<Record<FailureReason, number>>>;
  /** Drops of trips that delivered and have a distance, and those trips' distance in hundredths of a km. */
  readonly kmDrops: number;
  readonly kmHundredths: number;
  /** Drops of ended trips that delivered, and those trips' start → end in milliseconds. */
  readonly minuteDrops: number;
  readonly tripMs: number;
  /** Stops with an arrival and a departure, and the milliseconds between. */
  readonly dwellStops: number;
  readonly dwellMs: number;
  /** DOs of the stops' bookings with a confirmed booking, and the days from each DO's date to it. */
  readonly orderToBookingOrders: number;
  readonly orderToBookingDays: number;
  /** Bookings with both days, and the days between: confirmed → delivery. */
  readonly bookingToDeliveryBookings: number;
  readonly bookingToDeliveryDays: number;
  /** Bookings whose appointment the customer confirmed by the link, and those a planner called. */
  readonly byLink: number;
  readonly byPhone: number;
}

export const emptyTally: PerformanceTally = {
  settledStops: 0,
  onTimeStops: 0,
  inFullStops: 0,
  otifStops: 0,
  orderLines: 0,
  onTimeLines: 0,
  inFullLines: 0,
  otifLines: 0,
  firstLines: 0,
  firstInFull: 0,
  failures: {},
  kmDrops: 0,
  kmHundredths: 0,
  minuteDrops: 0,
  tripMs: 0,
  dwellStops: 0,
  dwellMs: 0,
  orderToBookingOrders: 0,
  orderToBookingDays: 0,
  bookingToDeliveryBookings: 0,
  bookingToDeliveryDays: 0,
  byLink: 0,
  byPhone: 0,
};

type Counts = Omit<PerformanceTally, 'failures'>;
const countKeys = Object.keys(emptyTally).filter((key) => key !== 'failures') as (keyof Counts)[];

/** The tally of two sets of rows: every count and sum added. */
export function addTallies(a: PerformanceTally, b: PerformanceTally): PerformanceTally {
  const counts = Object.fromEntries(countKeys.map((key) => [key, a[key] + b[key]])) as unknown as Counts;
  const failures: Partial<Record<FailureReason, number>> = { ...a.failures };
  for (const [reason, stops] of Object.entries(b.failures) as [FailureReason, number][])
    failures[reason] = (failures[reason] ?? 0) + stops;
  return { ...counts, failures };
}

const count = <T>(items: readonly T[], test: (item: T) => boolean): number => items.filter(test).length;

/**
 * Per stop, over the settled stops (a stop still pending is not judged): on time, in full
 * (delivered whole, not partial) and both. Per DO, over every DO of those stops (a DO tried twice
 * counts at both stops): on time (its stop on time and something of it delivered), in full, both.
 * First attempts: of the DOs whose first stop ever was settled, those delivered whole there.
 */
function stopTally(stops: readonly StopRow[]) {
  const settled = stops.filter(isSettled);
  const lines = settled.flatMap((stop) => stop.orders.map((order) => ({ stop, order })));
  const lineOnTime = ({ stop, order }: (typeof lines)[number]) =>
    stopOnTime(stop) && (order.delivered ?? 0) > 0;
  const lineInFull = ({ stop, order }: (typeof lines)[number]) => orderInFull(stop, order);
  const firsts = lines.filter(({ order }) => order.attempt === 1);
  const failures: Partial<Record<FailureReason, number>> = {};
  for (const stop of stops.filter((s) => s.status === 'FAILED')) {
    const reason = stop.reason ?? 'OTHER';
    failures[reason] = (failures[reason] ?? 0) + 1;
  }
  return {
    settledStops: settled.length,
    onTimeStops: count(settled, stopOnTime),
    inFullStops: count(settled, (s) => s.status === 'DELIVERED'),
    otifStops: count(settled, (s) => stopOnTime(s) && s.status === 'DELIVERED'),
    orderLines: lines.length,
    onTimeLines: count(lines, lineOnTime),
    inFullLines: count(lines, lineInFull),
    otifLines: count(lines, (line) => lineOnTime(line) && lineInFull(line)),
    firstLines: firsts.length,
    firstInFull: count(firsts, lineInFull),
    failures,
  };
}

const msBetween = (from: string, to: string): number => instant(to) - instant(from);

/**
 * Per drop (a stop that delivered something): kilometres of the trips that delivered, and the
 * time from each ended trip's start to its end, each over the drops of those trips; dwell over the
 * stops that have an arrival and a departure.
 */
function dropTally(stops: readonly StopRow[], trips: readonly TripRow[]) {
  const drops = new Map<string, number>();
  for (const stop of stops.filter(gaveSomething))
    drops.set(stop.shipmentId, (drops.get(stop.shipmentId) ?? 0) + 1);
  const tally = { kmDrops: 0, kmHundredths: 0, minuteDrops: 0, tripMs: 0, dwellStops: 0, dwellMs: 0 };
  for (const trip of trips) {
    const dropped = drops.get(trip.shipmentId) ?? 0;
    if (dropped === 0) continue;
    if (trip.distanceKm !== null) {
      tally.kmDrops += dropped;
      tally.kmHundredths += Math.round(trip.distanceKm * 100);
    }
    if (trip.startedAt && trip.endedAt) {
      tally.minuteDrops += dropped;
      tally.tripMs += msBetween(trip.startedAt, trip.endedAt);
    }
  }
  for (const stop of stops)
    if (stop.arrivedAt && stop.leftAt) {
      tally.dwellStops += 1;
      tally.dwellMs += msBetween(stop.arrivedAt, stop.leftAt);
    }
  return tally;
}

/**
 * Lead times in days, and how appointments were confirmed (the customer's link against a planner's call).
 * DO → booking counts each DO from its own date (a booking of two DOs that came in on different days
 * counts both); booking → delivery counts each stop's booking once.
 */
function bookingTally(bookings: readonly BookingRow[]) {
  const days = (spans: readonly [string | null, string | null][]) => {
    const counted = spans.flatMap(([from, to]) => (from && to ? [daysBetween(from, to)] : []));
    return [counted.length, counted.reduce((a, b) => a + b, 0)] as const;
  };
  const [orderToBookingOrders, orderToBookingDays] = days(
    bookings.flatMap((b) => b.orderDates.map((day): [string, string | null] => [day, b.confirmedOn])),
  );
  const [bookingToDeliveryBookings, bookingToDeliveryDays] = days(
    bookings.map((b) => [b.confirmedOn, b.deliveryDate]),
  );
  return {
    orderToBookingOrders,
    orderToBookingDays,
    bookingToDeliveryBookings,
    bookingToDeliveryDays,
    byLink: count(bookings, (b) => b.callStatus === 'CONFIRMED_BY_CUSTOMER'),
    byPhone: count(bookings, (b) => b.callStatus === 'CALLED'),
  };
}

/** What one period's rows add up to. */
export function tallyOf(rows: PerformanceRows): PerformanceTally {
  return { ...stopTally(rows.stops), ...dropTally(rows.stops, rows.trips), ...bookingTally(rows.bookings) };
}

/** Failed stops per reason, most first (ties in the reasons' list order), with the running share: a Pareto. */
export function failurePareto(failures: PerformanceTally['failures']): FailureBar[] {
  const counts = failureReasonOptions
    .map((option) => ({ reason: option.value, label: option.label, stops: failures[option.value] ?? 0 }))
    .filter((bar) => bar.stops > 0)
    .sort((a, b) => b.stops - a.stops);
  const failed = counts.reduce((total, bar) => total + bar.stops, 0);
  let running = 0;
  return counts.map((bar) => {
    running += bar.stops;
    return { ...bar, cumulativePercent: Math.round((running / failed) * 1000) / 10 };
  });
}

/** The mean of `of` values summing to `sum`, two decimals. */
export function meanOf(sum: number, of: number): Mean {
  return of === 0 ? { value: null, of: 0 } : { value: Math.round((sum / of) * 100) / 100, of };
}

/** Every figure of a tally. */
export function figuresOf(t: PerformanceTally): DeliveryFigures {
  return {
    stops: {
      onTime: ratio(t.onTimeStops, t.settledStops),
      inFull: ratio(t.inFullStops, t.settledStops),
      otif: ratio(t.otifStops, t.settledStops),
    },
    orders: {
      onTime: ratio(t.onTimeLines, t.orderLines),
      inFull: ratio(t.inFullLines, t.orderLines),
      otif: ratio(t.otifLines, t.orderLines),
    },
    firstAttempt: ratio(t.firstInFull, t.firstLines),
    failures: failurePareto(t.failures),
    kmPerDrop: meanOf(t.kmHundredths / 100, t.kmDrops),
    minutesPerDrop: meanOf(t.tripMs / 60_000, t.minuteDrops),
    dwellMinutes: meanOf(t.dwellMs / 60_000, t.dwellStops),
    leadDays: {
      docToBooking: meanOf(t.orderToBookingDays, t.orderToBookingOrders),
      bookingToDelivery: meanOf(t.bookingToDeliveryDays, t.bookingToDeliveryBookings),
    },
    confirmedByLink: ratio(t.byLink, t.byLink + t.byPhone),
    confirmedByPhone: ratio(t.byPhone, t.byLink + t.byPhone),
  };
}

/** Every figure of one period's rows. */
export function deliveryFigures(rows: PerformanceRows): DeliveryFigures {
  return figuresOf(tallyOf(rows));
}

/**
 * The part of `period` that can be judged on `today` (docs/performance-figures.md "นับถึงวันนี้"):
 * the period clamped to end on today, null when it has not begun. A day still ahead has neither an
 * empty truck nor an hour used, so truck days and hours (used and available) count up to here only.
 */
export function judgedPeriod(period: Period, today: string): Period | null {
  const to = today < period.to ? today : period.to;
  return to < period.from ? null : { from: period.from, to };
}

/** Why a period is refused (Thai), or undefined when it may be read. */
export function performancePeriodProblem(period: Period): string | undefined {
  return period.to < period.from || daysBetween(period.from, period.to) + 1 > PERFORMANCE_MAX_DAYS
    ? `ช่วงวันที่ต้องไม่เกิน ${PERFORMANCE_MAX_DAYS} วัน และวันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น`
    : undefined;
}
