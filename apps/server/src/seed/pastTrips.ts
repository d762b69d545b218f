import { randomUUID } from 'node:crypto';
import { addDays, type FailureReason } from '@lms/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';

/**
 * Trips that already ran, written as their records stand after the day (docs/performance-figures.md
 * "ข้อมูลตัวอย่าง"): the DOs, their bookings with lines on the day's slots, the shipment with its
 * stage times, the driver's trip with its stops, each stop's outcome event and what failed or partial
 * deliveries sent back to booking. For the demo's past month (demoMonth.ts) and the end-to-end
 * test's month: the booking engine and the confirm refuse a day in the past, and the phone's
 * events a trip that is not running, so history cannot be made through them. Written in a few
 * bulk statements, without history rows or customer messages.
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
/** Parameters per statement, below PostgreSQL's 65,535. */
const PARAMETERS = 60_000;

/**
 * Inserts in as few statements as the parameter limit allows: the lines' statement triggers
 * (slot use, the booking's day) then run once per statement, not once per few hundred rows.
 */
async function insertAll<T extends Parameters<Executor['insertInto']>[0]>(
  db: Executor,
  table: T,
  rows: readonly Record<string, unknown>[],
) {
  const batch = Math.floor(PARAMETERS / Math.max(1, Object.keys(rows[0] ?? {}).length));
  for (let start = 0; start < rows.length; start += batch)
    // The rows are built for the named table below (snake-case columns); PostgreSQL checks them.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + batch) as never)
      .execute();
}

// Bangkok's day and time of an instant by arithmetic (Thailand keeps no summer time): thousands of
// stage times, where the domain's Intl formatter would take seconds.
const inBangkok = (at: Date) => new Date(at.getTime() + 7 * 3600_000).toISOString();
const bangkokDay = (at: Date) => inBangkok(at).slice(0, 10);
const formatTime = (at: Date) => inBangkok(at).slice(11, 16);
const stage = (name: string, at: Date | null, plan: Date) => ({
  [`plan_date_${name}`]: bangkokDay(plan),
  [`plan_time_${name}`]: formatTime(plan),
  [`act_date_${name}`]: at ? bangkokDay(at) : null,
  [`act_time_${name}`]: at ? formatTime(at) : null,
});

/** The next `n` numbers of a document sequence. */
async function nextNumbers(db: Executor, sequence: string, n: number): Promise<number[]> {
  const { rows } = await sql<{
    n: number;
  }>`select nextval(${sequence})::int as n from generate_series(1, ${n})`.execute(db);
  return rows.map((row) => row.n);
}

/** The day's slot of each branch, shift, vehicle type and ship cond the trips used; made when missing. */
async function slotsOf(db: Executor, trips: readonly PastTrip[], typeOf: Map<string, string>) {
  const keyOf = (branchId: string, day: string, shiftId: string, typeId: string, condId: string) =>
    [branchId, day, shiftId, typeId, condId].join('|');
  const wanted = new Map<string, number>();
  for (const trip of trips)
    for (const condId of new Set(trip.stops.map((s) => s.shipCondId))) {
      const key = keyOf(trip.branchId, trip.day, trip.shiftOfDayId, typeOf.get(trip.vehicleId)!, condId);
      wanted.set(key, (wanted.get(key) ?? 0) + 1);
    }
  const days = [...new Set(trips.map((t) => t.day))];
  const existing = await db
    .selectFrom('vehicle_date_slot')
    .select(['id', 'branch_id', 'shift_date', 'shift_of_day_id', 'vehicle_type_id', 'ship_cond_id'])
    .where('shift_date', 'in', days)
    .where('route_config_id', 'is', null)
    .execute();
  const slots = new Map<string, string>();
  for (const s of existing)
    slots.set(
      keyOf(s.branch_id ?? '', s.shift_date, s.shift_of_day_id, s.vehicle_type_id, s.ship_cond_id),
      s.id,
    );
  const made = [...wanted].filter(([key]) => !slots.has(key));
  const rows = made.map(([key, trucks]) => {
    const [branchId, day, shiftId, typeId, condId] = key.split('|');
    const id = randomUUID();
    slots.set(key, id);
    return {
      id,
      branch_id: branchId,
      shift_date: day,
      shift_of_day_id: shiftId,
      vehicle_type_id: typeId,
      ship_cond_id: condId,
      total: trucks,
      special: 0,
    };
  });
  await insertAll(db, 'vehicle_date_slot', rows);
  return (trip: PastTrip, condId: string) =>
    slots.get(keyOf(trip.branchId, trip.day, trip.shiftOfDayId, typeOf.get(trip.vehicleId)!, condId))!;
}

