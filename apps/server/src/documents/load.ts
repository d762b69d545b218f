import type { PlanInstant, SlotPlan } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { currentPlan } from '../shipmentPlanning/plan.ts';
import type { DocumentHeader } from './model.ts';

/** What the documents read: one query per table group, for many records at once (a batch). */

const place = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/** The issuing branch: its name is the company the user chose at sign-in ("เลือกบริษัท"). */
export async function loadHeader(db: Database, branchId: string): Promise<DocumentHeader> {
  const { rows } = await sql<{
    code: string;
    name: string;
    short_name: string | null;
    address: string | null;
    sub_district: string | null;
    district: string | null;
    province: string | null;
  }>`select b.code, b.name, b.short_name, b.address, sd.name_th as sub_district, d.name_th as district, p.name_th as province
       from branch b
       left join sub_district sd on sd.id = b.sub_district_id
       left join district d on d.id = sd.district_id
       left join province p on p.id = coalesce(b.province_id, d.province_id)
      where b.id = ${branchId}`.execute(db);
  const branch = rows[0];
  return {
    company: branch?.name ?? '',
    branch: place('สาขา', branch?.code, branch?.short_name ? `(${branch.short_name})` : ''),
    address: place(branch?.address, branch?.sub_district, branch?.district, branch?.province),
  };
}

export interface BookingRow {
  id: string;
  doc_no: string | null;
  doc_date: string | null;
  status: string;
  call_status: string | null;
  distance: number | null;
  customer: string;
  ship_to: string;
  ship_to_tel: string | null;
  ship_to_address: string;
}

export interface BookingLineRow {
  booking_id: string;
  delivery_order_id: string;
  do_no: string;
  article: string | null;
  unit: string | null;
  qty: number;
  delivery_date: string;
  delivery_time: string | null;
  used_weight: number;
  used_volume: number;
  shift_date: string;
  shift: string;
  shift_of_day_id: string;
  start_time: string;
  end_time: string;
  vehicle_type: string;
  slot_id: string;
}

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
  const { rows } = await sql<BookingRow>`
    select b.id, b.doc_no, b.doc_date::text, b.status, b.call_status, b.distance::float,
           concat_ws(' ', c.code, c.name) as customer,
           concat_ws(' ', st.code, st.name) as ship_to, st.tel as ship_to_tel,
           concat_ws(' ', st.address, sd.name_th, d.name_th, p.name_th) as ship_to_address
      from booking_report b
      join customer c on c.id = b.customer_id
      join ship_to st on st.id = b.ship_to_id
      left join sub_district sd on sd.id = st.sub_district_id
      left join district d on d.id = sd.district_id
      left join province p on p.id = d.province_id
     where b.id = any(${ids}::uuid[]) and b.branch_id = ${branchId}`.execute(db);
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

export interface AllocationRow {
  booking_id: string;
  slot_id: string;
  vehicles: number;
  fee: number | null;
}

/** The vehicles and fee confirm stored per slot (none for a booking confirmed before 0019). */
async function loadAllocations(db: Database, bookingIds: readonly string[]) {
  const { rows } = await sql<AllocationRow>`
    select booking_id, slot_id, vehicles, fee::float from booking_allocation
     where booking_id = any(${bookingIds}::uuid[])`.execute(db);
  return rows;
}

async function loadBookingLines(db: Database, bookingIds: readonly string[]) {
  const { rows } = await sql<BookingLineRow>`
    select l.parent_id as booking_id, l.delivery_order_id, o.doc_no as do_no, concat_ws(' ', a.code, a.name) as article,
           a.article_uom as unit, l.qty::float, l.delivery_date::text, l.delivery_time::text,
           l.used_weight::float, l.used_volume::float, s.shift_date::text, sh.name as shift, s.shift_of_day_id,
           sh.start_time::text, sh.end_time::text, vt.name as vehicle_type, s.id as slot_id
      from booking_report__lines l
      join delivery_order o on o.id = l.delivery_order_id
      left join article a on a.id = coalesce(l.article_id, o.article_uom_id)
      join vehicle_date_slot s on s.id = l.slot_id
      join shift_of_day sh on sh.id = s.shift_of_day_id
      join vehicle_type vt on vt.id = s.vehicle_type_id
     where l.parent_id = any(${bookingIds}::uuid[])
     order by l.parent_id, l.position`.execute(db);
  return rows;
}

