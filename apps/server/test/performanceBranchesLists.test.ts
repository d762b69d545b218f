import {
  type BranchesAnswer,
  type BranchesStops,
  type BranchesTrips,
  LIST_AFTER_REFUSED,
  ROLE_BOOKING_REPORT_READ,
} from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { branchesRefusal } from '../src/performance/branches.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { seedPerformanceHistory } from './performanceHistory.ts';

/**
 * The lists behind the company's figures at scale (issue 40, docs/performance.md) on real
 * PostgreSQL and HTTP: their counts are the roll-ups' exact tallies (migration 0062), equal to
 * the raw rows' count after every kind of write that moves one; their pages by key (`after` the
 * page before's `next`) are the pages by number; the trips narrow to a vehicle type of the
 * branches asked only.
 */

const server = setupTestServer();
let branches: string[] = [];
const types = {} as { big: string; small: string };
const tokens = {} as Record<'both' | 'one', string>;
const october = { from: '2026-10-01', to: '2026-10-31' };
const period = `from=${october.from}&to=${october.to}`;

beforeAll(async () => {
  const history = await seedPerformanceHistory(server.db, { tripsPerDay: 2, stopsPerTrip: 5 });
  branches = history.branches;
  Object.assign(types, { big: history.big, small: history.small });
  const readers = [ROLE_BOOKING_REPORT_READ, 'ROLE_SHIPMENT_READ'];
  tokens.both = await signIn(
    server.api,
    await createUser(server.db, { roles: readers, branchIds: branches }),
  );
  tokens.one = await signIn(
    server.api,
    await createUser(server.db, { roles: readers, branchIds: [branches[0]!] }),
  );
}, 180_000);

const get = (path: string, token = tokens.both) => call(server.api, 'GET', path, { token });
const asked = (ids: readonly string[]) => ids.map((id) => `branchIds=${id}`).join('&');

/** The raw rows' counts, written here from the lists' definitions (not the roll-ups' SQL). */
async function rawCount(kind: string, more: string | undefined, ids = branches) {
  const trips = sql`delivery_trip t where t.branch_id = any(${ids}::uuid[])
    and t.shift_date between ${october.from}::date and ${october.to}::date`;
  const query =
    kind === 'trips'
      ? sql`select count(*)::int as n from delivery_trip t
          join shipment s on s.id = t.shipment_id join vehicle v on v.id = s.vehicle_id
          join vehicle_type vt on vt.id = v.vehicle_type_id
          where t.branch_id = any(${ids}::uuid[]) and t.shift_date between ${october.from}::date and ${october.to}::date
          and ${
            more
              ? sql`v.vehicle_type_id = ${more}`
              : sql`exists (select 1 from delivery_stop st where st.shipment_id = t.shipment_id
                  and st.status in ('DELIVERED', 'PARTIAL'))`
          }`
      : kind === 'bookings'
        ? sql`select count(*)::int as n from delivery_stop st join booking_report b on b.id = st.booking_id
            where st.shipment_id in (select t.shipment_id from ${trips})
            ${more ? sql`and b.call_status = ${more}` : sql``}`
        : sql`select count(*)::int as n from delivery_stop st
            where st.shipment_id in (select t.shipment_id from ${trips})
            ${more === 'settled' ? sql`and st.status in ('DELIVERED', 'PARTIAL', 'FAILED')` : sql``}`;
  const { rows } = await sql<{ n: number }>`${query}`.execute(server.db);
  return rows[0]!.n;
}

/** What each list answers as its total, the roll-ups' tally under it, and the raw rows' count: all equal. */
async function expectTalliesExact(step: string) {
  const lists: [kind: string, query: string, more?: string][] = [
    ['trips', ''],
    ['trips', `&vehicleTypeId=${types.big}`, types.big],
    ['trips', `&vehicleTypeId=${types.small}`, types.small],
    ['bookings', ''],
    ['bookings', '&callStatus=CONFIRMED_BY_CUSTOMER', 'CONFIRMED_BY_CUSTOMER'],
    ['bookings', '&callStatus=CALLED', 'CALLED'],
    ['stops', ''],
    ['stops', '&statuses=DELIVERED&statuses=PARTIAL&statuses=FAILED', 'settled'],
  ];
  for (const [kind, query, more] of lists) {
    const response = await get(`/performance/branches/${kind}?${asked(branches)}&${period}${query}`);
    expect(response.status, step).toBe(200);
    expect({ step, kind, query, total: response.body.total }).toEqual({
      step,
      kind,
      query,
      total: await rawCount(kind, more),
    });
  }
  // The columns themselves (the route above refreshed the period's stale days).
  const days = sql`r.branch_id = any(${branches}::uuid[]) and r.day between ${october.from}::date and ${october.to}::date`;
  const { rows } = await sql<{ stops: number; dropTrips: number }>`select
      (select coalesce(sum(stops), 0)::int from performance_day r where ${days}) as stops,
      (select coalesce(sum(drop_trips), 0)::int from performance_truck_day r where ${days}) as "dropTrips"`.execute(
    server.db,
  );
  expect({ step, ...rows[0] }).toEqual({
    step,
    stops: await rawCount('stops', undefined),
    dropTrips: await rawCount('trips', undefined),
  });
}

