import {
  addDays,
  type BoardStop,
  type BoardTrip,
  bangkokIsoDate,
  canceledAhead,
  type DriverStop,
  type DriverTrip,
  type FailureReason,
  failureReasonOptions,
  optionLabel,
  type ProofRequirement,
  type StopProof,
  type StopStatus,
  servedStops,
  shipmentStages,
  type TripProgress,
  type TripStatus,
  tapsOpenAt,
} from '@lms/domain';
import { estimateArrivals, type StopEta } from '@lms/planning';
import { type CompiledQuery, sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { shiftOfRow } from '../shipmentPlanning/stage.ts';
import { stageColumns } from '../shipmentPlanning/stageColumns.ts';
import { ordersOf, type StopOrderRow } from './stops.ts';

/**
 * A trip as every view reads it (docs/delivery.md): the shipment, its delivery state, its stops
 * with their outcome's proof, and each stop's ETA from `estimateArrivals` at `now`. Three
 * statements for any number of trips.
 */

const stageCols = shipmentStages.flatMap(({ key }) => {
  const c = stageColumns(key);
  return [c.planDate, c.planTime, c.actDate, c.actTime];
});

export function shipmentRows(db: Executor) {
  return db
    .selectFrom('delivery_trip as t')
    .innerJoin('shipment as s', 's.id', 't.shipment_id')
    .innerJoin('branch as b', 'b.id', 't.branch_id')
    .leftJoin('driver as d', 'd.id', 's.driver_id')
    .leftJoin('shift_of_day as sh', 'sh.id', 's.shift_of_day_id')
    .select([
      't.shipment_id',
      't.branch_id',
      't.shift_date',
      // The day its taps are judged against (stage.ts \`shiftPlan\`): the shipment's own, which a
      // dispatcher may move after the trip was confirmed; the trip's copy files it on the board.
      's.shift_date as shipment_shift_date',
      't.minutes_per_km',
      't.depot_lat',
      't.depot_lon',
      't.planned_start',
      't.started_at',
      't.ended_at',
      't.last_lat',
      't.last_lon',
      't.last_accuracy',
      't.last_position_at',
      's.doc_no',
      's.car_plate_snap',
      's.driver_id',
      'd.name as driver_name',
      'b.name as branch_name',
      'b.tel as branch_tel',
      'sh.name as shift_name',
      'sh.start_time as shift_start',
      'sh.end_time as shift_end',
      ...stageCols.map((c) => `s.${c}` as const),
    ]);
}

type ShipmentRow = Awaited<ReturnType<ReturnType<typeof shipmentRows>['execute']>>[number];

function stopRows(db: Executor, shipmentIds: readonly string[]) {
  return db
    .selectFrom('delivery_stop as st')
    .innerJoin('booking_report as b', 'b.id', 'st.booking_id')
    .leftJoin('delivery_event as e', 'e.id', 'st.outcome_event_id')
    .select([
      'st.id',
      'st.shipment_id',
      'st.seq',
      'st.booking_id',
      'b.doc_no as booking_doc_no',
      'b.canceled_at',
      'st.ship_to_name',
      'st.address',
      'st.phone',
      'st.lat',
      'st.lon',
      'st.window_from',
      'st.window_to',
      'st.planned_arrival',
      'st.planned_departure',
      'st.service_seconds',
      'st.proof_required',
      'st.orders',
      'st.status',
      'st.arrived_at',
      'st.left_at',
      'e.kind as outcome_kind',
      'e.at as outcome_at',
      'e.lat as outcome_lat',
      'e.lon as outcome_lon',
      'e.accuracy as outcome_accuracy',
      'e.recipient',
      'e.signature_file_id',
      'e.photo_file_ids',
      'e.quantities',
      'e.reason',
      'e.reason_text',
      'e.note',
    ])
    .where('st.shipment_id', '=', anyOf(shipmentIds))
    .orderBy('st.shipment_id')
    .orderBy('st.seq')
    .compile();
}

/** Ids as one array parameter: the statement's text is the same for any number of them. */
const anyOf = (ids: readonly string[]) => sql<string>`any(${[...ids]}::uuid[])`;

type StopRow = ReturnType<typeof stopRows> extends CompiledQuery<infer R> ? R : never;

export interface TripState {
  readonly shipment: ShipmentRow;
  readonly stops: readonly StopRow[];
  readonly etas: readonly StopEta[];
  readonly status: TripStatus;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const reasonLabel = (reason: string | null) => optionLabel(failureReasonOptions, reason) ?? null;

/**
 * The trips on a day (docs/delivery.md "A day's trips"): its own, and once the day has begun, the
 * day before's still under way — not ended, and started or of a shift past midnight (กะ 20:00–02:00
 * at 00:30, a truck still out after midnight). A night shift's truck stays on the board and the
 * driver's phone across midnight; it shows on the next day only once that day has come, never twice.
 */
export function tripsOnDay<Q extends ReturnType<typeof shipmentRows>>(
  query: Q,
  date: string,
  now: number,
): Q {
  const before = addDays(date, -1);
  const carried = date <= bangkokIsoDate(new Date(now));
  return query
    .where('t.shift_date', '=', sql<string>`any(${carried ? [date, before] : [date]}::date[])`)
    .where((eb) =>
      eb.or([
        eb('t.shift_date', '=', date),
        eb.and([
          eb('t.ended_at', 'is', null),
          eb.or([eb('t.started_at', 'is not', null), eb('sh.end_time', '<=', eb.ref('sh.start_time'))]),
        ]),
      ]),
    ) as Q;
}

/** Trips by their shipments, or a branch's day (`tripsOnDay`); in shipment number order. */
export async function loadTrips(
  db: Executor,
  where: { shipmentIds: readonly string[] } | { branchId: string; date: string },
  now = Date.now(),
): Promise<TripState[]> {
  let query = shipmentRows(db);
  if ('shipmentIds' in where) {
    if (where.shipmentIds.length === 0) return [];
    query = query.where('t.shipment_id', '=', anyOf(where.shipmentIds));
  } else query = tripsOnDay(query.where('t.branch_id', '=', where.branchId), where.date, now);
  // Both statements run for every board refresh and stop event: planned once per connection.
  const { rows: shipments } = await db.executeQuery(prepared(query.orderBy('s.doc_no').compile()));
  if (shipments.length === 0) return [];
  const { rows: stops } = await db.executeQuery(
    prepared(
      stopRows(
        db,
        shipments.map((s) => s.shipment_id),
      ),
    ),
  );
  return shipments.map((shipment) => {
    const own = stops.filter((s) => s.shipment_id === shipment.shipment_id);
    const running = shipment.started_at !== null && shipment.ended_at === null;
    const etas = estimateArrivals({
      depot:
        shipment.depot_lat === null || shipment.depot_lon === null
          ? null
          : { lat: shipment.depot_lat, lon: shipment.depot_lon },
      plannedStart: shipment.planned_start.getTime(),
      startedAt: shipment.started_at?.getTime() ?? null,
      minutesPerKm: shipment.minutes_per_km,
      stops: own.map((s) => ({
        id: s.id,
        place: s.lat === null || s.lon === null ? null : { lat: s.lat, lon: s.lon },
        plannedArrival: s.planned_arrival.getTime(),
        plannedDeparture: s.planned_departure.getTime(),
        window: [s.window_from.getTime(), s.window_to.getTime()] as const,
        serviceMs: s.service_seconds * 1000,
        arrivedAt: s.arrived_at?.getTime() ?? null,
        leftAt: s.left_at?.getTime() ?? null,
        passed: canceledAhead({ canceled: s.canceled_at !== null, arrivedAt: iso(s.arrived_at) }),
      })),
      position:
        running && shipment.last_lat !== null && shipment.last_lon !== null && shipment.last_position_at
          ? {
              place: { lat: shipment.last_lat, lon: shipment.last_lon },
              at: shipment.last_position_at.getTime(),
            }
          : null,
      now,
    });
    const status: TripStatus = shipment.ended_at ? 'DONE' : shipment.started_at ? 'RUNNING' : 'PLANNED';
    return { shipment, stops: own, etas, status };
  });
}

export function proofOf(stop: StopRow): StopProof | null {
  if (!stop.outcome_kind || !stop.outcome_at) return null;
  return {
    kind: stop.outcome_kind as StopProof['kind'],
    at: stop.outcome_at.toISOString(),
    position:
      stop.outcome_lat === null || stop.outcome_lon === null
        ? null
        : { lat: stop.outcome_lat, lon: stop.outcome_lon, accuracy: stop.outcome_accuracy ?? 0 },
    recipient: stop.recipient,
    signatureFileId: stop.signature_file_id,
    photoFileIds: stop.photo_file_ids ?? [],
    reason: stop.reason as FailureReason | null,
    reasonLabel: reasonLabel(stop.reason),
    reasonText: stop.reason_text,
    note: stop.note,
  };
}

/** A stop's DOs with what was delivered (after its outcome). */
export function ordersWithDelivered(stop: StopRow) {
  const delivered = (stop.quantities ?? null) as { deliveryOrderId: string; qty: number }[] | null;
  return ordersOf(stop.orders).map((order: StopOrderRow) => ({
    ...order,
    delivered:
      stop.outcome_kind === 'failed'
        ? 0
        : stop.outcome_kind === 'delivered'
          ? (delivered?.find((d) => d.deliveryOrderId === order.deliveryOrderId)?.qty ?? order.qty)
          : stop.outcome_kind === 'partial'
            ? (delivered?.find((d) => d.deliveryOrderId === order.deliveryOrderId)?.qty ?? 0)
            : null,
  }));
}

/** Opens the phone's navigation app at the stop: the maps URL both Android and iOS hand to it. */
export const navigationUrl = (lat: number | null, lon: number | null) =>
  lat === null || lon === null
    ? null
    : `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)},${lon.toFixed(6)}&travelmode=driving`;

export function boardStop(state: TripState, i: number): BoardStop {
  const stop = state.stops[i]!;
  const eta = state.etas[i]!;
  return {
    id: stop.id,
    seq: stop.seq,
    bookingId: stop.booking_id,
    bookingDocNo: stop.booking_doc_no ?? '',
    shipToName: stop.ship_to_name,
    status: stop.status as StopStatus,
    windowFrom: stop.window_from.toISOString(),
    windowTo: stop.window_to.toISOString(),
    plannedArrival: stop.planned_arrival.toISOString(),
    eta: eta.eta === null || eta.done ? null : new Date(eta.eta).toISOString(),
    late: eta.late,
    arrivedAt: iso(stop.arrived_at),
    leftAt: iso(stop.left_at),
    ...(stop.canceled_at ? { canceled: true } : {}),
  };
}

const instantOfColumns = (date: unknown, time: unknown): string | null =>
  typeof date === 'string' && typeof time === 'string'
    ? new Date(`${date}T${time.slice(0, 5)}:00+07:00`).toISOString()
    : null;

export function driverTrip(state: TripState): DriverTrip {
  const s = state.shipment as ShipmentRow & Record<string, unknown>;
  return {
    id: s.shipment_id,
    docNo: s.doc_no,
    date: s.shift_date,
    licensePlate: s.car_plate_snap,
    driverName: s.driver_name,
    branchName: s.branch_name,
    branchPhone: s.branch_tel,
    status: state.status,
    tapsFrom: iso(tapsOpenAt(shiftOfRow({ ...s, shift_date: s.shipment_shift_date }))),
    stages: shipmentStages.map(({ key }) => {
      const c = stageColumns(key);
      return {
        stage: key,
        plan: instantOfColumns(s[c.planDate], s[c.planTime]),
        actual: instantOfColumns(s[c.actDate], s[c.actTime]),
      };
    }),
    stops: state.stops.map((stop, i): DriverStop => {
      const board = boardStop(state, i);
      return {
        ...board,
        address: stop.address,
        phone: stop.phone,
        lat: stop.lat,
        lon: stop.lon,
        navigationUrl: navigationUrl(stop.lat, stop.lon),
        plannedDeparture: stop.planned_departure.toISOString(),
        serviceMinutes: Math.round(stop.service_seconds / 60),
        proofRequired: stop.proof_required as ProofRequirement,
        orders: ordersWithDelivered(stop),
        proof: proofOf(stop),
      };
    }),
  };
}

/** How far along the trip is: stops done, the next one, how many late. */
function summary(stops: readonly BoardStop[]) {
  return {
    done: stops.filter((stop) => stop.leftAt !== null).length,
    // A stop cancelled after the plan and not reached is passed (docs/delivery.md).
    nextStopId: stops.find((stop) => stop.leftAt === null && !canceledAhead(stop))?.id ?? null,
    late: servedStops(stops).filter((stop) => stop.late).length,
  };
}

export function boardTrip(state: TripState, now = Date.now()): BoardTrip {
  const s = state.shipment;
  const stops = state.stops.map((_, i) => boardStop(state, i));
  return {
    id: s.shipment_id,
    docNo: s.doc_no,
    date: s.shift_date,
    licensePlate: s.car_plate_snap,
    driverName: s.driver_name,
    status: state.status,
    position:
      state.status === 'RUNNING' && s.last_lat !== null && s.last_lon !== null && s.last_position_at
        ? {
            lat: s.last_lat,
            lon: s.last_lon,
            accuracy: s.last_accuracy ?? 0,
            at: s.last_position_at.toISOString(),
          }
        : null,
    ...summary(stops),
    stops,
    at: new Date(now).toISOString(),
  };
}

/** What a board merges into its trip when the trip's stops or ETAs change (the live stream's `trips`). */
export function tripProgress(state: TripState, now = Date.now()): TripProgress {
  const stops = state.stops.map((_, i) => boardStop(state, i));
  return {
    id: state.shipment.shipment_id,
    status: state.status,
    ...summary(stops),
    stops: stops.map(({ id, status, eta, late, arrivedAt, leftAt }) => ({
      id,
      status,
      eta,
      late,
      arrivedAt,
      leftAt,
    })),
    at: new Date(now).toISOString(),
  };
}
