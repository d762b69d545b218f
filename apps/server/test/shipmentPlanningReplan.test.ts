import { addDays, editRoleOf, type ReplanPreview, readRoleOf, type SlotPlan, tripsOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bangkokInstant } from '../src/shipmentPlanning/answer.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

/**
 * Re-planning from a moment of the day (docs/planning.md "Re-planning"), on tomorrow's shift
 * 08:00–18:00 so that every moment asked is still ahead of the server's clock: two trucks, three
 * bookings north of the branch wanted at 09:00, 10:00 and 11:00 (100 kg each: one truck takes all),
 * planned and confirmed; then a fourth booking confirmed since, wanted at 13:00.
 */
async function day(options: { trucks?: number; tripsPerTruck?: number; weight?: number } = {}) {
  const world = await bookingScenario(server.db, { deliveryOrders: 6, vehicles: 2 });
  const date = addDays(world.today, 1);
  await sql`update vehicle_date_slot set shift_date = ${date} where id = ${world.slotId}`.execute(server.db);
  await sql`update branch set trips_per_truck = ${options.tripsPerTruck ?? 1} where id = ${world.branchId}`.execute(
    server.db,
  );
  const trucks = (await insertRecords(
    server.db,
    'vehicle',
    Array.from({ length: options.trucks ?? 2 }, (_, k) => k + 1).map((i) => ({
      code: `RT${i}`,
      name: `หกล้อ ${i}`,
      licensePlate: `รป-${i}00${i}`,
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
    })),
  )) as string[];
  const { rows: sub } = await sql<{ sub_district_id: string; customer_id: string }>`
    select st.sub_district_id, d.customer_id from ship_to st, delivery_order d
    where st.id = ${world.shipToId} and d.id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
  const shipTos = (await insertRecords(
    server.db,
    'shipTo',
    [1, 2, 3, 4].map((i) => ({
      code: `RST${i}-${world.branchId.slice(0, 6)}`,
      name: `ร้านที่ ${i}`,
      subDistrictId: sub[0]!.sub_district_id,
      lat: 13.7 + 0.02 * i,
      lon: 100.5,
    })),
  )) as string[];
  const book = async (i: number, time: string) => {
    const { rows } = await sql<{ id: string }>`
      insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id)
      values (${world.branchId}, 'CONFIRMED', ${`BKRE${i}-${world.branchId.slice(0, 4)}`}, ${sub[0]!.customer_id}, ${shipTos[i - 1]!})
      returning id`.execute(server.db);
    await sql`insert into booking_report__lines (parent_id, position, delivery_order_id, qty, delivery_date, delivery_time,
        used_weight, used_volume, ship_cond_id, slot_id)
      values (${rows[0]!.id}, 0, ${world.deliveryOrderIds[i - 1]!}, 1, ${date}::date, ${time}, ${options.weight ?? 100}, 1, ${world.shipCondId}, ${world.slotId})`.execute(
      server.db,
    );
    return rows[0]!.id;
  };
  const bookings = [await book(1, '09:00'), await book(2, '10:00'), await book(3, '11:00')];
  return { ...world, date, trucks, bookings, book };
}

/** What a driver's phone reports, as delivery records it: the trip left, a stop reached (and left). */
async function driven(date: string, bookingId: string, at: string, left: string | null) {
  const instant = (time: string) =>
    bangkokInstant(date, Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60);
  const { rows } = await sql<{ id: string; shipment_id: string }>`
    update delivery_stop set status = ${left ? 'DELIVERED' : 'ARRIVED'}, arrived_at = ${instant(at)},
      left_at = ${left ? instant(left) : null}
    where booking_id = ${bookingId} returning id, shipment_id`.execute(server.db);
  await sql`update delivery_trip set started_at = coalesce(started_at, ${instant('08:30')})
    where shipment_id = ${rows[0]!.shipment_id}`.execute(server.db);
  return rows[0]!;
}

const tripOf = (plan: SlotPlan, bookingId: string) =>
  plan.trips.find((t) => t.stops.some((s) => s.bookingId === bookingId));

describe('re-planning from a moment of the day over HTTP', () => {
  let world: Awaited<ReturnType<typeof day>>;
  let dispatcher: string;
  let viewer: string;
  let confirmed: SlotPlan;
  let b4: string;
  const q = () => `?branchId=${world.branchId}`;
  const body = (extra: object) => ({ date: world.date, shiftOfDayId: world.shiftOfDayId, ...extra });
  const at = (time: string) =>
    bangkokInstant(world.date, Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60).toISOString();
  const preview = (token: string, extra: object = { at: at('10:00') }) =>
    call(server.api, 'POST', `/shipmentPlanning/replan${q()}`, { token, body: body(extra) });

  beforeAll(async () => {
    world = await day();
    dispatcher = await signIn(
      server.api,
      await createUser(server.db, { roles: [editRoleOf('SHIPMENT')], branchIds: [world.branchId] }),
    );
    viewer = await signIn(
      server.api,
      await createUser(server.db, { roles: [readRoleOf('SHIPMENT')], branchIds: [world.branchId] }),
    );
  });

  it('refuses a slot with nothing confirmed, a moment in the past or after the shift, in Thai', async () => {
    const none = await preview(dispatcher);
    expect(none.status).toBe(422);
    expect(none.body.messages[0]).toContain('ยังไม่มีแผนที่ยืนยัน');

    const planned = await call(server.api, 'POST', `/shipmentPlanning/plan${q()}`, {
      token: dispatcher,
      body: body({}),
    });
    expect(planned.status, JSON.stringify(planned.body)).toBe(200);
    const first = await call(server.api, 'POST', `/shipmentPlanning/confirm${q()}`, {
      token: dispatcher,
      body: body({ version: 0, trips: tripsOf(planned.body) }),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    confirmed = first.body;

    const past = await preview(dispatcher, { at: new Date(Date.now() - 3600_000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.messages).toEqual(['เวลาที่จะวางแผนใหม่ต้องไม่ก่อนเวลาปัจจุบัน']);
    const late = await preview(dispatcher, { at: at('18:30') });
    expect(late.status).toBe(422);
    expect(late.body.messages).toEqual(['เวลาที่จะวางแผนใหม่เลยเวลาสิ้นสุดกะแล้ว']);
  });

  it('plans a shift not yet begun from its start, not from today’s clock', async () => {
    // Tomorrow's shift, asked from now: today's time of day would be another moment of tomorrow.
    const fromNow = await preview(dispatcher, {});
    expect(fromNow.status, JSON.stringify(fromNow.body)).toBe(200);
    expect((fromNow.body as ReplanPreview).at).toEqual({ date: world.date, time: '08:00' });
    const early = await preview(dispatcher, { at: at('07:00') });
    expect((early.body as ReplanPreview).at).toEqual({ date: world.date, time: '08:00' });
  });

  it('previews around what happened: the started stop fixed, the goods on board kept, the new booking on the truck at the branch', async () => {
    const [b1, b2, b3] = world.bookings as [string, string, string];
    const onRoad = tripOf(confirmed, b1)!;
    // The truck left at 08:30, delivered the 09:00 booking from 09:00 to 09:10; a booking came in since.
    await driven(world.date, b1, '09:00', '09:10');
    b4 = await world.book(4, '13:00');

    const answer = await preview(dispatcher);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { plan, fixed, changes } = answer.body as ReplanPreview;
    expect(answer.body.at).toEqual({ date: world.date, time: '10:00' });
    expect(fixed).toEqual([{ bookingId: b1, vehicleId: onRoad.vehicleId, trip: onRoad.trip }]);
    // The started stop stays first on its truck and trip, as it happened.
    const same = plan.trips.find((t) => t.vehicleId === onRoad.vehicleId && t.trip === onRoad.trip)!;
    expect(same.stops[0]).toMatchObject({ bookingId: b1, arrival: { date: world.date, time: '09:00' } });
    expect(same.stops[0]?.departure).toEqual({ date: world.date, time: '09:10' });
    // Every booking once, on a trip or left out with a reason.
    const placed = [
      ...plan.trips.flatMap((t) => t.stops.map((s) => s.bookingId)),
      ...plan.unassigned.map((u) => u.bookingId),
    ];
    expect([...placed].sort()).toEqual([b1, b2, b3, b4].sort());
    // Goods on board stay on the truck that left; nothing not started begins before 10:00.
    for (const b of [b2, b3])
      if (tripOf(confirmed, b)?.vehicleId === onRoad.vehicleId)
        expect(tripOf(plan, b)?.vehicleId).toBe(onRoad.vehicleId);
    for (const trip of plan.trips)
      for (const stop of trip.stops.filter((s) => s.bookingId !== b1))
        expect(stop.start.time >= '10:00').toBe(true);
    // The new booking cannot ride the truck on the road: the other truck, from the branch.
    const other = tripOf(plan, b4);
    expect(other?.vehicleId).toBe(world.trucks.find((t) => t !== onRoad.vehicleId));
    expect(changes.find((c) => c.bookingId === b4)).toMatchObject({ kind: 'NEW', before: null });
    expect(changes.some((c) => c.bookingId === b1)).toBe(false);
    // The preview changed nothing.
    const still = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q()}&date=${world.date}&shiftOfDayId=${world.shiftOfDayId}`,
      {
        token: viewer,
      },
    );
    expect(still.body.version).toBe(confirmed.version);
    expect(tripOf(still.body, b4)).toBeUndefined();
  });

  it('refuses a confirm that moves a started stop, naming it; a viewer may preview but not confirm', async () => {
    const [b1] = world.bookings as [string];
    const { plan } = (await preview(dispatcher)).body as ReplanPreview;
    const trips = tripsOf(plan).map((t) => ({ ...t, stops: t.stops.filter((s) => s.bookingId !== b1) }));
    const elsewhere = trips.find((t) => t.vehicleId !== tripOf(plan, b1)?.vehicleId)!;
    elsewhere.stops.push(
      tripsOf(plan)
        .flatMap((t) => t.stops)
        .find((s) => s.bookingId === b1)!,
    );
    const moved = await call(server.api, 'POST', `/shipmentPlanning/replan/confirm${q()}`, {
      token: dispatcher,
      body: body({ at: at('10:00'), version: plan.version, trips: trips.filter((t) => t.stops.length > 0) }),
    });
    expect(moved.status).toBe(422);
    expect(moved.body.messages[0]).toMatch(
      /^จุดส่ง BKRE1-.* ร้านที่ 1 ของรถ รป-\d+ คนขับเริ่มส่งแล้ว จึงย้ายรถ เอาออก หรือเปลี่ยนลำดับไม่ได้$/,
    );

    const denied = await call(server.api, 'POST', `/shipmentPlanning/replan/confirm${q()}`, {
      token: viewer,
      body: body({ at: at('10:00'), version: plan.version, trips: tripsOf(plan) }),
    });
    expect(denied.status).toBe(403);
    expect((await preview(viewer)).status).toBe(200);
  });

  it('confirms: the started stop keeps its row and what happened, the rest is written, with history', async () => {
    const [b1] = world.bookings as [string];
    const before = await sql<{ id: string; status: string }>`
      select id, status from delivery_stop where booking_id = ${b1}`.execute(server.db);
    const stages = () =>
      sql<{
        load: string;
        end: string;
      }>`select s.plan_time_load_start::text as load, s.plan_time_ship_end::text as end
        from shipment s join delivery_stop d on d.shipment_id = s.id where d.booking_id = ${b1}`.execute(
        server.db,
      );
    const planned = (await stages()).rows;
    const { plan } = (await preview(dispatcher)).body as ReplanPreview;
    const done = await call(server.api, 'POST', `/shipmentPlanning/replan/confirm${q()}`, {
      token: dispatcher,
      body: body({ at: at('10:00'), version: plan.version, trips: tripsOf(plan) }),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.version).toBe(confirmed.version + 1);
    const after = await sql<{ id: string; status: string; seq: number }>`
      select id, status, seq from delivery_stop where booking_id = ${b1}`.execute(server.db);
    expect(after.rows).toEqual([{ id: before.rows[0]!.id, status: 'DELIVERED', seq: 1 }]);
    // The trip on its way keeps the stage times it was planned with.
    expect((await stages()).rows).toEqual(planned);
    const newStop = await sql<{ n: number }>`
      select count(*)::int as n from delivery_stop where booking_id = ${b4}`.execute(server.db);
    expect(newStop.rows[0]!.n).toBe(1);
    const log = await sql<{ n: number }>`
      select count(*)::int as n from history where entity = 'bookingReport' and record_id = ${b4}`.execute(
      server.db,
    );
    expect(log.rows[0]!.n).toBeGreaterThan(0);
  });

  it('re-checks what happened at confirm: a stop started since the preview cannot be moved', async () => {
    const [, b2] = world.bookings as [string, string];
    const { plan } = (await preview(dispatcher, { at: at('10:30') })).body as ReplanPreview;
    // The preview left b2 free; a driver reaches it before the dispatcher confirms a plan without it.
    await driven(world.date, b2, '10:20', null);
    const trips = tripsOf(plan)
      .map((t) => ({ ...t, stops: t.stops.filter((s) => s.bookingId !== b2) }))
      .filter((t) => t.stops.length > 0);
    const refused = await call(server.api, 'POST', `/shipmentPlanning/replan/confirm${q()}`, {
      token: dispatcher,
      body: body({ at: at('10:30'), version: plan.version, trips }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.messages[0]).toContain('BKRE2-');
    expect(refused.body.messages[0]).toContain('คนขับเริ่มส่งแล้ว');
  });
});

/**
 * One truck allowed two trips a shift, 400 kg a load (1,000 kg at 40 %), three bookings of 200 kg
 * wanted at 09:00, 10:00 and 11:00: the first two confirmed on its first trip, the third on its second.
 */
describe('re-planning a truck on the road that may go out again', () => {
  it('keeps its loaded stops on this trip and gives a booking since to its next trip from the branch, confirmed as its second shipment', async () => {
    const world = await day({ trucks: 1, tripsPerTruck: 2, weight: 200 });
    await insertRecords(server.db, 'vehicleTypeAdjustPercent', [
      {
        branchId: world.branchId,
        vehicleTypeId: world.vehicleTypeId,
        bookingWeightAdjustPercent: 100,
        bookingVolumeAdjustPercent: 100,
        planningWeightAdjustPercent: 40,
        planningVolumeAdjustPercent: 100,
      },
    ]);
    const [b1, b2] = world.bookings as [string, string, string];
    const dispatcher = await signIn(
      server.api,
      await createUser(server.db, { roles: [editRoleOf('SHIPMENT')], branchIds: [world.branchId] }),
    );
    const q = `?branchId=${world.branchId}`;
    const body = (extra: object) => ({ date: world.date, shiftOfDayId: world.shiftOfDayId, ...extra });
    const at = bangkokInstant(world.date, 10 * 3600).toISOString();
    // The morning's plan: b1 and b2 on the first trip (400 kg), b3 on the second.
    const trips = [
      { vehicleId: world.trucks[0]!, driverId: null, stops: [b1, b2] },
      { vehicleId: world.trucks[0]!, driverId: null, stops: [world.bookings[2]!] },
    ].map((t) => ({
      ...t,
      stops: t.stops.map((b) => ({
        bookingId: b,
        deliveryOrderIds: [world.deliveryOrderIds[world.bookings.indexOf(b)]!],
      })),
    }));
    const first = await call(server.api, 'POST', `/shipmentPlanning/confirm${q}`, {
      token: dispatcher,
      body: body({ version: 0, trips }),
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    await driven(world.date, b1, '09:00', '09:10');
    const b4 = await world.book(4, '15:00');

    const preview = await call(server.api, 'POST', `/shipmentPlanning/replan${q}`, {
      token: dispatcher,
      body: body({ at }),
    });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    const { plan, changes } = preview.body as ReplanPreview;
    const stops = plan.trips.map((t) => [t.trip, t.stops.map((s) => s.bookingId)]);
    // b2 was loaded: it stays on the first trip, after b1; the booking since rides the second trip.
    expect(stops[0]).toEqual([1, [b1, b2]]);
    expect(stops[1]?.[0]).toBe(2);
    expect(stops[1]?.[1]).toContain(b4);
    const [trip1, trip2] = plan.trips as [SlotPlan['trips'][number], SlotPlan['trips'][number]];
    // Out again only once back and loaded: its load starts after the first trip's last delivery.
    const stage = (t: typeof trip1, name: string) => t.stages.find((s) => s.stage === name)!.at.time;
    expect(stage(trip2, 'LoadStart') >= stage(trip1, 'ShipEnd')).toBe(true);
    expect(changes.find((c) => c.bookingId === b4)).toMatchObject({ kind: 'NEW', after: { trip: 2 } });

    const done = await call(server.api, 'POST', `/shipmentPlanning/replan/confirm${q}`, {
      token: dispatcher,
      body: body({ at, version: plan.version, trips: tripsOf(plan) }),
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const written = await sql<{ doc_no: string; stops: string[] }>`
      select s.doc_no, array(select booking_id::text from delivery_stop where shipment_id = s.id order by seq) as stops
      from shipment s where s.branch_id = ${world.branchId} order by s.doc_no`.execute(server.db);
    expect(written.rows.map((r) => r.stops)).toEqual([[b1, b2], stops[1]![1]]);
    expect(written.rows.map((r) => r.doc_no)).toEqual(
      (first.body as SlotPlan).trips.map((t) => t.shipmentDocNo),
    );
  });
});

/**
 * A truck that left and reached no stop yet goes on from the phone's last known position
 * (`delivery_trip.last_*`) at its time; without one, from the branch at the later of when it left
 * and the moment (docs/planning.md "Re-planning").
 */
describe('re-planning a truck that left but reached no stop', () => {
  it('plans it from its last known position, else from the branch', async () => {
    const world = await day();
    const [b1] = world.bookings as [string];
    const dispatcher = await signIn(
      server.api,
      await createUser(server.db, { roles: [editRoleOf('SHIPMENT')], branchIds: [world.branchId] }),
    );
    const q = `?branchId=${world.branchId}`;
    const body = (extra: object) => ({ date: world.date, shiftOfDayId: world.shiftOfDayId, ...extra });
    const instant = (time: string) =>
      bangkokInstant(world.date, Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60);
    const planned = await call(server.api, 'POST', `/shipmentPlanning/plan${q}`, {
      token: dispatcher,
      body: body({}),
    });
    const confirmed = await call(server.api, 'POST', `/shipmentPlanning/confirm${q}`, {
      token: dispatcher,
      body: body({ version: 0, trips: tripsOf(planned.body) }),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const shipmentId = tripOf(confirmed.body, b1)!.shipmentId!;
    // It left at 09:40 and has not reached its first stop by 09:50.
    await sql`update delivery_trip set started_at = ${instant('09:40')} where shipment_id = ${shipmentId}`.execute(
      server.db,
    );
    const firstStop = async () => {
      const answer = await call(server.api, 'POST', `/shipmentPlanning/replan${q}`, {
        token: dispatcher,
        body: body({ at: instant('09:50').toISOString() }),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return tripOf((answer.body as ReplanPreview).plan, b1)?.stops.find((s) => s.bookingId === b1);
    };
    // No position: from the branch at 09:50, so the first stop (2 km north) is reached minutes later.
    const fromBranch = await firstStop();
    expect(fromBranch!.arrival.time > '09:50').toBe(true);
    // The phone's last fix, at 09:50, at the first booking's door: there now.
    await sql`update delivery_trip set last_lat = 13.72, last_lon = 100.5, last_accuracy = 10,
      last_position_at = ${instant('09:50')} where shipment_id = ${shipmentId}`.execute(server.db);
    expect((await firstStop())!.arrival).toEqual({ date: world.date, time: '09:50' });
    // A fix older than the moment: from there, but not before the moment.
    await sql`update delivery_trip set last_position_at = ${instant('09:45')} where shipment_id = ${shipmentId}`.execute(
      server.db,
    );
    expect((await firstStop())!.arrival).toEqual({ date: world.date, time: '09:50' });
  });
});