/** One of October's trips of the first branch, chosen by what it holds. */
async function octoberTrip(where: ReturnType<typeof sql>) {
  const { rows } = await sql<{ id: string }>`select t.shipment_id as id from delivery_trip t
    where t.branch_id = ${branches[0]} and t.shift_date between ${october.from}::date and ${october.to}::date
      and ${where} order by t.shift_date, t.shipment_id limit 1`.execute(server.db);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

describe('the lists behind the company figures at scale', () => {
  it('counts every list from the roll-ups, equal to the raw rows after each kind of write that moves them', async () => {
    await expectTalliesExact('as generated');
    expect(await rawCount('trips', undefined)).toBeGreaterThan(0);

    // A trip's drops all failed: it leaves the trips with a drop.
    const delivering = await octoberTrip(
      sql`exists (select 1 from delivery_stop st where st.shipment_id = t.shipment_id and st.status in ('DELIVERED', 'PARTIAL'))`,
    );
    await sql`update delivery_stop set status = 'FAILED'
      where shipment_id = ${delivering} and status in ('DELIVERED', 'PARTIAL')`.execute(server.db);
    await expectTalliesExact('a trip’s drops failed');

    // A stop not yet settled is delivered: a trip gains a drop, the settled stops one more.
    const { rows: open } = await sql<{ id: string }>`select st.id from delivery_stop st
      join delivery_trip t on t.shipment_id = st.shipment_id
      where t.branch_id = ${branches[1]} and t.shift_date between ${october.from}::date and ${october.to}::date
        and st.status in ('PENDING', 'ARRIVED', 'FAILED') limit 1`.execute(server.db);
    await sql`update delivery_stop set status = 'DELIVERED' where id = ${open[0]!.id}`.execute(server.db);
    await expectTalliesExact('a stop delivered');

    // A booking confirmed by the customer's link, another by phone.
    const { rows: booked } = await sql<{ id: string }>`select st.booking_id as id from delivery_stop st
      join delivery_trip t on t.shipment_id = st.shipment_id
      where t.branch_id = ${branches[0]} and t.shift_date between ${october.from}::date and ${october.to}::date
      order by st.id limit 2`.execute(server.db);
    await sql`update booking_report set call_status = 'CONFIRMED_BY_CUSTOMER' where id = ${booked[0]!.id}`.execute(
      server.db,
    );
    await sql`update booking_report set call_status = 'CALLED' where id = ${booked[1]!.id}`.execute(
      server.db,
    );
    await expectTalliesExact('call statuses changed');

    // A stop removed from its trip: one booking fewer on the period's trips.
    await sql`delete from delivery_stop where id = (select st.id from delivery_stop st
      join delivery_trip t on t.shipment_id = st.shipment_id
      where t.branch_id = ${branches[0]} and t.shift_date = '2026-10-10' order by st.seq desc limit 1)`.execute(
      server.db,
    );
    await expectTalliesExact('a stop removed');

    // A trip given another truck, of the other type.
    const { rows: other } = await sql<{ vehicle: string; trip: string }>`select v.id as vehicle,
        (select t.shipment_id from delivery_trip t join shipment s on s.id = t.shipment_id
          join vehicle sv on sv.id = s.vehicle_id
          where t.branch_id = ${branches[0]} and t.shift_date between ${october.from}::date and ${october.to}::date
            and sv.vehicle_type_id = ${types.big} order by t.shift_date limit 1) as trip
      from vehicle v where v.branch_id = ${branches[0]} and v.vehicle_type_id = ${types.small} limit 1`.execute(
      server.db,
    );
    await sql`update shipment set vehicle_id = ${other[0]!.vehicle} where id = ${other[0]!.trip}`.execute(
      server.db,
    );
    await expectTalliesExact('a trip’s truck changed');

    // A truck made another type: every trip of it moves between the types' rows.
    await sql`update vehicle set vehicle_type_id = ${types.big} where id = ${other[0]!.vehicle}`.execute(
      server.db,
    );
    await expectTalliesExact('a truck’s type changed');

    // A trip moved out of the period, another deleted with its stops.
    const moved = await octoberTrip(sql`true`);
    await sql`update delivery_trip set shift_date = '2026-11-02' where shipment_id = ${moved}`.execute(
      server.db,
    );
    await expectTalliesExact('a trip moved to November');
    const deleted = await octoberTrip(sql`t.shift_date > '2026-10-15'`);
    await sql`delete from delivery_trip where shipment_id = ${deleted}`.execute(server.db);
    await expectTalliesExact('a trip deleted');
  });

  it('pages by key: each page after the next of the one before holds the rows of that page by number', async () => {
    for (const list of [
      'stops?statuses=DELIVERED&statuses=PARTIAL&statuses=FAILED&',
      'trips?',
      `trips?vehicleTypeId=${types.small}&`,
      'bookings?',
    ]) {
      const path = `/performance/branches/${list}${asked(branches)}&${period}`;
      const byNumber: string[][] = [];
      const byKey: string[][] = [];
      let after: string | undefined;
      for (let page = 1; page === 1 || after; page += 1) {
        const numbered = (await get(`${path}&page=${page}`)).body as BranchesStops;
        const keyed = await get(`${path}&page=${page}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
        expect(keyed.status).toBe(200);
        const body = keyed.body as BranchesStops;
        byNumber.push(numbered.rows.map((row) => row.id));
        byKey.push(body.rows.map((row) => row.id));
        expect(body.total).toBe(numbered.total);
        // A page is followed exactly when rows remain.
        expect(body.next !== undefined).toBe(page * body.pageSize < body.total);
        after = body.next;
      }
      expect(byNumber.length).toBeGreaterThan(1);
      expect(byKey).toEqual(byNumber);
      expect(new Set(byKey.flat()).size).toBe(byKey.flat().length);
      // No cursor the server did not make, nor one of another list's order.
      const bad = await get(`${path}&page=2&after=bm90LWEtY3Vyc29y`);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(LIST_AFTER_REFUSED);
    }
    const tripCursor = (
      (await get(`/performance/branches/trips?${asked(branches)}&${period}`)).body as BranchesTrips
    ).next!;
    const crossed = await get(
      `/performance/branches/stops?${asked(branches)}&${period}&page=2&after=${encodeURIComponent(tripCursor)}`,
    );
    expect(crossed.status).toBe(400);
    expect(
      (await get(`/performance/branches/trips?${asked(branches)}&${period}&after=${'x'.repeat(5000)}`))
        .status,
    ).toBe(400);
  });

  it('narrows the trips to a vehicle type as its truck-use row counts them, of the branches asked only', async () => {
    const figures = (await get(`/performance/branches?${asked(branches)}&${period}`, tokens.both))
      .body as BranchesAnswer;
    const rows = figures.company.truckUse.byVehicleType;
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) {
      const path = `/performance/branches/trips?${asked(branches)}&${period}&vehicleTypeId=${row.id}`;
      const first = (await get(path)).body as BranchesTrips;
      expect(first.total).toBe(row.trips);
      const ids = [...first.rows.map((trip) => trip.id)];
      for (let after = first.next; after; ) {
        const next = (await get(`${path}&page=${ids.length / 50 + 1}&after=${encodeURIComponent(after)}`))
          .body as BranchesTrips;
        ids.push(...next.rows.map((trip) => trip.id));
        after = next.next;
      }
      expect(ids).toHaveLength(row.trips);
      const { rows: typed } = await sql<{ n: number }>`select count(*)::int as n from shipment s
        join vehicle v on v.id = s.vehicle_id where s.id = any(${ids}::uuid[]) and v.vehicle_type_id = ${row.id}`.execute(
        server.db,
      );
      expect(typed[0]!.n).toBe(row.trips);
    }
    // A type only the second branch's trucks are: nothing of it when the first branch alone is asked.
    const [own] = await insertRecords(server.db, 'vehicleType', [
      { code: 'R10', name: 'รถ 10 ล้อ', maxCapacityWeight: 12000, maxCapacityVolume: 30 },
    ]);
    await sql`update vehicle set vehicle_type_id = ${own} where branch_id = ${branches[1]} and code = 'R1A'`.execute(
      server.db,
    );
    const ofType = (ids: readonly string[], token = tokens.both) =>
      get(`/performance/branches/trips?${asked(ids)}&${period}&vehicleTypeId=${own}`, token);
    const first = (await ofType([branches[0]!])).body as BranchesTrips;
    expect(first).toEqual({ total: 0, page: 1, pageSize: 50, rows: [] });
    expect(((await ofType([branches[0]!], tokens.one)).body as BranchesTrips).total).toBe(0);
    const second = (await ofType([branches[1]!])).body as BranchesTrips;
    expect(second.total).toBeGreaterThan(0);
    expect(second.total).toBe(await rawCount('trips', own, [branches[1]!]));
    expect(second.rows.every((trip) => trip.branchId === branches[1])).toBe(true);
    // Asking the other branch's type through its branch is refused, naming the rule; a bad type is a 400.
    const refused = await ofType([branches[1]!], tokens.one);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain(branchesRefusal(1));
    expect(
      (await get(`/performance/branches/trips?${asked(branches)}&${period}&vehicleTypeId=R10`)).status,
    ).toBe(400);
    const twice = `vehicleTypeId=${own}&vehicleTypeId=${types.big}`;
    expect((await get(`/performance/branches/trips?${asked(branches)}&${period}&${twice}`)).status).toBe(400);
  });
});
