import { type PlanInstant, type SlotPlan, shipmentStages } from '@lms/domain';
import { type ExpressionBuilder, type ReferenceExpression, sql } from 'kysely';
import type { Database, Executor } from '../db/database.ts';
import { currentPlan } from '../shipmentPlanning/plan.ts';
import { stageColumns } from '../shipmentPlanning/stageColumns.ts';
import type { DocumentHeader } from './model.ts';

/** What the documents read: one query per table group, for many records at once (a batch). */

const place = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/** Parts joined by a space in the database, a null one left out (`concat_ws`): `C001 บริษัทหนึ่ง`. */
function words<D, T extends keyof D>(eb: ExpressionBuilder<D, T>, ...parts: ReferenceExpression<D, T>[]) {
  return eb.fn<string>('concat_ws', [sql.lit(' '), ...parts]);
}

/** The issuing branch: its name is the company the user chose at sign-in ("เลือกบริษัท"). */
export async function loadHeader(db: Executor, branchId: string): Promise<DocumentHeader> {
  const branch = await db
    .selectFrom('branch as b')
    .leftJoin('sub_district as sd', 'sd.id', 'b.sub_district_id')
    .leftJoin('district as d', 'd.id', 'sd.district_id')
    .leftJoin('province as p', (join) =>
      join.on((eb) => eb('p.id', '=', eb.fn.coalesce('b.province_id', 'd.province_id'))),
    )
    .select([
      'b.code',
      'b.name',
      'b.short_name',
      'b.address',
      'sd.name_th as sub_district',
      'd.name_th as district',
      'p.name_th as province',
    ])
    .where('b.id', '=', branchId)
    .executeTakeFirst();
  return {
    company: branch?.name ?? '',
    branch: place('สาขา', branch?.code, branch?.short_name ? `(${branch.short_name})` : ''),
    address: place(branch?.address, branch?.sub_district, branch?.district, branch?.province),
  };
}

/** A booking's row as the documents read it: its customer and ship-to in words. */
function bookingRows(db: Executor, ids: readonly string[], branchId: string) {
  return db
    .selectFrom('booking_report as b')
    .innerJoin('customer as c', 'c.id', 'b.customer_id')
    .innerJoin('ship_to as st', 'st.id', 'b.ship_to_id')
    .leftJoin('sub_district as sd', 'sd.id', 'st.sub_district_id')
    .leftJoin('district as d', 'd.id', 'sd.district_id')
    .leftJoin('province as p', 'p.id', 'd.province_id')
    .select((eb) => [
      'b.id',
      'b.doc_no',
      'b.doc_date',
      'b.status',
      'b.call_status',
      'b.distance',
      words(eb, 'c.code', 'c.name').as('customer'),
      words(eb, 'st.code', 'st.name').as('ship_to'),
      'st.tel as ship_to_tel',
      words(eb, 'st.address', 'sd.name_th', 'd.name_th', 'p.name_th').as('ship_to_address'),
    ])
    .where((eb) => eb('b.id', '=', eb.fn.any(eb.val(ids))))
    .where('b.branch_id', '=', branchId)
    .execute();
}

export type BookingRow = Awaited<ReturnType<typeof bookingRows>>[number];
export type BookingLineRow = Awaited<ReturnType<typeof loadBookingLines>>[number];
export type AllocationRow = Awaited<ReturnType<typeof loadAllocations>>[number];

/** A booking as the documents read it: its row, its lines, and what confirm charged per slot. */
export interface BookingDocumentRows {
  booking: BookingRow;
  lines: BookingLineRow[];
  allocations: AllocationRow[];
}

/** Bookings of a branch, in the order of `ids`; ids of other branches or unknown are left out. */
export async function loadBookings(
  db: Database,
  ids: readonly string[],
  branchId: string,
): Promise<BookingDocumentRows[]> {
  const rows = await bookingRows(db, ids, branchId);
  const lines = await loadBookingLines(
    db,
    rows.map((r) => r.id),
  );
  const allocations = await loadAllocations(
    db,
    rows.map((r) => r.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const booking = byId.get(id);
    return booking
      ? [
          {
            booking,
            lines: lines.filter((l) => l.booking_id === id),
            allocations: allocations.filter((a) => a.booking_id === id),
          },
        ]
      : [];
  });
}

/** The vehicles and fee confirm stored per slot (none for a booking confirmed before 0019). */
function loadAllocations(db: Executor, bookingIds: readonly string[]) {
  return db
    .selectFrom('booking_allocation')
    .select(['booking_id', 'slot_id', 'vehicles', 'fee'])
    .where((eb) => eb('booking_id', '=', eb.fn.any(eb.val(bookingIds))))
    .execute();
}

function loadBookingLines(db: Executor, bookingIds: readonly string[]) {
  return db
    .selectFrom('booking_report__lines as l')
    .innerJoin('delivery_order as o', 'o.id', 'l.delivery_order_id')
    .leftJoin('article as a', (join) =>
      join.on((eb) => eb('a.id', '=', eb.fn.coalesce('l.article_id', 'o.article_uom_id'))),
    )
    .innerJoin('vehicle_date_slot as s', 's.id', 'l.slot_id')
    .innerJoin('shift_of_day as sh', 'sh.id', 's.shift_of_day_id')
    .innerJoin('vehicle_type as vt', 'vt.id', 's.vehicle_type_id')
    .select((eb) => [
      'l.parent_id as booking_id',
      'l.delivery_order_id',
      'o.doc_no as do_no',
      words(eb, 'a.code', 'a.name').as('article'),
      'a.article_uom as unit',
      'l.qty',
      'l.delivery_date',
      'l.delivery_time',
      'l.used_weight',
      'l.used_volume',
      's.shift_date',
      'sh.name as shift',
      's.shift_of_day_id',
      'sh.start_time',
      'sh.end_time',
      'vt.name as vehicle_type',
      's.id as slot_id',
    ])
    .where((eb) => eb('l.parent_id', '=', eb.fn.any(eb.val(bookingIds))))
    .orderBy('l.parent_id')
    .orderBy('l.position')
    .execute();
}

