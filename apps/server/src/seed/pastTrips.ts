import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import {
  bookingRow,
  deliveryOrderRow,
  deliveryTripRow,
  lineRow,
  outcomeEventRow,
  shipmentRow,
  stopRow,
} from './pastTripRows.ts';

/**
 * Trips that already ran, written as their records stand after the day (docs/performance-figures.md
 * "ข้อมูลตัวอย่าง"): the DOs, their bookings with lines on the day's slots, the shipment with its
 * stage times, the driver's trip with its stops, each stop's outcome event and what failed or partial
 * deliveries sent back to booking. For the demo's past month (demoMonth.ts) and the end-to-end
 * test's month: the booking engine and the confirm refuse a day in the past, and the phone's
 * events a trip that is not running, so history cannot be made through them. Written in a few
 * bulk statements, without history rows or customer messages.
 */

import type { PastTrip } from './pastTripRows.ts';

export type { PastOrder, PastOutcome, PastStop, PastTrip } from './pastTripRows.ts';

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
    shipments.push(
      shipmentRow(trip, shipmentId, shipmentNumbers[t]!, {
        typeId: typeOf.get(trip.vehicleId),
        plate: plateOf.get(trip.vehicleId),
      }),
    );
    deliveryTrips.push(deliveryTripRow(trip, shipmentId));
    for (const [i, stop] of trip.stops.entries()) {
      const bookingId = randomUUID();
      const stopId = randomUUID();
      const place = shipToOf.get(stop.shipToId);
      const slotId = slotOf(trip, stop.shipCondId);
      links.push({ owner_id: shipmentId, ref_id: bookingId });
      bookings.push(bookingRow(trip, stop, bookingId, bookingNumbers[stopIndex++]!, place));
      const stored = [];
      for (const [position, order] of stop.orders.entries()) {
        let known = orders.get(order.docNo);
        if (!known) {
          known = {
            id: randomUUID(),
            delivered: 0,
            row: deliveryOrderRow(trip, stop, order, position),
          };
          orders.set(order.docNo, known);
        }
        // This booking takes again what an earlier delivery left of the DO.
        for (const r of returns)
          if (r.docNo === order.docNo && !r.rebooked_booking_id) r.rebooked_booking_id = bookingId;
        lines.push(lineRow(trip, stop, order, { bookingId, deliveryOrderId: known.id, slotId }, position));
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
      stops.push(stopRow(trip, i, { stopId, shipmentId, bookingId }, place, stored));
      const outcome = stop.outcome;
      if (outcome)
        events.push(
          outcomeEventRow(
            outcome,
            { stopId, shipmentId },
            place,
            stop.orders.map((o) => ({ deliveryOrderId: orders.get(o.docNo)!.id, qty: o.delivered ?? 0 })),
          ),
        );
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
