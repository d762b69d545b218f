import {
  BRANCHES_STOPS_PAGE_SIZE,
  type BranchBooking,
  type BranchesBookings,
  type BranchesBookingsQuery,
  type BranchesStops,
  type BranchesStopsQuery,
  type BranchesTrips,
  type BranchesTripsQuery,
  type BranchStop,
  type BranchTrip,
  type Period,
  SETTLED_STOPS,
} from '@lms/domain';
import { type QueryResult, type RawBuilder, sql } from 'kysely';
import { afterCondition, cursorAfter, readCursor, type SortKey } from '../crud/keyset.ts';
import type { Database } from '../db/database.ts';
import { refreshStale } from './rollups.ts';
import { orderDates, tripDistance, truckLabel } from './rows.ts';

type Branches = readonly { id: string; label: string }[];
type Page<T> = { total: number; page: number; pageSize: number; rows: T[]; next?: string };
type Count = Promise<QueryResult<{ total: number }>>;

/**
 * The lists' order, newest shift first, then branch, then trip (and stop): the index
 * `delivery_trip_newest` (migration 0062) holds the trips in it, so a page reads its own rows
 * from there. As keys (crud/keyset.ts), a page asked `after` the `next` of the page before starts
 * where that one ended instead of skipping `page × size` rows (docs/api.md "Paging by key").
 */
const key = (field: string, column: string, type: string, desc = false): SortKey => ({
  field,
  column,
  type,
  desc,
});
const keysOf = (trip: string) => [
  key('shiftDate', `${trip}.shift_date`, 'date', true),
  key('branchId', `${trip}.branch_id`, 'uuid'),
];
const tripKeys = keysOf('t');
/** A stop's keys: its trip's, then its place on the trip (`stop`: the alias of the stop's columns). */
const stopKeys = (trip: string, stop: string) => [
  ...keysOf(trip),
  key('shipmentId', `${trip}.shipment_id`, 'uuid'),
  key('seq', `${stop}.seq`, 'integer'),
];

/** A list's ORDER BY: its keys, then its row's id (the last tie-break a cursor names). */
const orderOf = (keys: readonly SortKey[], id: string) =>
  sql.raw([...keys.map((k) => `${k.column}${k.desc ? ' desc' : ''}`), id].join(', '));

/**
 * One page of the records behind a company figure, over branches already checked (branches.ts,
 * `branchesOf`): the count (a roll-up's tally where it keeps it) and the page's rows, one row
 * past it read to know whether a page follows; each row named by its branch.
 */
async function pageOf<T extends { id: string; branchId: string; branchLabel: string }>(
  db: Database,
  branches: Branches,
  query: { page?: number | undefined; after?: string | undefined },
  keys: readonly SortKey[],
  count: (ids: string[]) => Count,
  rows: (
    ids: string[],
    from: { after: RawBuilder<unknown>; offset: number },
  ) => RawBuilder<Omit<T, 'branchLabel'>>,
  idColumn: string,
): Promise<Page<T>> {
  const page = query.page ?? 1;
  const empty = { total: 0, page, pageSize: BRANCHES_STOPS_PAGE_SIZE, rows: [] };
  // A cursor the server did not make is a 400 before any work, as on every list.
  const cursor = query.after === undefined ? undefined : readCursor(keys, query.after);
  const ids = branches.map((b) => b.id);
  if (ids.length === 0) return empty;
  const label = new Map(branches.map((b) => [b.id, b.label]));
  const from = cursor
    ? { after: afterCondition(keys, cursor, '', idColumn), offset: 0 }
    : { after: sql`true`, offset: (page - 1) * BRANCHES_STOPS_PAGE_SIZE };
  const [total, found] = await Promise.all([count(ids), rows(ids, from).execute(db)]);
  const shown = found.rows.slice(0, BRANCHES_STOPS_PAGE_SIZE) as (Omit<T, 'branchLabel'> &
    Record<string, unknown>)[];
  const last = shown.at(-1);
  return {
    ...empty,
    total: total.rows[0]?.total ?? 0,
    // The keys beyond the answer's columns (a stop's trip and place in it) travel in the cursor only.
    rows: shown.map(
      ({ shipmentId: _, seq: __, ...row }) => ({ ...row, branchLabel: label.get(row.branchId) ?? '' }) as T,
    ),
    ...(last && found.rows.length > BRANCHES_STOPS_PAGE_SIZE ? { next: cursorAfter(keys, last) } : {}),
  };
}

