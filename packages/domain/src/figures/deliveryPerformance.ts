import { type FailureReason, failureReasonOptions, type StopStatus } from '../api/delivery.ts';
import type { DeliveryFigures, FailureBar, Mean, Period, Ratio } from '../api/performance.ts';
import { PERFORMANCE_MAX_DAYS } from '../api/performance.ts';
import { addDays, daysBetween } from '../rules/calendarDay.ts';

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
  /** The DO's document date (the booking's), the day its booking was confirmed (Bangkok), the delivery day. */
  readonly docDate: string | null;
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

/** The mean of the values, two decimals. */
export function mean(values: readonly number[]): Mean {
  if (values.length === 0) return { value: null, of: 0 };
  const sum = values.reduce((a, b) => a + b, 0);
  return { value: Math.round((sum / values.length) * 100) / 100, of: values.length };
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
 * Per stop, over the settled stops (a stop still pending is not judged): on time, in full
 * (delivered whole, not partial) and both. Per DO, over every DO of those stops (a DO tried twice
 * counts at both stops): on time (its stop on time and something of it delivered), in full, both.
 */
function onTimeInFull(stops: readonly StopRow[]): Pick<DeliveryFigures, 'stops' | 'orders'> {
  const settled = stops.filter(isSettled);
  const onTime = settled.filter(stopOnTime);
  const inFull = settled.filter((s) => s.status === 'DELIVERED');
  const lines = settled.flatMap((stop) => stop.orders.map((order) => ({ stop, order })));
  const lineOnTime = ({ stop, order }: (typeof lines)[number]) =>
    stopOnTime(stop) && (order.delivered ?? 0) > 0;
  const lineInFull = ({ stop, order }: (typeof lines)[number]) => orderInFull(stop, order);
  return {
    stops: {
      onTime: ratio(onTime.length, settled.length),
      inFull: ratio(inFull.length, settled.length),
      otif: ratio(onTime.filter((s) => s.status === 'DELIVERED').length, settled.length),
    },
    orders: {
      onTime: ratio(lines.filter(lineOnTime).length, lines.length),
      inFull: ratio(lines.filter(lineInFull).length, lines.length),
      otif: ratio(lines.filter((line) => lineOnTime(line) && lineInFull(line)).length, lines.length),
    },
  };
}

/** Of the DOs whose first stop ever was settled in the period, the share delivered whole there. */
export function firstAttemptRate(stops: readonly StopRow[]): Ratio {
  const firsts = stops
    .filter(isSettled)
    .flatMap((stop) => stop.orders.filter((o) => o.attempt === 1).map((order) => ({ stop, order })));
  return ratio(firsts.filter(({ stop, order }) => orderInFull(stop, order)).length, firsts.length);
}

/** Failed stops per reason, most first (ties in the reasons' list order), with the running share: a Pareto. */
export function failurePareto(stops: readonly StopRow[]): FailureBar[] {
  const failed = stops.filter((s) => s.status === 'FAILED');
  const counts = failureReasonOptions
    .map((option) => ({
      reason: option.value,
      label: option.label,
      stops: failed.filter((s) => (s.reason ?? 'OTHER') === option.value).length,
    }))
    .filter((bar) => bar.stops > 0)
    .sort((a, b) => b.stops - a.stops);
  let running = 0;
  return counts.map((bar) => {
    running += bar.stops;
    return { ...bar, cumulativePercent: Math.round((running / failed.length) * 1000) / 10 };
  });
}

const minutesBetween = (from: string, to: string): number => (instant(to) - instant(from)) / 60_000;

/**
 * Per drop (a stop that delivered something): kilometres of the trips that delivered, and minutes
 * from each ended trip's start to its end, each divided by the drops of those trips; dwell is the
 * mean of arrival → departure over the stops that have both.
 */
function perDrop(stops: readonly StopRow[], trips: readonly TripRow[]) {
  const drops = new Map<string, number>();
  for (const stop of stops.filter(gaveSomething))
    drops.set(stop.shipmentId, (drops.get(stop.shipmentId) ?? 0) + 1);
  const perTrip = (value: (trip: TripRow) => number | null): Mean => {
    let total = 0;
    let count = 0;
    for (const trip of trips) {
      const dropped = drops.get(trip.shipmentId) ?? 0;
      const amount = value(trip);
      if (dropped === 0 || amount === null) continue;
      total += amount;
      count += dropped;
    }
    return count === 0
      ? { value: null, of: 0 }
      : { value: Math.round((total / count) * 100) / 100, of: count };
  };
  return {
    kmPerDrop: perTrip((trip) => trip.distanceKm),
    minutesPerDrop: perTrip((trip) =>
      trip.startedAt && trip.endedAt ? minutesBetween(trip.startedAt, trip.endedAt) : null,
    ),
    dwellMinutes: mean(
      stops.flatMap((s) => (s.arrivedAt && s.leftAt ? [minutesBetween(s.arrivedAt, s.leftAt)] : [])),
    ),
  };
}

/** Lead times in days, and how appointments were confirmed (the customer's link against a planner's call). */
function bookingFigures(bookings: readonly BookingRow[]) {
  const days = (pick: (b: BookingRow) => [string | null, string | null]) =>
    mean(
      bookings.flatMap((b) => {
        const [from, to] = pick(b);
        return from && to ? [daysBetween(from, to)] : [];
      }),
    );
  const byLink = bookings.filter((b) => b.callStatus === 'CONFIRMED_BY_CUSTOMER').length;
  const byPhone = bookings.filter((b) => b.callStatus === 'CALLED').length;
  return {
    leadDays: {
      docToBooking: days((b) => [b.docDate, b.confirmedOn]),
      bookingToDelivery: days((b) => [b.confirmedOn, b.deliveryDate]),
    },
    confirmedByLink: ratio(byLink, byLink + byPhone),
    confirmedByPhone: ratio(byPhone, byLink + byPhone),
  };
}

/** Every figure of one period. */
export function deliveryFigures(rows: PerformanceRows): DeliveryFigures {
  return {
    ...onTimeInFull(rows.stops),
    firstAttempt: firstAttemptRate(rows.stops),
    failures: failurePareto(rows.stops),
    ...perDrop(rows.stops, rows.trips),
    ...bookingFigures(rows.bookings),
  };
}

/** The period of the same length ending the day before `period.from`. */
export function previousPeriod(period: Period): Period {
  const length = daysBetween(period.from, period.to) + 1;
  return { from: addDays(period.from, -length), to: addDays(period.from, -1) };
}

/** Why a period is refused (Thai), or undefined when it may be read. */
export function performancePeriodProblem(period: Period): string | undefined {
  return period.to < period.from || daysBetween(period.from, period.to) + 1 > PERFORMANCE_MAX_DAYS
    ? `ช่วงวันที่ต้องไม่เกิน ${PERFORMANCE_MAX_DAYS} วัน และวันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น`
    : undefined;
}
