import { entities } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { snake, storedAsTable, tableOf } from '../src/entities/naming.ts';
import { seedDemoBookings } from '../src/seed/bookings.ts';
import { seedDemoCompany } from '../src/seed/demo.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const count = async (table: string, where = sql`true`) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(
      server.db,
    )
  ).rows[0]!.n;

describe('the demo company', () => {
  let users: Awaited<ReturnType<typeof seedDemoCompany>>;

  it('seeds real Thai geography, branches in different regions and 60 days of slots', async () => {
    users = await seedDemoCompany(server.db, '2026-11-23');
    expect(users?.map((u) => u.username)).toContain('planner.bkk');
    expect(await count('region')).toBe(6);
    expect(await count('province')).toBe(77);
    expect(await count('district')).toBe(928);
    expect(await count('sub_district')).toBe(7436);
    // Derived: every sub-district knows its province and region.
    expect(await count('sub_district', sql`province_id is null or region_id is null`)).toBe(0);
    const { rows: regions } = await sql<{ n: number }>`
      select count(distinct s.region_id)::int as n from branch b join sub_district s on s.id = b.sub_district_id`.execute(
      server.db,
    );
    expect(regions[0]!.n).toBeGreaterThanOrEqual(3);
    // Every branch has the phone its documents and customer messages print (not "สอบถาม -").
    expect(await count('branch', sql`coalesce(trim(tel), '') = ''`)).toBe(0);
    const { rows: days } = await sql<{ first: string; last: string }>`
      select min(shift_date)::text as first, max(shift_date)::text as last from vehicle_date_slot`.execute(
      server.db,
    );
    expect(days[0]).toEqual({ first: '2026-11-23', last: '2027-01-21' });
    expect(await count('ship_cond', sql`code = '29'`)).toBe(1);
    // Every branch has trip timings for every vehicle type and ship cond (the booking engine needs them).
    expect(await count('branch__vehicle_type_settings')).toBe(4 * 4 * 3);
    // Seeding the whole company takes 30–60 s on a loaded 2-core machine.
  }, 180_000);

  it('completes every address chain: a record’s district, province and region are those of its sub-district', async () => {
    // Issue 23: the BKK branch had a sub-district but no district or province. Every table that
    // declares levels of the chain is held to its lowest level's own chain (geography tables too).
    const chain = ['subDistrictId', 'districtId', 'provinceId', 'regionId'];
    const broken: string[] = [];
    let checked = 0;
    for (const entity of entities.filter(storedAsTable)) {
      const levels = chain.filter((name) => entity.fields.some((field) => field.name === name));
      const [lowest, ...higher] = levels;
      if (!lowest || higher.length === 0) continue;
      const table = tableOf(entity);
      const mismatch = sql.join(
        higher.map((name) => sql`t.${sql.ref(snake(name))} is distinct from l.${sql.ref(snake(name))}`),
        sql` or `,
      );
      const n = await count(
        table,
        sql`id in (select t.id from ${sql.table(table)} t join ${sql.table(snake(lowest.replace(/Id$/, '')))} l
          on l.id = t.${sql.ref(snake(lowest))} where ${mismatch})`,
      );
      if (n > 0) broken.push(`${table}: ${n}`);
      checked += await count(table, sql`${sql.ref(snake(lowest))} is not null`);
    }
    expect(broken).toEqual([]);
    // Not vacuous: the seeded branches and geography were looked at.
    expect(checked).toBeGreaterThan(7436);
  });

  it('has the Bangkok truck ban, a prohibited pair and unbooked DOs', async () => {
    const { rows: bans } = await sql<{ code: string; start: string; end: string }>`
      select distinct vt.code, to_char(b.start_time, 'HH24:MI') as start, to_char(b.end_time, 'HH24:MI') as end
        from truck_ban_config b join vehicle_type vt on vt.id = b.vehicle_type_id order by vt.code`.execute(
      server.db,
    );
    expect(bans).toEqual([
      { code: '10W', start: '06:00', end: '21:00' },
      { code: 'TRL', start: '06:00', end: '21:00' },
    ]);
    expect(await count('article_type_prohibit', sql`code = 'CHEM-FOOD'`)).toBe(2);
    expect(await count('delivery_order', sql`is_booking = false`)).toBeGreaterThanOrEqual(400);
    // Each DO goes to one of its own customer's places (named after the customer): the planner calls,
    // and the customer's link shows, the place of the company that ordered.
    expect(
      await count(
        'delivery_order',
        sql`id in (select d.id from delivery_order d join customer c on c.id = d.customer_id
                     join ship_to s on s.id = d.so_ship_to_id where s.name not like c.name || ' (%')`,
      ),
    ).toBe(0);
  });

  it('lets a demo planner sign in and see only their branch’s delivery orders', async () => {
    const planner = users!.find((u) => u.username === 'planner.bkk')!;
    const token = await signIn(server.api, planner);
    const info = await call(server.api, 'GET', '/account/userInfo', { token });
    expect(info.body.branchInfos.map((b: { code: string }) => b.code)).toEqual(['BKK']);
    const mine = await call(
      server.api,
      'GET',
      `/deliveryOrder?branchId=${info.body.branchInfos[0].id}&isBookingEq=false`,
      { token },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBeGreaterThan(0);
    expect(mine.body.items[0].customerLabel).toMatch(/^C\d{4}: /);
    const { rows } = await sql<{ id: string }>`select id from branch where code = 'CNX'`.execute(server.db);
    expect((await call(server.api, 'GET', `/deliveryOrder?branchId=${rows[0]!.id}`, { token })).status).toBe(
      403,
    );
  });

  it('does nothing on a database that already has data', async () => {
    expect(await seedDemoCompany(server.db)).toBeUndefined();
    expect(await count('branch')).toBe(4);
  });

  it('books a week and plans its first two days the way a planner does, within every slot', async () => {
    const made = await seedDemoBookings(server.db, '2026-11-23');
    // Every branch has bookings on most days of the week (a day the rules refuse stays empty).
    const { rows: days } = await sql<{ code: string; days: number; bookings: number }>`
      select b.code, count(distinct l.delivery_date)::int as days, count(distinct r.id)::int as bookings
        from booking_report r join branch b on b.id = r.branch_id join booking_report__lines l on l.parent_id = r.id
       where l.delivery_date between '2026-11-23' and '2026-11-29' group by b.code order by b.code`.execute(
      server.db,
    );
    expect(days.length).toBe(4);
    for (const day of days) expect(day.days, day.code).toBeGreaterThanOrEqual(4);
    expect(made.bookings).toBe(days.reduce((sum, d) => sum + d.bookings, 0));
    // Booked DOs are marked; no slot carries more weight than its trucks.
    expect(
      await count(
        'delivery_order',
        sql`is_booking and id not in (select delivery_order_id from booking_report__lines)`,
      ),
    ).toBe(0);
    const { rows: over } = await sql<{ n: number }>`
      select count(*)::int as n from (
        select s.id from vehicle_date_slot s join vehicle_type vt on vt.id = s.vehicle_type_id
          join booking_report__lines l on l.slot_id = s.id
         group by s.id, s.total, vt.max_capacity_weight
        having sum(l.used_weight) > s.total * vt.max_capacity_weight) x`.execute(server.db);
    expect(over[0]!.n).toBe(0);
    // Today's and tomorrow's booked slots are planned: shipments with stops.
    expect(made.shipments).toBeGreaterThan(0);
    expect(await count('shipment')).toBe(made.shipments);
    // Today's deliveries were booked the day before (a ship cond's SLA keeps a booking made today off
    // today's trucks): every branch has trips today, so the board and the drivers have a day to follow.
    const { rows: today } = await sql<{ code: string; bookedOn: string; trips: number }>`
      select b.code, min(r.doc_date)::text as "bookedOn",
             (select count(*)::int from shipment s where s.branch_id = b.id and s.shift_date = '2026-11-23') as trips
        from booking_report r join branch b on b.id = r.branch_id join booking_report__lines l on l.parent_id = r.id
       where l.delivery_date = '2026-11-23' group by b.id, b.code order by b.code`.execute(server.db);
    expect(today.map((t) => t.code)).toEqual(['BKK', 'CNX', 'HDY', 'KKC']);
    for (const t of today) {
      expect(t.bookedOn, t.code).toBe('2026-11-22');
      expect(t.trips, t.code).toBeGreaterThan(0);
    }
  }, 180_000);
});

describe('the demo company can be booked', () => {
  it('offers options for a normal DO and for a route-based (ship cond 29) DO of the Bangkok branch', async () => {
    const { rows } = await sql<{
      id: string;
      branch_id: string;
      ship_to: string;
      ship_cond_id: string;
      code: string;
    }>`
      select distinct on (sc.code) d.id, d.branch_id, d.so_ship_to_id as ship_to, d.ship_cond_id, sc.code
        from delivery_order d join ship_cond sc on sc.id = d.ship_cond_id join branch b on b.id = d.branch_id
       where b.code = 'BKK' and not d.is_booking order by sc.code, d.doc_no`.execute(server.db);
    expect(rows.map((r) => r.code)).toEqual(['01', '29']);
    const admin = await createUser(server.db, { roles: ['ROLE_ADMIN'] });
    const token = await signIn(server.api, admin);
    for (const row of rows) {
      const suggestion = await call(server.api, 'POST', `/doBooking/suggestion?branchId=${row.branch_id}`, {
        token,
        body: { deliveryOrderIds: [row.id], shipToId: row.ship_to, shipCondId: row.ship_cond_id },
      });
      expect(suggestion.status).toBe(200);
      expect(
        suggestion.body.options.length,
        `ship cond ${row.code}: ${JSON.stringify(suggestion.body.whyNot.slice(0, 3))}`,
      ).toBeGreaterThan(0);
    }
  });
});