/** Writes the trips; answers the shipments' ids in the trips' order. */
export async function writePastTrips(db: Executor, trips: readonly PastTrip[]): Promise<string[]> {
  if (trips.length === 0) return [];
  const vehicles = await db
    .selectFrom('vehicle')
    .select(['id', 'vehicle_type_id', 'license_plate', 'code'])
    .where('id', 'in', [...new Set(trips.map((t) => t.vehicleId))])
    .execute();
  const typeOf = new Map(vehicles.map((v) => [v.id, v.vehicle_type_id ?? '']));
  const plateOf = new Map(vehicles.map((v) => [v.id, v.license_plate ?? v.code]));
  const shipTos = await db
    .selectFrom('ship_to as st')
    .leftJoin('sub_district as s', 's.id', 'st.sub_district_id')
    .select([
      'st.id',
      'st.name',
      'st.address',
      'st.tel',
      'st.lat',
      'st.lon',
      'st.sub_district_id',
      's.district_id',
      's.province_id',
      's.region_id',
    ])
    .where('st.id', 'in', [...new Set(trips.flatMap((t) => t.stops.map((s) => s.shipToId)))])
    .execute();
  const shipToOf = new Map(shipTos.map((s) => [s.id, s]));
  const slotOf = await slotsOf(db, trips, typeOf);

  const allStops = trips.flatMap((trip) => trip.stops.map((stop) => ({ trip, stop })));
  const bookingNumbers = await nextNumbers(db, 'booking_doc_no_seq', allStops.length);
  const shipmentNumbers = await nextNumbers(db, 'shipment_doc_no_seq', trips.length);

  // DOs: one per number, from its first stop; what each delivery gave and left is summed below.
  const orders = new Map<string, { id: string; row: Record<string, unknown>; delivered: number }>();
  const bookings: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  const shipments: Record<string, unknown>[] = [];
  const links: { owner_id: string; ref_id: string }[] = [];
  const deliveryTrips: Record<string, unknown>[] = [];
  const stops: Record<string, unknown>[] = [];
  const events: Record<string, unknown>[] = [];
  const returns: (Record<string, unknown> & { docNo: string })[] = [];
  const shipmentIds: string[] = [];
  let stopIndex = 0;
  for (const [t, trip] of trips.entries()) {
    const shipmentId = randomUUID();
    shipmentIds.push(shipmentId);
    const start = trip.plannedStart;
    shipments.push({
      id: shipmentId,
      branch_id: trip.branchId,
      doc_no: `SH${trip.day.replaceAll('-', '')}${String(shipmentNumbers[t]).padStart(6, '0')}`,
      vehicle_id: trip.vehicleId,
      vehicle_type_id: typeOf.get(trip.vehicleId),
      driver_id: trip.driverId ?? null,
      car_plate_snap: plateOf.get(trip.vehicleId),
      ship_cond_id: trip.stops[0]?.shipCondId ?? null,
      shift_date: trip.day,
      shift_of_day_id: trip.shiftOfDayId,
      ...stage(
        'check_in',
        trip.started && new Date(trip.started.getTime() - 60 * MINUTE),
        new Date(start.getTime() - 60 * MINUTE),
      ),
      ...stage(
        'load_start',
        trip.started && new Date(trip.started.getTime() - 50 * MINUTE),
        new Date(start.getTime() - 50 * MINUTE),
      ),
      ...stage(
        'load_end',
        trip.started && new Date(trip.started.getTime() - 15 * MINUTE),
        new Date(start.getTime() - 15 * MINUTE),
      ),
      ...stage('ship_start', trip.started, start),
      ...stage('ship_end', trip.ended, trip.stops.at(-1)?.windowTo ?? start),
    });
    deliveryTrips.push({
      shipment_id: shipmentId,
      branch_id: trip.branchId,
      shift_date: trip.day,
      minutes_per_km: 1.5,
      planned_start: start,
      started_at: trip.started,
      ended_at: trip.ended,
    });
    for (const [i, stop] of trip.stops.entries()) {
      const bookingId = randomUUID();
      const stopId = randomUUID();
      const place = shipToOf.get(stop.shipToId);
      const slotId = slotOf(trip, stop.shipCondId);
      links.push({ owner_id: shipmentId, ref_id: bookingId });
      bookings.push({
        id: bookingId,
        branch_id: trip.branchId,
        status: 'CONFIRMED',
        doc_no: `BK${bangkokDay(stop.confirmedAt).replaceAll('-', '')}${String(bookingNumbers[stopIndex++]).padStart(6, '0')}`,
        doc_date: stop.docDate,
        doc_type: 'DO',
        call_status: stop.callStatus,
        customer_id: stop.customerId,
        ship_to_id: stop.shipToId,
        country: 'TH',
        // The ship-to as booked and its place, as the confirm copies them (booking/shipToSnapshot.ts).
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
      const stored = [];
      for (const [position, order] of stop.orders.entries()) {
        let known = orders.get(order.docNo);
        if (!known) {
          known = {
            id: randomUUID(),
            delivered: 0,
            row: {
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
              // The day the DO reached LMS, where its lead time starts: the booking's document day,
              // a later DO of the stop a day earlier each (so a booking's DOs differ).
              created_at: new Date(`${addDays(stop.docDate, -position)}T09:00:00+07:00`),
            },
          };
          orders.set(order.docNo, known);
        }
        // This booking takes again what an earlier delivery left of the DO.
        for (const r of returns)
          if (r.docNo === order.docNo && !r.rebooked_booking_id) r.rebooked_booking_id = bookingId;
        const share = order.qty / order.doQty;
        lines.push({
          parent_id: bookingId,
          position,
          delivery_order_id: known.id,
          article_id: order.articleId ?? null,
          qty: order.qty,
          delivery_date: trip.day,
          used_weight: Math.round(order.weight * share * (order.booked ?? 1) * 1000) / 1000,
          used_volume: Math.round(order.volume * share * (order.booked ?? 1) * 1000) / 1000,
          used_minute: 15,
          ship_cond_id: stop.shipCondId,
          slot_id: slotId,
        });
        stored.push({ deliveryOrderId: known.id, docNo: order.docNo, article: null, qty: order.qty });
        const kind = stop.outcome?.kind;
        const delivered = kind === 'delivered' ? order.qty : kind === 'partial' ? (order.delivered ?? 0) : 0;
        known.delivered += delivered;
        if (kind && order.qty - delivered > 0)
          returns.push({
            docNo: order.docNo,
            delivery_order_id: known.id,
            booking_id: bookingId,
            shipment_id: shipmentId,
            stop_id: stopId,
            qty: order.qty - delivered,
            reason: kind === 'failed' ? (stop.outcome?.reason ?? 'OTHER') : 'PARTIAL',
            created_at: stop.outcome!.at,
            rebooked_booking_id: null,
          });
      }
      const outcome = stop.outcome;
      const service = 15 * MINUTE;
      const arrival = new Date(Math.max(stop.windowFrom.getTime(), start.getTime() + (i + 1) * 45 * MINUTE));
      stops.push({
        id: stopId,
        shipment_id: shipmentId,
        seq: i + 1,
        booking_id: bookingId,
        ship_to_name: place?.name ?? '',
        address: place?.address ?? null,
        phone: place?.tel ?? null,
        lat: place?.lat ?? null,
        lon: place?.lon ?? null,
        window_from: stop.windowFrom,
        window_to: stop.windowTo,
        planned_arrival: arrival,
        planned_departure: new Date(arrival.getTime() + service),
        service_seconds: service / 1000,
        proof_required: 'SIGNATURE',
        orders: JSON.stringify(stored),
        status: outcome ? outcome.kind.toUpperCase() : 'PENDING',
        arrived_at: outcome?.arrived ?? null,
        left_at: outcome?.left ?? null,
      });
      if (!outcome) continue;
      // The outcome only: the arrival and departure are the stop's own columns, as the phone's events leave them.
      events.push({
        id: randomUUID(),
        shipment_id: shipmentId,
        stop_id: stopId,
        lat: place?.lat ?? null,
        lon: place?.lon ?? null,
        kind: outcome.kind,
        at: outcome.at,
        recorded_at: outcome.at,
        reason: outcome.kind === 'failed' ? (outcome.reason ?? 'OTHER') : null,
        recipient: outcome.kind === 'failed' ? null : 'ผู้รับสินค้า',
        quantities:
          outcome.kind === 'partial'
            ? JSON.stringify(
                stop.orders.map((o) => ({ deliveryOrderId: orders.get(o.docNo)!.id, qty: o.delivered ?? 0 })),
              )
            : null,
      });
    }
  }
  // Booked, unless a delivery left some of it and no booking took it again (the DO list's "returned").
  const waiting = new Set(returns.filter((r) => !r.rebooked_booking_id).map((r) => r.docNo));
  await insertAll(
    db,
    'delivery_order',
    [...orders.entries()].map(([docNo, o]) => ({
      id: o.id,
      ...o.row,
      delivered_qty: o.delivered,
      is_booking: !waiting.has(docNo),
    })),
  );
  await insertAll(db, 'booking_report', bookings);
  await insertAll(db, 'booking_report__lines', lines);
  await insertAll(db, 'shipment', shipments);
  await insertAll(db, 'shipment__booking_report_ids', links);
  await insertAll(db, 'delivery_trip', deliveryTrips);
  await insertAll(db, 'delivery_stop', stops);
  await insertAll(db, 'delivery_event', events);
  await sql`update delivery_stop st set outcome_event_id = e.id from delivery_event e
    where e.stop_id = st.id and e.kind in ('delivered', 'partial', 'failed')
      and st.shipment_id = any(${shipmentIds}::uuid[])`.execute(db);
  await insertAll(
    db,
    'delivery_return',
    returns.map(({ docNo: _docNo, ...row }) => row),
  );
  return shipmentIds;
}