/** A page's rows past the cursor or the offset, and one more (is there a next page?). */
const pageRows = (from: { offset: number }) =>
  sql`limit ${BRANCHES_STOPS_PAGE_SIZE + 1} offset ${from.offset}`;

/**
 * An exact count the roll-ups keep (rollups.ts, kept by the writes; the period's stale days
 * refreshed first): the sum of a column of the branches' days. Counting it from the rows read
 * the whole month on every page (5.4 s for 50 branches' trips, docs/performance.md).
 */
function tallied(
  db: Database,
  ids: string[],
  period: Period,
  column: RawBuilder<unknown>,
  table: RawBuilder<unknown> = sql`performance_day r`,
): Count {
  return refreshStale(db, { branchIds: ids, from: period.from, to: period.to }).then(() =>
    sql<{ total: number }>`select coalesce(sum(${column}), 0)::integer as total from ${table}
      where r.branch_id = any(${ids}::uuid[]) and r.day between ${period.from}::date and ${period.to}::date`.execute(
      db,
    ),
  );
}

/**
 * The trips km and minutes per drop count (rollups.ts, `drops`): the period's trips by a truck of a
 * known type with their drops (stops delivered whole or in part), those without a drop left out;
 * or, narrowed to a vehicle type, every trip by a truck of that type (its truck-use row's trips).
 * Counted from `performance_truck_day` (`drop_trips`, or `trips` of the type's trucks).
 */
export function branchesTrips(
  db: Database,
  branches: Branches,
  query: BranchesTripsQuery,
): Promise<BranchesTrips> {
  const type = query.vehicleTypeId;
  return pageOf<BranchTrip>(
    db,
    branches,
    query,
    tripKeys,
    (ids) =>
      type
        ? tallied(
            db,
            ids,
            query,
            sql`r.trips`,
            sql`performance_truck_day r join vehicle v on v.id = r.vehicle_id and v.vehicle_type_id = ${type}`,
          )
        : tallied(db, ids, query, sql`r.drop_trips`, sql`performance_truck_day r`),
    (ids, from) => sql`
      select t.shipment_id as id, t.branch_id as "branchId", to_char(t.shift_date, 'YYYY-MM-DD') as "shiftDate",
        ${truckLabel} as "vehicleLabel", d.drops,
        ${tripDistance(sql.ref('t.shipment_id'))}::float8 as "distanceKm",
        round(extract(epoch from t.ended_at - t.started_at) / 60)::integer as minutes
      from delivery_trip t
      join shipment s on s.id = t.shipment_id
      join vehicle v on v.id = s.vehicle_id
      join vehicle_type vt on vt.id = v.vehicle_type_id
      join lateral (select count(*)::integer as drops from delivery_stop st
        where st.shipment_id = t.shipment_id and st.status in ('DELIVERED', 'PARTIAL')) d
        on ${type ? sql`true` : sql`d.drops > 0`}
      where t.branch_id = any(${ids}::uuid[])
        and t.shift_date between ${query.from}::date and ${query.to}::date
        ${type ? sql`and v.vehicle_type_id = ${type}` : sql``}
        and ${from.after}
      order by ${orderOf(tripKeys, 't.shipment_id')}
      ${pageRows(from)}`,
    't.shipment_id',
  );
}

/** The two call statuses the confirmation figures count, as the roll-ups keep them. */
const callStatusTallies: Partial<Record<NonNullable<BranchesBookingsQuery['callStatus']>, string>> = {
  CONFIRMED_BY_CUSTOMER: 'by_link',
  CALLED: 'by_phone',
};