/** The bookings (not canceled) with a line in a branch's slots of one day and shift, by number. */
export async function bookingIdsOfShift(db: Executor, branchId: string, date: string, shiftOfDayId: string) {
  const rows = await db
    .selectFrom('booking_report as b')
    .select('b.id')
    .where('b.branch_id', '=', branchId)
    .where('b.canceled_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking_report__lines as l')
          .innerJoin('vehicle_date_slot as s', 's.id', 'l.slot_id')
          .select(eb.lit(1).as('one'))
          .whereRef('l.parent_id', '=', 'b.id')
          .where('s.shift_date', '=', date)
          .where('s.shift_of_day_id', '=', shiftOfDayId),
      ),
    )
    .orderBy('b.doc_no')
    .execute();
  return rows.map((r) => r.id);
}

export function loadShift(db: Executor, shiftOfDayId: string) {
  return db
    .selectFrom('shift_of_day')
    .select(['name', 'start_time', 'end_time'])
    .where('id', '=', shiftOfDayId)
    .executeTakeFirst();
}

export type DeliveryOrderRow = Awaited<ReturnType<typeof deliveryOrderRows>>[number];

function deliveryOrderRows(db: Executor, ids: readonly string[], branchId: string) {
  return (
    db
      .selectFrom('delivery_order as o')
      .innerJoin('customer as c', 'c.id', 'o.customer_id')
      .leftJoin('article as a', 'a.id', 'o.article_uom_id')
      .leftJoin('ship_to as st', (join) =>
        join.on((eb) => eb('st.id', '=', eb.fn.coalesce('o.so_ship_to_id', 'o.bo_ship_to_id'))),
      )
      .leftJoin('sub_district as sd', 'sd.id', 'st.sub_district_id')
      .leftJoin('district as d', 'd.id', 'sd.district_id')
      .leftJoin('province as p', 'p.id', 'd.province_id')
      // The DO's live booking: the newest confirmed one not canceled.
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('booking_report__lines as l')
            .innerJoin('booking_report as b', (join) =>
              join.onRef('b.id', '=', 'l.parent_id').on('b.canceled_at', 'is', null),
            )
            .select(['b.doc_no', 'l.delivery_date', 'l.delivery_time'])
            .whereRef('l.delivery_order_id', '=', 'o.id')
            .orderBy('b.confirmed_at', 'desc')
            .limit(1)
            .as('bk'),
        (join) => join.onTrue(),
      )
      .select((eb) => [
        'o.id',
        'o.doc_no',
        'o.delivery_at as doc_delivery_at',
        'o.qty',
        'o.weight',
        'o.weight_unit',
        'o.volume',
        'o.volume_unit',
        words(eb, 'a.code', 'a.name').as('article'),
        'a.article_uom as unit',
        words(eb, 'c.code', 'c.name').as('customer'),
        words(eb, 'st.code', 'st.name').as('ship_to'),
        'st.tel as ship_to_tel',
        words(eb, 'st.address', 'sd.name_th', 'd.name_th', 'p.name_th').as('ship_to_address'),
        'bk.doc_no as booking_no',
        'bk.delivery_date',
        'bk.delivery_time',
      ])
      .where((eb) => eb('o.id', '=', eb.fn.any(eb.val(ids))))
      .where('o.branch_id', '=', branchId)
      .execute()
  );
}

/** DOs of a branch in the order of `ids`, with their ship-to (SO's, else BO's) and live booking. */
export async function loadDeliveryOrders(db: Executor, ids: readonly string[], branchId: string) {
  const rows = await deliveryOrderRows(db, ids, branchId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

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

const shipmentRow = ({
  id,
  doc_no,
  plate,
  driver,
  driver_tel,
  vehicle_type,
  shift_date,
  shift_of_day_id,
  shift,
  start_time,
  end_time,
  booking_ids,
  delivery_order_ids,
  ...columns
}: ShipmentColumns): ShipmentRow => ({
  ...{ id, doc_no, plate, driver, driver_tel, vehicle_type, shift_date, shift_of_day_id, shift, start_time },
  ...{ end_time, booking_ids, delivery_order_ids, columns },
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
}

/**
 * Shipments of a branch in the order of `ids`, each with its stops in the order the confirmed plan
 * drives them (re-timed as the planning screen shows it: `currentPlan`). A shipment the plan no
 * longer has (edited by hand) lists its bookings by number, without arrival times.
 */
export async function loadShipments(
  db: Database,
  ids: readonly string[],
  branchId: string,
): Promise<ShipmentDocumentRows[]> {
  const rows = (await shipmentRows(db, ids, branchId)).map(shipmentRow);
  // One plan per slot, however many of its shipments the batch prints.
  const plans = new Map<string, Promise<SlotPlan>>();
  const planOf = (date: string, shiftOfDayId: string) => {
    const key = `${date}/${shiftOfDayId}`;
    if (!plans.has(key)) plans.set(key, currentPlan(db, branchId, date, shiftOfDayId));
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
    byId.set(shipment.id, { shipment, stops });
  }
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
