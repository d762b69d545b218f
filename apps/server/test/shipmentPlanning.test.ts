import { randomUUID } from 'node:crypto';
import { addDays, editRoleOf, readRoleOf, shiftCheckedInMessage } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario } from './bookingScenario.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { pdfPages } from './pdfText.ts';

const server = setupTestServer();

/**
 * A seeded slot: bookingScenario's branch, 1,000 kg truck type and 100 kg DOs, with the branch
 * planning at 50 % (500 kg a truck), two real trucks with plates and drivers, and three confirmed
 * bookings in the morning shift: 400 kg, 400 kg and 200 kg. No two of them fit one truck but the
 * 200 kg one, so one booking must stay unassigned — with the reason why. The slot is yesterday's,
 * so that the drivers' taps of its shift (08:00–18:00) are in the past whatever the hour the tests
 * run at (a tap is judged against its shipment's day and shift: docs/planning.md "Stage times").
 */
async function plannedSlot() {
  const world = await bookingScenario(server.db, { deliveryOrders: 10, vehicles: 2 });
  const day = addDays(world.today, -1);
  await sql`update vehicle_date_slot set shift_date = ${day} where id = ${world.slotId}`.execute(server.db);
  await insertRecords(server.db, 'vehicleTypeAdjustPercent', [
    {
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
      bookingWeightAdjustPercent: 100,
      bookingVolumeAdjustPercent: 100,
      planningWeightAdjustPercent: 50,
      planningVolumeAdjustPercent: 100,
    },
  ]);
  const trucks = await insertRecords(server.db, 'vehicle', [
    {
      code: 'T1',
      name: 'หกล้อ 1',
      licensePlate: 'กข-1001',
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
    },
    {
      code: 'T2',
      name: 'หกล้อ 2',
      licensePlate: 'กข-1002',
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
    },
  ]);
  const drivers = await insertRecords(server.db, 'driver', [
    { code: 'D1', name: 'สมชาย', branchId: world.branchId, vehicleId: trucks[0], isMain: true },
    { code: 'D2', name: 'สมหญิง', branchId: world.branchId, vehicleId: trucks[1], isMain: true },
  ]);
  const { rows: shipTo } = await sql<{
    customer_id: string;
  }>`select customer_id from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
  const groups = [
    world.deliveryOrderIds.slice(0, 4),
    world.deliveryOrderIds.slice(4, 8),
    world.deliveryOrderIds.slice(8),
  ];
  const bookingIds: string[] = [];
  for (const [i, dos] of groups.entries()) {
    const { rows } = await sql<{
      id: string;
    }>`insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id)
      values (${world.branchId}, 'CONFIRMED', ${`BKTEST${i + 1}`}, ${shipTo[0]!.customer_id}, ${world.shipToId}) returning id`.execute(
      server.db,
    );
    bookingIds.push(rows[0]!.id);
    // The last booking split its first DO by quantity over two vehicles of the slot: two lines, one DO.
    const lines = dos.flatMap((id, n) =>
      i === 2 && n === 0
        ? [
            { id, qty: 0.5, weight: 50 },
            { id, qty: 0.5, weight: 50 },
          ]
        : [{ id, qty: 1, weight: 100 }],
    );
    for (const [position, line] of lines.entries())
      await sql`insert into booking_report__lines (parent_id, position, delivery_order_id, qty, delivery_date, delivery_time,
          used_weight, used_volume, ship_cond_id, slot_id)
        values (${rows[0]!.id}, ${position}, ${line.id}, ${line.qty}, ${day}::date, '09:00', ${line.weight}, 1, ${world.shipCondId}, ${world.slotId})`.execute(
        server.db,
      );
  }
  return { ...world, day, trucks: trucks as string[], drivers: drivers as string[], bookingIds, groups };
}

type Slot = Awaited<ReturnType<typeof plannedSlot>>;
const q = (slot: Slot) => `?branchId=${slot.branchId}`;
const body = (slot: Slot, extra: object = {}) => ({
  date: slot.day,
  shiftOfDayId: slot.shiftOfDayId,
  ...extra,
});

describe('shipment planning over HTTP', () => {
  let slot: Slot;
  let dispatcher: string;
  let reader: string;
  let stranger: string;
  beforeAll(async () => {
    slot = await plannedSlot();
    dispatcher = await signIn(
      server.api,
      await createUser(server.db, { roles: [editRoleOf('SHIPMENT')], branchIds: [slot.branchId] }),
    );
    reader = await signIn(
      server.api,
      await createUser(server.db, { roles: [readRoleOf('SHIPMENT')], branchIds: [slot.branchId] }),
    );
    stranger = await signIn(
      server.api,
      await createUser(server.db, {
        roles: [editRoleOf('SHIPMENT')],
        branchIds: [await createBranch(server.db)],
      }),
    );
  });

  it('plans the slot: real plates, the planning %, stops with times, every stage, the rest unassigned with why', async () => {
    const answer = await call(server.api, 'POST', `/shipmentPlanning/plan${q(slot)}`, {
      token: reader,
      body: body(slot),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const plan = answer.body;
    expect(
      plan.trucks.map((t: { licensePlate: string; capacity: object }) => [t.licensePlate, t.capacity]),
    ).toEqual([
      ['กข-1001', { weight: 500, volume: 100 }],
      ['กข-1002', { weight: 500, volume: 100 }],
    ]);
    expect(plan.trips).toHaveLength(2);
    // Places for the routes' map: the branch and each booking's ship-to.
    expect(plan.branchPlace).toEqual({ lat: 13.7, lon: 100.5 });
    expect(plan.bookings.map((b: { place: unknown }) => b.place)).toEqual(
      slot.bookingIds.map(() => ({ lat: 13.7, lon: 100.5 })),
    );
    // A DO split over two lines is one DO to deliver, whole.
    expect(plan.bookings[2]).toMatchObject({
      deliveryOrderIds: slot.groups[2],
      load: { weight: 200, volume: 3 },
    });
    for (const trip of plan.trips) {
      expect(trip.load.weight).toBeLessThanOrEqual(500);
      expect(trip.driverId).toBe(slot.drivers[slot.trucks.indexOf(trip.vehicleId)]);
      expect(trip.stages.map((s: { stage: string }) => s.stage)).toEqual([
        'CheckIn',
        'LoadStart',
        'LoadEnd',
        'ShipCom',
        'ShipStart',
        'ShipEnd',
      ]);
      const times = trip.stages.map((s: { at: { time: string } }) => s.at.time);
      expect([...times].sort()).toEqual(times);
      // Wanted at 09:00 ± 60 min, inside the 08:00–18:00 shift.
      for (const stop of trip.stops)
        expect(stop.start.time >= '08:00' && stop.start.time <= '10:00').toBe(true);
    }
    const planned = plan.trips.flatMap((t: { stops: { bookingId: string }[] }) =>
      t.stops.map((s) => s.bookingId),
    );
    expect(plan.unassigned).toHaveLength(1);
    expect(planned).not.toContain(plan.unassigned[0].bookingId);
    expect(plan.unassigned[0].reason).toMatch(/รถทุกคันเต็ม/);
    expect(new Set([...planned, plan.unassigned[0].bookingId])).toEqual(new Set(slot.bookingIds));
  });

  const tripsOf = (...stops: number[][]) =>
    stops.map((bookings, i) => ({
      vehicleId: slot.trucks[i]!,
      driverId: slot.drivers[i]!,
      stops: bookings.map((b) => ({ bookingId: slot.bookingIds[b]!, deliveryOrderIds: slot.groups[b]! })),
    }));

  it('re-checks a dispatcher’s move and refuses it with the rule it breaks', async () => {
    const fine = await call(server.api, 'POST', `/shipmentPlanning/evaluate${q(slot)}`, {
      token: reader,
      body: body(slot, { trips: tripsOf([0], [1]) }),
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(fine.body.unassigned).toEqual([
      { bookingId: slot.bookingIds[2], deliveryOrderIds: slot.groups[2], reason: 'ยังไม่ได้จัดลงรถคันใด' },
    ]);
    const tooHeavy = await call(server.api, 'POST', `/shipmentPlanning/evaluate${q(slot)}`, {
      token: reader,
      body: body(slot, { trips: tripsOf([0, 2], [1]) }),
    });
    expect(tooHeavy.status).toBe(422);
    expect(tooHeavy.body.messages).toEqual(['น้ำหนักหรือปริมาตรบนรถ กข-1001 เกินความจุที่ใช้วางแผน']);
    const split = await call(server.api, 'POST', `/shipmentPlanning/evaluate${q(slot)}`, {
      token: reader,
      body: body(slot, {
        trips: [
          {
            vehicleId: slot.trucks[0],
            driverId: null,
            stops: [{ bookingId: slot.bookingIds[2], deliveryOrderIds: [slot.groups[2]![0]] }],
          },
          {
            vehicleId: slot.trucks[1],
            driverId: null,
            stops: [{ bookingId: slot.bookingIds[2], deliveryOrderIds: [slot.groups[2]![1]] }],
          },
        ],
      }),
    });
    expect(split.status).toBe(422);
    expect(split.body.messages[0]).toMatch(/แยกส่งไม่ได้/);
    const foreign = await call(server.api, 'POST', `/shipmentPlanning/evaluate${q(slot)}`, {
      token: reader,
      body: body(slot, {
        trips: [{ vehicleId: randomUUID(), driverId: null, stops: tripsOf([0])[0]!.stops }],
      }),
    });
    expect(foreign.status).toBe(422);
  });

  it('confirms: one shipment per trip with plate, driver, planned stages, bookings and DOs, and the booking log', async () => {
    const confirmed = await call(server.api, 'POST', `/shipmentPlanning/confirm${q(slot)}`, {
      token: dispatcher,
      body: body(slot, { version: 0, trips: tripsOf([0], [1]) }),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ version: 1, confirmed: true });
    expect(confirmed.body.trips.map((t: { shipmentDocNo: string }) => t.shipmentDocNo)).toEqual([
      expect.stringMatching(/^SH\d{8}\d{6}$/),
      expect.stringMatching(/^SH\d{8}\d{6}$/),
    ]);
    const { rows } = await sql<{
      car_plate_snap: string;
      driver_id: string;
      plan_date_check_in: string;
      plan_time_ship_end: string;
      bookings: string[];
      dos: number;
    }>`select s.car_plate_snap, s.driver_id, s.plan_date_check_in::text, s.plan_time_ship_end::text,
         array(select ref_id::text from shipment__booking_report_ids where owner_id = s.id) as bookings,
         (select count(*)::int from shipment__delivery_order_ids where owner_id = s.id) as dos
       from shipment s where s.branch_id = ${slot.branchId} order by s.car_plate_snap`.execute(server.db);
    expect(rows.map((r) => [r.car_plate_snap, r.driver_id, r.plan_date_check_in, r.bookings, r.dos])).toEqual(
      [
        ['กข-1001', slot.drivers[0], slot.day, [slot.bookingIds[0]], 4],
        ['กข-1002', slot.drivers[1], slot.day, [slot.bookingIds[1]], 4],
      ],
    );
    expect(rows[0]!.plan_time_ship_end).toMatch(/^\d\d:\d\d:00$/);
    const log = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q(slot)}&date=${slot.day}&shiftOfDayId=${slot.shiftOfDayId}`,
      {
        token: reader,
      },
    );
    expect(log.body.trips.map((t: { vehicleId: string }) => t.vehicleId)).toEqual(slot.trucks);
    // The day's figures count what was booked, on the trucks and in all: a DO of 300 kg of which its
    // booking took 100 kg weighs 100 kg on its truck (booked 400 + 400 + 200, the first two on trucks).
    const [partDo] = slot.groups[0] as [string];
    await sql`update delivery_order set weight = 300 where id = ${partDo}`.execute(server.db);
    const figures = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q(slot)}&date=${slot.day}&shiftOfDayId=${slot.shiftOfDayId}`,
      { token: reader },
    );
    await sql`update delivery_order set weight = 100 where id = ${partDo}`.execute(server.db);
    expect(figures.body.figures).toMatchObject({ booked: { weight: 1000 }, planned: { weight: 800 } });
    const { rows: history } = await sql<{ changes: { carPlateSnap: string } }>`
      select changes from history where entity = 'bookingReport' and record_id = ${slot.bookingIds[0]!}`.execute(
      server.db,
    );
    expect(history.map((h) => h.changes.carPlateSnap)).toEqual(['กข-1001']);
  });

  it('prints a confirmed shipment’s trip sheet (ใบคุมรถ) to whoever may read the shipment, 403/404 to others', async () => {
    const { rows } = await sql<{ id: string; doc_no: string }>`select id, doc_no from shipment
      where branch_id = ${slot.branchId} order by car_plate_snap`.execute(server.db);
    const sheet = (id: string, token: string, branchId = slot.branchId) =>
      fetch(`${server.api}/shipment/${id}/document/tripSheet.pdf?branchId=${branchId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const answer = await sheet(rows[0]!.id, reader);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const [page] = await pdfPages(await answer.arrayBuffer());
    const plan = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q(slot)}&date=${slot.day}&shiftOfDayId=${slot.shiftOfDayId}`,
      { token: reader },
    );
    const trip = plan.body.trips[0];
    const { rows: dos } = await sql<{ doc_no: string }>`select doc_no from delivery_order
      where id = any(${slot.groups[0]!}::uuid[])`.execute(server.db);
    for (const text of [
      'ใบคุมรถ',
      rows[0]!.doc_no,
      'กข-1001',
      'D1 สมชาย',
      'BKTEST1',
      'หน้าร้าน',
      'ลงชื่อผู้รับ / เวลา',
      // The stop's planned arrival and the planned stage times, as the planning screen shows them.
      trip.stops[0].arrival.time,
      'เช็คอิน',
      trip.stages[0].at.time,
      'ส่งสินค้าเสร็จ',
      ...dos.map((d) => `${d.doc_no} × 1`),
    ])
      expect(page).toContain(text);
    // The other truck's booking is not on this sheet.
    expect(page).not.toContain('BKTEST2');

    // A batch of both trucks' sheets, each its own "หน้า 1/1".
    const batch = await fetch(`${server.api}/documents/batch${q(slot)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reader}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'tripSheet', ids: rows.map((r) => r.id) }),
    });
    expect(batch.status).toBe(200);
    const pages = await pdfPages(await batch.arrayBuffer());
    expect(pages.map((p) => p.includes('กข-1002'))).toEqual([false, true]);

    // Reading a shipment needs its read role and its branch.
    const bookingOnly = await signIn(
      server.api,
      await createUser(server.db, { roles: ['ROLE_BOOKING_REPORT_READ'], branchIds: [slot.branchId] }),
    );
    const noRole = await sheet(rows[0]!.id, bookingOnly);
    expect(noRole.status).toBe(403);
    expect(noRole.headers.get('content-type')).toContain('application/json');
    // Another branch's reader: naming our branch is refused; naming theirs, our shipment is not there.
    const otherBranchId = await createBranch(server.db);
    const other = await signIn(
      server.api,
      await createUser(server.db, { roles: [readRoleOf('SHIPMENT')], branchIds: [otherBranchId] }),
    );
    expect((await sheet(rows[0]!.id, other)).status).toBe(403);
    const hidden = await sheet(rows[0]!.id, other, otherBranchId);
    expect(hidden.status).toBe(404);
    expect((await hidden.json()).messages[0]).toMatch(/ไม่พบ/);
  });

  it('lets one of two dispatchers confirming the same version win; the other gets 409 and the plan re-read', async () => {
    const send = (trips: ReturnType<typeof tripsOf>) =>
      call(server.api, 'POST', `/shipmentPlanning/confirm${q(slot)}`, {
        token: dispatcher,
        body: body(slot, { version: 1, trips }),
      });
    const answers = await Promise.all([send(tripsOf([0], [1])), send(tripsOf([1], [0]))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.status === 409)!;
    const won = answers.find((a) => a.status === 200)!;
    expect(lost.body.messages[0]).toMatch(/ยืนยันแผนของกะนี้ไปก่อนแล้ว/);
    expect(lost.body.plan.version).toBe(2);
    expect(lost.body.plan.trips).toEqual(won.body.trips);
    // Re-planning keeps each truck's shipment (and its number).
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from shipment where branch_id = ${slot.branchId}`.execute(server.db);
    expect(rows[0]!.n).toBe(2);
  });

  it('records actual stage times in order, once per tap, and refuses re-planning once a truck has checked in', async () => {
    const current = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q(slot)}&date=${slot.day}&shiftOfDayId=${slot.shiftOfDayId}`,
      {
        token: reader,
      },
    );
    const trip = current.body.trips[0];
    const tap = (stage: string, at: string, id = randomUUID()) =>
      call(server.api, 'POST', `/shipment/${trip.shipmentId}/stage${q(slot)}`, {
        token: dispatcher,
        body: { id, stage, at },
      });
    const at = (time: string) => `${slot.day}T${time}:00+07:00`;
    const skipped = await tap('LoadStart', at('08:00'));
    expect(skipped.status).toBe(422);
    expect(skipped.body.messages).toEqual(['ต้องบันทึกเวลาจริงของ "เช็คอิน" ก่อน "เริ่มขึ้นสินค้า"']);
    const id = randomUUID();
    const first = await tap('CheckIn', at('08:30'), id);
    expect(first.body).toEqual({
      id: trip.shipmentId,
      stage: 'CheckIn',
      at: { date: slot.day, time: '08:30' },
      duplicate: false,
    });
    // The phone resends the same tap (it was offline): recorded once.
    const again = await tap('CheckIn', at('08:45'), id);
    expect(again.body).toMatchObject({ duplicate: true, at: { time: '08:30' } });
    const early = await tap('LoadStart', at('08:00'));
    expect(early.status).toBe(422);
    expect(early.body.messages[0]).toMatch(/ต้องไม่ก่อนเวลาจริงของ "เช็คอิน"/);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from history
      where entity = 'bookingReport' and record_id = ${trip.stops[0].bookingId} and changes->>'stage' = 'เช็คอิน'`.execute(
      server.db,
    );
    expect(rows[0]!.n).toBe(1);

    const replan = await call(server.api, 'POST', `/shipmentPlanning/confirm${q(slot)}`, {
      token: dispatcher,
      body: body(slot, { version: 2, trips: tripsOf([0], [1]) }),
    });
    expect(replan.status).toBe(422);
    const plate = current.body.trucks.find((t: { id: string }) => t.id === trip.vehicleId).licensePlate;
    const refusal = [shiftCheckedInMessage(plate)];
    expect(replan.body.messages).toEqual(refusal);
    // The whole shift planned again, or a move tried, could not be confirmed: refused the same way,
    // naming the truck, before the planner runs.
    const planned = await call(server.api, 'POST', `/shipmentPlanning/plan${q(slot)}`, {
      token: dispatcher,
      body: body(slot, {}),
    });
    expect([planned.status, planned.body.messages]).toEqual([422, refusal]);
    const tried = await call(server.api, 'POST', `/shipmentPlanning/evaluate${q(slot)}`, {
      token: dispatcher,
      body: body(slot, { trips: tripsOf([0], [1]) }),
    });
    expect([tried.status, tried.body.messages]).toEqual([422, refusal]);
  });

  it('shows a booking its shipments and stage times, logs each stage, and keeps edited times in order', async () => {
    const current = await call(
      server.api,
      'GET',
      `/shipmentPlanning${q(slot)}&date=${slot.day}&shiftOfDayId=${slot.shiftOfDayId}`,
      { token: reader },
    );
    const trip = current.body.trips[0];
    const bookingId = trip.stops[0].bookingId;
    const tap = (stage: string, at: string) =>
      call(server.api, 'POST', `/shipment/${trip.shipmentId}/stage${q(slot)}`, {
        token: dispatcher,
        body: { id: randomUUID(), stage, at },
      });
    // The driver set the time field later than now: refused, nothing recorded.
    const future = await tap('LoadStart', new Date(Date.now() + 3_600_000).toISOString());
    expect(future.status).toBe(422);
    expect(future.body.messages).toEqual(['เวลาจริงของ "เริ่มขึ้นสินค้า" ต้องไม่เกินเวลาปัจจุบัน']);
    // An earlier time typed in (a tap forgotten) is kept as typed.
    expect((await tap('LoadStart', `${slot.day}T08:40:00+07:00`)).body.at).toEqual({
      date: slot.day,
      time: '08:40',
    });

    const bookingReader = await signIn(
      server.api,
      await createUser(server.db, { roles: [readRoleOf('BOOKING_REPORT')], branchIds: [slot.branchId] }),
    );
    const shown = await call(server.api, 'GET', `/bookingReport/${bookingId}/shipments${q(slot)}`, {
      token: bookingReader,
    });
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect(shown.body).toHaveLength(1);
    const [shipment] = shown.body;
    expect(shipment).toMatchObject({
      id: trip.shipmentId,
      docNo: trip.shipmentDocNo,
      licensePlate: 'กข-1001',
    });
    expect(shipment.driverName).toBe('สมชาย');
    expect(shipment.stages.map((s: { stage: string }) => s.stage)).toEqual(
      trip.stages.map((s: { stage: string }) => s.stage),
    );
    expect(shipment.stages.map((s: { plan: unknown }) => s.plan)).toEqual(
      trip.stages.map((s: { at: unknown }) => s.at),
    );
    expect(shipment.stages.slice(0, 3).map((s: { actual: unknown }) => s.actual)).toEqual([
      { date: slot.day, time: '08:30' },
      { date: slot.day, time: '08:40' },
      null,
    ]);
    // The booking's log: its assignment (plate, shipment) and each stage recorded.
    const log = await call(server.api, 'GET', `/bookingReport/${bookingId}/history${q(slot)}`, {
      token: bookingReader,
    });
    expect(log.status).toBe(200);
    const text = JSON.stringify(log.body);
    expect(text).toContain('กข-1001');
    expect(text).toContain('เช็คอิน');
    expect(text).toContain('เริ่มขึ้นสินค้า');

    // Whoever reads bookings only, or another branch's booking: no.
    const noRole = await call(server.api, 'GET', `/bookingReport/${bookingId}/shipments${q(slot)}`, {
      token: dispatcher,
    });
    expect(noRole.status).toBe(403);
    const unknown = await call(server.api, 'GET', `/bookingReport/${randomUUID()}/shipments${q(slot)}`, {
      token: bookingReader,
    });
    expect(unknown.status).toBe(404);

    // Editing the times in the shipment form: the server keeps the stage order too.
    const record = await call(server.api, 'GET', `/shipment/${trip.shipmentId}${q(slot)}`, {
      token: dispatcher,
    });
    expect(record.status).toBe(200);
    const edited = await call(server.api, 'PUT', `/shipment/${trip.shipmentId}${q(slot)}`, {
      token: dispatcher,
      body: { ...record.body, actTimeLoadStart: '08:00' },
    });
    expect(edited.status).toBe(422);
    expect(edited.body.errors).toEqual({
      actDateLoadStart: 'เวลาจริงของ "เริ่มขึ้นสินค้า" ต้องไม่ก่อนเวลาจริงของ "เช็คอิน"',
    });
  });

  it('checks roles and the branch on the server', async () => {
    const readOnly = await call(server.api, 'POST', `/shipmentPlanning/confirm${q(slot)}`, {
      token: reader,
      body: body(slot, { version: 2, trips: tripsOf([0], [1]) }),
    });
    expect(readOnly.status).toBe(403);
    const otherBranch = await call(server.api, 'POST', `/shipmentPlanning/plan${q(slot)}`, {
      token: stranger,
      body: body(slot),
    });
    expect(otherBranch.status).toBe(403);
    const anonymous = await call(server.api, 'POST', `/shipmentPlanning/plan${q(slot)}`, {
      body: body(slot),
    });
    expect(anonymous.status).toBe(401);
    const badDay = await call(server.api, 'POST', `/shipmentPlanning/plan${q(slot)}`, {
      token: reader,
      body: { date: '2026-02-30', shiftOfDayId: slot.shiftOfDayId },
    });
    expect(badDay.status).toBe(400);
    const noShift = await call(server.api, 'POST', `/shipmentPlanning/plan${q(slot)}`, {
      token: reader,
      body: { date: slot.day, shiftOfDayId: randomUUID() },
    });
    expect(noShift.status).toBe(404);
  });
});
