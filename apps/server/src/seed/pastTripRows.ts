import { randomUUID } from 'node:crypto';
import type { FailureReason } from '@lms/domain';
import { addDays } from '@lms/domain';

/**
 * The rows of a past trip (pastTrips.ts) as its records stand after the day: the shipment with its
 * stage times, the driver's trip, each stop's booking, stop and outcome event. Pure: the caller
 * numbers them and writes them in bulk.
 */

export interface PastOrder {
  /** The DO's number. The same number on a later stop is the DO booked again for what this stop left. */
  readonly docNo: string;
  /** Booked onto this stop. */
  readonly qty: number;
  /** The whole DO's quantity, weight (kg) and volume (m³): read from the DO's first stop. */
  readonly doQty: number;
  readonly weight: number;
  readonly volume: number;
  readonly articleId?: string | null;
  /** Delivered, for a partial outcome (a whole delivery gives `qty`, a failed one 0). */
  readonly delivered?: number;
  /**
   * The share of the DO's weight and volume its booking recorded, when the DO was weighed heavier
   * after it was booked (1 when absent): the booked line's use, not the DO's, fills the slot.
   */
  readonly booked?: number;
}

export interface PastOutcome {
  readonly kind: 'delivered' | 'partial' | 'failed';
  readonly arrived: Date;
  /** When the driver recorded the outcome. */
  readonly at: Date;
  readonly left: Date;
  readonly reason?: FailureReason;
}

export interface PastStop {
  readonly shipToId: string;
  readonly customerId: string;
  readonly shipCondId: string;
  /** One way from the branch, as booking computed it. */
  readonly km: number;
  readonly docDate: string;
  readonly confirmedAt: Date;
  readonly callStatus: 'NOT_CALLED' | 'CALLED' | 'UNREACHABLE' | 'CONFIRMED_BY_CUSTOMER';
  readonly windowFrom: Date;
  readonly windowTo: Date;
  readonly orders: readonly PastOrder[];
  /** None: the stop was never reached (the trip still runs, or it ended without it). */
  readonly outcome?: PastOutcome;
}

export interface PastTrip {
  readonly branchId: string;
  /** The shift's day, `yyyy-MM-dd`. */
  readonly day: string;
  readonly shiftOfDayId: string;
  readonly vehicleId: string;
  readonly driverId?: string | null;
  readonly plannedStart: Date;
  readonly started: Date | null;
  /** ShipEnd: a trip with it is paid to its truck's contractor (docs/freight.md). */
  readonly ended: Date | null;
  readonly stops: readonly PastStop[];
}

const MINUTE = 60_000;
/** A stop's unloading, as the planner's default gives it. */
const SERVICE = 15 * MINUTE;

// Bangkok's day and time of an instant by arithmetic (Thailand keeps no summer time): thousands of
// stage times, where the domain's Intl formatter would take seconds.
const inBangkok = (at: Date) => new Date(at.getTime() + 7 * 3600_000).toISOString();
export const bangkokDay = (at: Date) => inBangkok(at).slice(0, 10);
const formatTime = (at: Date) => inBangkok(at).slice(11, 16);
const stage = (name: string, at: Date | null, plan: Date) => ({
  [`plan_date_${name}`]: bangkokDay(plan),
  [`plan_time_${name}`]: formatTime(plan),
  [`act_date_${name}`]: at ? bangkokDay(at) : null,
  [`act_time_${name}`]: at ? formatTime(at) : null,
});
const before = (at: Date, minutes: number) => new Date(at.getTime() - minutes * MINUTE);

/** A ship-to as the past trips read it, with its place's areas. */
export interface PastPlace {
  readonly name: string;
  readonly address: string | null;
  readonly tel: string | null;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly sub_district_id: string | null;
  readonly district_id: string | null;
  readonly province_id: string | null;
  readonly region_id: string | null;
}

/** The shipment: number, truck as it was, and each stage planned and done an hour to none before leaving. */
export function shipmentRow(
  trip: PastTrip,
  id: string,
  number: number,
  vehicle: { readonly typeId: string | undefined; readonly plate: string | undefined },
) {
  const start = trip.plannedStart;
  const started = trip.started;
  return {
    id,
    branch_id: trip.branchId,
    doc_no: `SH${trip.day.replaceAll('-', '')}${String(number).padStart(6, '0')}`,
    vehicle_id: trip.vehicleId,
    vehicle_type_id: vehicle.typeId,
    driver_id: trip.driverId ?? null,
    car_plate_snap: vehicle.plate,
    ship_cond_id: trip.stops[0]?.shipCondId ?? null,
    shift_date: trip.day,
    shift_of_day_id: trip.shiftOfDayId,
    ...stage('check_in', started && before(started, 60), before(start, 60)),
    ...stage('load_start', started && before(started, 50), before(start, 50)),
    ...stage('load_end', started && before(started, 15), before(start, 15)),
    ...stage('ship_start', started, start),
    ...stage('ship_end', trip.ended, trip.stops.at(-1)?.windowTo ?? start),
  };
}

/** The driver's trip of a shipment. */
export const deliveryTripRow = (trip: PastTrip, shipmentId: string) => ({
  shipment_id: shipmentId,
  branch_id: trip.branchId,
  shift_date: trip.day,
  minutes_per_km: 1.5,
  planned_start: trip.plannedStart,
  started_at: trip.started,
  ended_at: trip.ended,
});