/**
 * The bookings the lead times and confirmations count (rows.ts, `bookingsOf`): each stop of the
 * period's trips with its booking, narrowed to a call status for the confirmation figures.
 * Counted from `performance_day` (`stops`; `by_link`, `by_phone`); another call status by its rows.
 */
export function branchesBookings(
  db: Database,
  branches: Branches,
  query: BranchesBookingsQuery,
): Promise<BranchesBookings> {
  const where = (ids: string[]) => sql`t.branch_id = any(${ids}::uuid[])
      and t.shift_date between ${query.from}::date and ${query.to}::date
      ${query.callStatus ? sql`and b.call_status = ${query.callStatus}` : sql``}`;
  const bookings = sql`delivery_trip t
    join delivery_stop st on st.shipment_id = t.shipment_id
    join booking_report b on b.id = st.booking_id`;
  const column = query.callStatus ? callStatusTallies[query.callStatus] : 'stops';
  return pageOf<BranchBooking>(
    db,
    branches,
    query,
    stopKeys('t', 'st'),
    (ids) =>
      column
        ? tallied(db, ids, query, sql.ref(`r.${column}`))
        : sql<{
            total: number;
          }>`select count(*)::integer as total from ${bookings} where ${where(ids)}`.execute(db),
    (ids, from) => sql`
      select st.id, b.id as "bookingId", t.branch_id as "branchId", coalesce(b.ship_to_name, '') as "shipToName",
        to_char(b.doc_date, 'YYYY-MM-DD') as "docDate", ${orderDates(sql.ref('st.orders'))} as "orderDates",
        to_char(b.confirmed_at at time zone 'Asia/Bangkok', 'YYYY-MM-DD') as "confirmedOn",
        to_char(b.delivery_date, 'YYYY-MM-DD') as "deliveryDate", b.call_status as "callStatus",
        to_char(t.shift_date, 'YYYY-MM-DD') as "shiftDate", t.shipment_id as "shipmentId", st.seq
      from ${bookings} where ${where(ids)} and ${from.after}
      order by ${orderOf(stopKeys('t', 'st'), 'st.id')}
      ${pageRows(from)}`,
    'st.id',
  );
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * The stops' count where a roll-up keeps it: every stop (`stops`), the settled ones
 * (`settled_stops`), a reason's failed ones (`failures`). Null for any other narrowing: its rows count it.
 */
function stopsTally(query: BranchesStopsQuery) {
  const statuses = query.statuses ?? [];
  if (!query.statuses && !query.reason) return sql`r.stops`;
  if (same(statuses, SETTLED_STOPS) && !query.reason) return sql`r.settled_stops`;
  if (same(statuses, ['FAILED']) && query.reason)
    return sql`coalesce((r.failures->>${query.reason})::integer, 0)`;
  return null;
}

/**
 * The stops behind the company's figures: the `delivery_stop_report` view's rows (the one-branch
 * stop list's, its on time and in full; migration 0056) over the checked branches and the period,
 * narrowed by outcome and reason, newest shift first; the count from the roll-ups where they keep it.
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
  const keys = stopKeys('r', 'r');
  const tally = stopsTally(query);
  return pageOf<BranchStop>(
    db,
    branches,
    query,
    keys,
    (ids) =>
      tally
        ? tallied(db, ids, query, tally)
        : sql<{
            total: number;
          }>`select count(*)::integer as total from delivery_stop_report r where ${where(ids)}`.execute(db),
    (ids, from) => sql`
      select r.id, r.branch_id as "branchId", to_char(r.shift_date, 'YYYY-MM-DD') as "shiftDate",
        coalesce(r.ship_to_name, '') as "shipToName", r.status, r.reason, r.on_time as "onTime",
        r.in_full as "inFull", r.shipment_id as "shipmentId", r.seq
      from delivery_stop_report r where ${where(ids)} and ${from.after}
      order by ${orderOf(keys, 'r.id')}
      ${pageRows(from)}`,
    'r.id',
  );
}
