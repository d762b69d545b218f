import {
  BRANCHES_STOPS_PAGE_SIZE,
  type BranchBooking,
  type BranchesBookings,
  type BranchesBookingsQuery,
  type BranchesRecordsQuery,
  type BranchesStops,
  type BranchesStopsQuery,
  type BranchesTrips,
  type BranchStop,
  type BranchTrip,
  SETTLED_STOPS,
} from '@lms/domain';
import { type QueryResult, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { refreshStale } from './rollups.ts';
import { orderDates, tripDistance, truckLabel } from './rows.ts';

type Branches = readonly { id: string; label: string }[];
type Page<T> = { total: number; page: number; pageSize: number; rows: T[] };

/**
 * One page of the records behind a company figure, over branches already checked (branches.ts,
 * `branchesOf`): the count and the page's rows from the same `where`, each row named by its branch.
 */
async function pageOf<T extends { branchId: string; branchLabel: string }>(
  db: Database,
  branches: Branches,
  page: number,
  count: (ids: string[]) => Promise<QueryResult<{ total: number }>>,
  rows: (ids: string[], offset: number) => RawBuilder<Omit<T, 'branchLabel'>>,
): Promise<Page<T>> {
  const ids = branches.map((b) => b.id);
  const empty = { total: 0, page, pageSize: BRANCHES_STOPS_PAGE_SIZE, rows: [] };
  if (ids.length === 0) return empty;
  const label = new Map(branches.map((b) => [b.id, b.label]));
  const [total, found] = await Promise.all([
    count(ids),
    rows(ids, (page - 1) * BRANCHES_STOPS_PAGE_SIZE).execute(db),
  ]);
  return {
    ...empty,
    total: total.rows[0]?.total ?? 0,
    rows: found.rows.map((row) => ({ ...row, branchLabel: label.get(row.branchId) ?? '' }) as T),
  };
}

/**
 * The trips km and minutes per drop count (rollups.ts, `drops`): the period's trips by a truck of a
 * known type with their drops (stops delivered whole or in part), those without a drop left out.
 */
export function branchesTrips(
  db: Database,
  branches: Branches,
  query: BranchesRecordsQuery,
): Promise<BranchesTrips> {
  const trips = (ids: string[]) => sql`delivery_trip t
    join shipment s on s.id = t.shipment_id
    join vehicle v on v.id = s.vehicle_id
    join vehicle_type vt on vt.id = v.vehicle_type_id
    join lateral (select count(*)::integer as drops from delivery_stop st
      where st.shipment_id = t.shipment_id and st.status in ('DELIVERED', 'PARTIAL')) d on d.drops > 0
    where t.branch_id = any(${ids}::uuid[])
      and t.shift_date between ${query.from}::date and ${query.to}::date`;
  return pageOf<BranchTrip>(
    db,
    branches,
    query.page ?? 1,
    (ids) => sql<{ total: number }>`select count(*)::integer as total from ${trips(ids)}`.execute(db),
    (ids, offset) => sql`
      select t.shipment_id as id, t.branch_id as "branchId", to_char(t.shift_date, 'YYYY-MM-DD') as "shiftDate",
        ${truckLabel} as "vehicleLabel", d.drops,
        ${tripDistance(sql.ref('t.shipment_id'))}::float8 as "distanceKm",
        round(extract(epoch from t.ended_at - t.started_at) / 60)::integer as minutes
      from ${trips(ids)}
      order by t.shift_date desc, t.branch_id, t.shipment_id
      limit ${BRANCHES_STOPS_PAGE_SIZE} offset ${offset}`,
  );
}

/**
 * The bookings the lead times and confirmations count (rows.ts, `bookingsOf`): each stop of the
 * period's trips with its booking, narrowed to a call status for the confirmation figures.
 */
export function branchesBookings(
  db: Database,
  branches: Branches,
  query: BranchesBookingsQuery,
): Promise<BranchesBookings> {
  const bookings = (ids: string[]) => sql`delivery_trip t
    join delivery_stop st on st.shipment_id = t.shipment_id
    join booking_report b on b.id = st.booking_id
    where t.branch_id = any(${ids}::uuid[])
      and t.shift_date between ${query.from}::date and ${query.to}::date
      ${query.callStatus ? sql`and b.call_status = ${query.callStatus}` : sql``}`;
  return pageOf<BranchBooking>(
    db,
    branches,
    query.page ?? 1,
    (ids) => sql<{ total: number }>`select count(*)::integer as total from ${bookings(ids)}`.execute(db),
    (ids, offset) => sql`
      select st.id, b.id as "bookingId", t.branch_id as "branchId", coalesce(b.ship_to_name, '') as "shipToName",
        to_char(b.doc_date, 'YYYY-MM-DD') as "docDate", ${orderDates(sql.ref('st.orders'))} as "orderDates",
        to_char(b.confirmed_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as "confirmedOn",
        to_char(b.delivery_date, 'YYYY-MM-DD') as "deliveryDate", b.call_status as "callStatus"
      from ${bookings(ids)}
      order by t.shift_date desc, t.branch_id, t.shipment_id, st.seq
      limit ${BRANCHES_STOPS_PAGE_SIZE} offset ${offset}`,
  );
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * The count a roll-up already keeps exactly (rollups.ts, kept by the writes, the period's stale days
 * refreshed first): the settled stops (`settled_stops`), a reason's failed stops (`failures`). Counting
 * them in the view reads every stop of the month (1.5 s of CPU for 50 branches, docs/performance.md);
 * the day rows are 50 × 31. Null for any other narrowing: the view counts it.
 */
function talliedCount(db: Database, ids: string[], query: BranchesStopsQuery) {
  const statuses = query.statuses ?? [];
  const column =
    same(statuses, SETTLED_STOPS) && !query.reason
      ? sql`settled_stops`
      : same(statuses, ['FAILED']) && query.reason
        ? sql`coalesce((failures->>${query.reason})::integer, 0)`
        : null;
  if (!column) return null;
  return refreshStale(db, { branchIds: ids, from: query.from, to: query.to }).then(() =>
    sql<{ total: number }>`select coalesce(sum(${column}), 0)::integer as total from performance_day
      where branch_id = any(${ids}::uuid[]) and day between ${query.from}::date and ${query.to}::date`.execute(
      db,
    ),
  );
}

/**
 * The stops behind the company's figures: the `delivery_stop_report` view (the one-branch stop
 * list's rows, its on time and in full) over the checked branches and the period, narrowed by
 * outcome and reason, newest shift first; the count from the roll-ups where they keep it.
 */
export function branchesStops(
  db: Database,
  branches: Branches,
  query: BranchesStopsQuery,
): Promise<BranchesStops> {
  const where = (ids: string[]) => sql`r.branch_id = any(${ids}::uuid[])
    and r.shift_date between ${query.from}::date and ${query.to}::date
    ${query.statuses ? sql`and r.status = any(${[...query.statuses]}::text[])` : sql``}
    ${query.reason ? sql`and r.reason = ${query.reason}` : sql``}`;
  return pageOf<BranchStop>(
    db,
    branches,
    query.page ?? 1,
    (ids) =>
      talliedCount(db, ids, query) ??
      sql<{
        total: number;
      }>`select count(*)::integer as total from delivery_stop_report r where ${where(ids)}`.execute(db),
    (ids, offset) => sql`
      select r.id, r.branch_id as "branchId", to_char(r.shift_date, 'YYYY-MM-DD') as "shiftDate",
        coalesce(r.ship_to_name, '') as "shipToName", r.status, r.reason, r.on_time as "onTime", r.in_full as "inFull"
      from delivery_stop_report r where ${where(ids)}
      order by r.shift_date desc, r.branch_id, r.shipment_id, r.seq
      limit ${BRANCHES_STOPS_PAGE_SIZE} offset ${offset}`,
  );
}
