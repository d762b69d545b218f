import { type ExpressionBuilder, type ReferenceExpression, sql } from 'kysely';
import type { Database, Executor } from '../db/database.ts';
import type { DocumentHeader } from './model.ts';

/** What the documents read: one query per table group, for many records at once (a batch). */

const place = (...parts: (string | null | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

/** Parts joined by a space in the database, a null one left out (`concat_ws`): `C001 บริษัทหนึ่ง`. */
export function words<D, T extends keyof D>(
  eb: ExpressionBuilder<D, T>,
  ...parts: ReferenceExpression<D, T>[]
) {
  return eb.fn<string>('concat_ws', [sql.lit(' '), ...parts]);
}

/**
 * An article's counting unit as printed (the unit column of every document that lists lines): its
 * ERP unit code (`articleUom`) by the name of the unit of that code, else the code as sent; else
 * the name of its unit (`unitId`). `article` is the article's alias in the query.
 */
export const articleUnit = (article: string) => {
  const uom = sql.ref(`${article}.article_uom`);
  return sql<
    string | null
  >`coalesce((select u.name from unit u where u.code = ${uom}), nullif(trim(${uom}), ''),
    (select u.name from unit u where u.id = ${sql.ref(`${article}.unit_id`)}))`;
};

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
      'b.tel',
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
    // Whom the customer and the driver call: on every document (and in every customer message).
    phone: branch?.tel?.trim() ? `โทร ${branch.tel.trim()}` : undefined,
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
      // The booking's copy of its ship-to's phone (spec §3), the one its page shows; today's for a booking confirmed before 0028.
      eb.fn.coalesce('b.ship_to_tel', 'st.tel').as('ship_to_tel'),
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
      articleUnit('a').as('unit'),
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