/** A stop's booking, confirmed, with the ship-to and its place as the confirm copies them (booking/shipToSnapshot.ts). */
export const bookingRow = (
  trip: PastTrip,
  stop: PastStop,
  id: string,
  number: number,
  place: PastPlace | undefined,
) => ({
  id,
  branch_id: trip.branchId,
  status: 'CONFIRMED',
  doc_no: `BK${bangkokDay(stop.confirmedAt).replaceAll('-', '')}${String(number).padStart(6, '0')}`,
  doc_date: stop.docDate,
  doc_type: 'DO',
  call_status: stop.callStatus,
  customer_id: stop.customerId,
  ship_to_id: stop.shipToId,
  country: 'TH',
  ship_to_name: place?.name,
  ship_to_tel: place?.tel,
  ship_to_address: place?.address,
  ship_to_lat: place?.lat,
  ship_to_lon: place?.lon,
  ship_to_sub_district_id: place?.sub_district_id,
  sub_district_id: place?.sub_district_id,
  district_id: place?.district_id,
  province_id: place?.province_id,
  region_id: place?.region_id,
  distance: stop.km,
  confirmed_at: stop.confirmedAt,
});

/** A DO, from its first stop: the `position`th of the stop's booking. */
export const deliveryOrderRow = (trip: PastTrip, stop: PastStop, order: PastOrder, position: number) => ({
  branch_id: trip.branchId,
  doc_no: order.docNo,
  qty: order.doQty,
  weight: order.weight,
  weight_unit: 'KG',
  volume: order.volume,
  volume_unit: 'M3',
  customer_id: stop.customerId,
  site_id: trip.branchId,
  article_uom_id: order.articleId ?? null,
  ship_cond_id: stop.shipCondId,
  so_ship_to_id: stop.shipToId,
  pick_at: trip.day,
  plan_at: trip.day,
  delivery_at: trip.day,
  // The day the DO reached LMS, where its lead time starts: the booking's document day, a later
  // DO of the stop a day earlier each (so a booking's DOs differ).
  created_at: new Date(`${addDays(stop.docDate, -position)}T09:00:00+07:00`),
});

/** A booking's line: its share of the DO's weight and volume, as booked, on the day's slot. */
export function lineRow(
  trip: PastTrip,
  stop: PastStop,
  order: PastOrder,
  ids: { readonly bookingId: string; readonly deliveryOrderId: string; readonly slotId: string },
  position: number,
) {
  const share = order.qty / order.doQty;
  const booked = order.booked ?? 1;
  return {
    parent_id: ids.bookingId,
    position,
    delivery_order_id: ids.deliveryOrderId,
    article_id: order.articleId ?? null,
    qty: order.qty,
    delivery_date: trip.day,
    used_weight: Math.round(order.weight * share * booked * 1000) / 1000,
    used_volume: Math.round(order.volume * share * booked * 1000) / 1000,
    used_minute: 15,
    ship_cond_id: stop.shipCondId,
    slot_id: ids.slotId,
  };
}

/** The `i`th stop of a trip: planned 45 minutes apart from the start (or at its window), its outcome's state. */
export function stopRow(
  trip: PastTrip,
  i: number,
  ids: { readonly stopId: string; readonly shipmentId: string; readonly bookingId: string },
  place: PastPlace | undefined,
  orders: readonly unknown[],
) {
  const stop = trip.stops[i]!;
  const { outcome } = stop;
  const arrival = new Date(
    Math.max(stop.windowFrom.getTime(), trip.plannedStart.getTime() + (i + 1) * 45 * MINUTE),
  );
  return {
    id: ids.stopId,
    shipment_id: ids.shipmentId,
    seq: i + 1,
    booking_id: ids.bookingId,
    ship_to_name: place?.name ?? '',
    address: place?.address ?? null,
    phone: place?.tel ?? null,
    lat: place?.lat ?? null,
    lon: place?.lon ?? null,
    window_from: stop.windowFrom,
    window_to: stop.windowTo,
    planned_arrival: arrival,
    planned_departure: new Date(arrival.getTime() + SERVICE),
    service_seconds: SERVICE / 1000,
    proof_required: 'SIGNATURE',
    orders: JSON.stringify(orders),
    status: outcome ? outcome.kind.toUpperCase() : 'PENDING',
    arrived_at: outcome?.arrived ?? null,
    left_at: outcome?.left ?? null,
  };
}

/**
 * A stop's outcome event only: the arrival and departure are the stop's own columns, as the
 * phone's events leave them. `partial`: what each DO gave.
 */
export const outcomeEventRow = (
  outcome: PastOutcome,
  ids: { readonly stopId: string; readonly shipmentId: string },
  place: PastPlace | undefined,
  partial: readonly { readonly deliveryOrderId: string; readonly qty: number }[],
) => ({
  id: randomUUID(),
  shipment_id: ids.shipmentId,
  stop_id: ids.stopId,
  lat: place?.lat ?? null,
  lon: place?.lon ?? null,
  kind: outcome.kind,
  at: outcome.at,
  recorded_at: outcome.at,
  reason: outcome.kind === 'failed' ? (outcome.reason ?? 'OTHER') : null,
  recipient: outcome.kind === 'failed' ? null : 'ผู้รับสินค้า',
  quantities: outcome.kind === 'partial' ? JSON.stringify(partial) : null,
});
