import { type PlanInstant, type SlotPlan, shipmentStages } from '@lms/domain';
import { sql } from 'kysely';
import type { Database, Executor } from '../db/database.ts';
import { currentPlan } from '../shipmentPlanning/plan.ts';
import { noRoads, type RoadDistances } from '../shipmentPlanning/roads.ts';
import { stageColumns } from '../shipmentPlanning/stageColumns.ts';
import { type BookingLineRow, type BookingRow, loadBookings, words } from './load.ts';

/** The trip sheet's reads: shipments with their stops in the order the plan drives them. */

/** Each stage's plan and actual date and time columns of a shipment. */
const stageColumnList = shipmentStages.flatMap(({ key }) => Object.values(stageColumns(key)));

function shipmentRows(db: Executor, ids: readonly string[], branchId: string) {
  return db
    .selectFrom('shipment as s')
    .leftJoin('vehicle as v', 'v.id', 's.vehicle_id')
    .leftJoin('driver as dr', 'dr.id', 's.driver_id')
    .leftJoin('vehicle_type as vt', (join) =>
      join.on((eb) => eb('vt.id', '=', eb.fn.coalesce('s.vehicle_type_id', 'v.vehicle_type_id'))),
    )
    .leftJoin('shift_of_day as sh', 'sh.id', 's.shift_of_day_id')
    .select((eb) => [
      's.id',
      's.doc_no',
      eb.fn.coalesce('s.car_plate_snap', 'v.license_plate', 'v.code').as('plate'),
      words(eb, 'dr.code', 'dr.name').as('driver'),
      'dr.id as driver_id',
      'dr.tel as driver_tel',
      'vt.name as vehicle_type',
      's.shift_date',
      's.shift_of_day_id',
      'sh.name as shift',
      'sh.start_time',
      'sh.end_time',
      ...stageColumnList.map((column) => `s.${column}` as const),
      // A shipment's links as arrays: one row per shipment, its bookings by number.
      sql<string[]>`array(${eb
        .selectFrom('shipment__booking_report_ids as x')
        .innerJoin('booking_report as b', 'b.id', 'x.ref_id')
        .select('x.ref_id')
        .whereRef('x.owner_id', '=', 's.id')
        .orderBy('b.doc_no')})`.as('booking_ids'),
      sql<string[]>`array(${eb
        .selectFrom('shipment__delivery_order_ids as x')
        .select('x.ref_id')
        .whereRef('x.owner_id', '=', 's.id')})`.as('delivery_order_ids'),
    ])
    .where((eb) => eb('s.id', '=', eb.fn.any(eb.val(ids))))
    .where('s.branch_id', '=', branchId)
    .execute();
}

type ShipmentColumns = Awaited<ReturnType<typeof shipmentRows>>[number];

/** A shipment as the trip sheet reads it, its stage dates and times by column (`plan_date_check_in` …). */
export type ShipmentRow = Omit<ShipmentColumns, (typeof stageColumnList)[number]> & {
  columns: Record<string, string | null>;
};

// The stage columns ride along unnamed in the type: `columns` is how the trip sheet reads them.
const shipmentRow = (row: ShipmentColumns): ShipmentRow => ({
  ...row,
  columns: Object.fromEntries(stageColumnList.map((column) => [column, row[column]])),
});

/** One stop of a trip: a booking's ship-to and the shipment's DOs for it, with the planned arrival. */
export interface TripStop {
  booking: BookingRow;
  lines: BookingLineRow[];
  arrival: PlanInstant | null;
}

export interface ShipmentDocumentRows {
  shipment: ShipmentRow;
  stops: TripStop[];
  /** The trip's distance as the plan has it (on road distances when a router is configured); null: not in the plan. */
  distanceKm: number | null;
}

/**
 * Shipments of a branch in the order of `ids`, each with its stops in the order the confirmed plan
 * drives them (re-timed as the planning screen shows it: `currentPlan`, on the same `roads`) and the
 * trip's planned distance. A shipment the plan no
 * longer has (edited by hand) lists its bookings by number, without arrival times.
 */
export async function loadShipments(
  db: Database,
  ids: readonly string[],
  branchId: string,
  roads: RoadDistances = noRoads,
): Promise<ShipmentDocumentRows[]> {
  const rows = (await shipmentRows(db, ids, branchId)).map(shipmentRow);
  // One plan per slot, however many of its shipments the batch prints.
  const plans = new Map<string, Promise<SlotPlan>>();
  const planOf = (date: string, shiftOfDayId: string) => {
    const key = `${date}/${shiftOfDayId}`;
    // The distances the plan was made on: the same road table, from the same cache (roads.ts).
    if (!plans.has(key)) plans.set(key, currentPlan(db, branchId, date, shiftOfDayId, roads));
    return plans.get(key)!;
  };
  const bookings = new Map(
    (await loadBookings(db, [...new Set(rows.flatMap((r) => r.booking_ids))], branchId)).map((b) => [
      b.booking.id,
      b,
    ]),
  );
  const byId = new Map<string, ShipmentDocumentRows>();
  for (const shipment of rows) {
    const trip =
      shipment.shift_date && shipment.shift_of_day_id
        ? (await planOf(shipment.shift_date, shipment.shift_of_day_id)).trips.find(
            (t) => t.shipmentId === shipment.id,
          )
        : undefined;
    const order = trip
      ? trip.stops.map((s) => ({ bookingId: s.bookingId, dos: s.deliveryOrderIds, arrival: s.arrival }))
      : shipment.booking_ids.map((bookingId) => ({
          bookingId,
          dos: shipment.delivery_order_ids,
          arrival: null,
        }));
    const stops = order.flatMap(({ bookingId, dos, arrival }) => {
      const booking = bookings.get(bookingId);
      if (!booking) return [];
      const lines = booking.lines.filter((l) => dos.includes(l.delivery_order_id));
      return [{ booking: booking.booking, lines, arrival }];
    });
    byId.set(shipment.id, { shipment, stops, distanceKm: trip?.distanceKm ?? null });
  }
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