/** The bookings (not canceled) with a line in a branch's slots of one day and shift, by number. */
export async function bookingIdsOfShift(db: Database, branchId: string, date: string, shiftOfDayId: string) {
  const { rows } = await sql<{ id: string }>`
    select b.id from booking_report b
     where b.branch_id = ${branchId} and b.canceled_at is null
       and exists (select 1 from booking_report__lines l join vehicle_date_slot s on s.id = l.slot_id
                    where l.parent_id = b.id and s.shift_date = ${date}::date and s.shift_of_day_id = ${shiftOfDayId})
     order by b.doc_no`.execute(db);
  return rows.map((r) => r.id);
}

export async function loadShift(db: Database, shiftOfDayId: string) {
  const { rows } = await sql<{ name: string; start_time: string; end_time: string }>`
    select name, start_time::text, end_time::text from shift_of_day where id = ${shiftOfDayId}`.execute(db);
  return rows[0];
}

export interface DeliveryOrderRow {
  id: string;
  doc_no: string;
  doc_delivery_at: string | null;
  qty: number | null;
  weight: number;
  weight_unit: string | null;
  volume: number;
  volume_unit: string | null;
  article: string | null;
  unit: string | null;
  customer: string;
  ship_to: string | null;
  ship_to_tel: string | null;
  ship_to_address: string | null;
  booking_no: string | null;
  delivery_date: string | null;
  delivery_time: string | null;
}

/** DOs of a branch in the order of `ids`, with their ship-to (SO's, else BO's) and live booking. */
export async function loadDeliveryOrders(db: Database, ids: readonly string[], branchId: string) {
  const { rows } = await sql<DeliveryOrderRow>`
    select o.id, o.doc_no, o.delivery_at::text as doc_delivery_at, o.qty::float, o.weight::float, o.weight_unit,
           o.volume::float, o.volume_unit, concat_ws(' ', a.code, a.name) as article, a.article_uom as unit,
           concat_ws(' ', c.code, c.name) as customer,
           concat_ws(' ', st.code, st.name) as ship_to, st.tel as ship_to_tel,
           concat_ws(' ', st.address, sd.name_th, d.name_th, p.name_th) as ship_to_address,
           bk.doc_no as booking_no, bk.delivery_date, bk.delivery_time
      from delivery_order o
      join customer c on c.id = o.customer_id
      left join article a on a.id = o.article_uom_id
      left join ship_to st on st.id = coalesce(o.so_ship_to_id, o.bo_ship_to_id)
      left join sub_district sd on sd.id = st.sub_district_id
      left join district d on d.id = sd.district_id
      left join province p on p.id = d.province_id
      left join lateral (
        select b.doc_no, l.delivery_date::text, l.delivery_time::text from booking_report__lines l
          join booking_report b on b.id = l.parent_id and b.canceled_at is null
         where l.delivery_order_id = o.id order by b.confirmed_at desc limit 1) bk on true
     where o.id = any(${ids}::uuid[]) and o.branch_id = ${branchId}`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

export interface ShipmentRow {
  id: string;
  doc_no: string;
  plate: string | null;
  driver: string | null;
  driver_tel: string | null;
  vehicle_type: string | null;
  shift_date: string | null;
  shift_of_day_id: string | null;
  shift: string | null;
  start_time: string | null;
  end_time: string | null;
  /** The row as JSON: its stage dates and times by column (`plan_date_check_in` …). */
  columns: Record<string, string | null>;
  booking_ids: string[];
  delivery_order_ids: string[];
}

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
  const { rows } = await sql<ShipmentRow>`
    select s.id, s.doc_no, coalesce(s.car_plate_snap, v.license_plate, v.code) as plate,
           concat_ws(' ', dr.code, dr.name) as driver, dr.tel as driver_tel, vt.name as vehicle_type,
           s.shift_date::text, s.shift_of_day_id, sh.name as shift, sh.start_time::text, sh.end_time::text,
           to_jsonb(s) as columns,
           array(select x.ref_id::text from shipment__booking_report_ids x join booking_report b on b.id = x.ref_id
                  where x.owner_id = s.id order by b.doc_no) as booking_ids,
           array(select x.ref_id::text from shipment__delivery_order_ids x where x.owner_id = s.id) as delivery_order_ids
      from shipment s
      left join vehicle v on v.id = s.vehicle_id
      left join driver dr on dr.id = s.driver_id
      left join vehicle_type vt on vt.id = coalesce(s.vehicle_type_id, v.vehicle_type_id)
      left join shift_of_day sh on sh.id = s.shift_of_day_id
     where s.id = any(${ids}::uuid[]) and s.branch_id = ${branchId}`.execute(db);
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
