import { randomBytes } from 'node:crypto';
import { bookingMessages } from '@lms/booking';
import {
  addDays,
  appointmentText,
  featureRoles,
  formatDate,
  ROLE_ADMIN,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  readRoleOf,
  staffGroups,
  tripsOf,
} from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario, cellOf, slotOn, usedWeight } from './bookingScenario.ts';
import { bookThroughApi } from './bookThroughApi.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Planned bookings (docs/booking.md): once a dispatcher's confirmed plan has put a booking on a
 * truck, neither the planner's calendar nor the customer's link moves it out of that day and shift
 * — the truck would still go, the board would no longer show the stop — until the dispatcher has
 * taken it off the plan. Both paths refuse it by one rule, `PLANNED`, in the same Thai words.
 */

const server = setupTestServer();

const shipmentIdOf = async (docNo: string) =>
  (await sql<{ id: string }>`select id from shipment where doc_no = ${docNo}`.execute(server.db)).rows[0]!.id;

async function plannedBooking() {
  const world = await bookingScenario(server.db, { deliveryOrders: 1 });
  const tomorrow = addDays(world.today, 1);
  const tomorrowSlot = await slotOn(server.db, world, tomorrow);
  const plate = `กข-${randomBytes(2).toString('hex')}`;
  const [truck] = await insertRecords(server.db, 'vehicle', [
    {
      code: 'PB1',
      name: 'หกล้อ',
      licensePlate: plate,
      branchId: world.branchId,
      vehicleTypeId: world.vehicleTypeId,
    },
  ]);
  await insertRecords(server.db, 'driver', [
    {
      code: 'PB1',
      name: 'สมชาย ขับดี',
      tel: '0812345678',
      branchId: world.branchId,
      vehicleId: truck,
      isMain: true,
    },
  ]);
  const user = (roles: readonly string[]) =>
    createUser(server.db, { roles: [...roles], branchIds: [world.branchId] }).then((u) =>
      signIn(server.api, u),
    );
  const dispatcher = await user(staffGroups.dispatcher.roles);
  const planner = await user([
    ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
    readRoleOf('BOOKING_CALENDAR'),
    ROLE_BOOKING_CHANGE_CALL_STATUS,
  ]);
  const bookingId = await bookThroughApi(server, world, planner, world.shipToId, world.deliveryOrderIds[0]!);
  const link = `/public/appointment/${server.app.auth.contact.links.token(bookingId)}`;
  const offered = await call(server.api, 'GET', `${link}/options`);
  expect(offered.body.options.map((o: { date: string }) => o.date)).toEqual([tomorrow]);

  const q = `?branchId=${world.branchId}`;
  const slot = { date: world.today, shiftOfDayId: world.shiftOfDayId };
  const plan = await call(server.api, 'POST', `/shipmentPlanning/plan${q}`, {
    token: dispatcher,
    body: slot,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(200);
  const confirmed = await call(server.api, 'POST', `/shipmentPlanning/confirm${q}`, {
    token: dispatcher,
    body: { ...slot, version: 0, trips: tripsOf(plan.body) },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const { rows } = await sql<{ doc_no: string; name: string }>`
    select s.doc_no, sh.name from shipment s join shift_of_day sh on sh.id = s.shift_of_day_id
     where s.id = ${confirmed.body.trips[0].shipmentId}`.execute(server.db);
  const message = bookingMessages.plannedOut(rows[0]!.name, world.today, plate, rows[0]!.doc_no);
  // The customer reads the rule in their words and the company's era (Buddhist by default), with
  // no truck or shipment number.
  const toCustomer = `${rows[0]!.name.startsWith('กะ') ? '' : 'กะ'}${rows[0]!.name} ${formatDate(world.today, { buddhistEra: true })} จัดรถส่งแล้ว จึงเลื่อนนัดทางลิงก์นี้ไม่ได้ หากต้องการเลื่อน กรุณาโทรหาสาขา`;
  /** The dispatcher takes it off the plan: the slot confirmed again with no trip. */
  const takeOff = async () => {
    const again = await call(server.api, 'POST', `/shipmentPlanning/confirm${q}`, {
      token: dispatcher,
      body: { ...slot, version: 1, trips: [] },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  };
  return {
    dispatcher,
    plate,
    shipmentDocNo: rows[0]!.doc_no,
    world,
    tomorrow,
    tomorrowSlot,
    planner,
    bookingId,
    link,
    choice: offered.body.options[0].choice,
    message,
    toCustomer,
    takeOff,
  };
}

describe('a booking on a truck of a confirmed plan stays in its shift until the dispatcher takes it off', () => {
  it('the calendar’s check and drag refuse it by PLANNED, naming the truck and the shipment; then it moves', async () => {
    const {
      world,
      tomorrow,
      tomorrowSlot,
      planner: token,
      bookingId,
      message,
      takeOff,
    } = await plannedBooking();
    const q = `branchId=${world.branchId}`;
    const move = { bookingId, from: cellOf(world, world.today) };
    const check = await call(server.api, 'POST', `/bookingCalendar/reschedule/check?${q}`, {
      token,
      body: { ...move, targets: [cellOf(world, tomorrow)] },
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toEqual([{ ...cellOf(world, tomorrow), ok: false, rule: 'PLANNED', message }]);
    const refused = await call(server.api, 'POST', `/bookingCalendar/reschedule?${q}`, {
      token,
      body: { ...move, to: cellOf(world, tomorrow) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ to: message });
    expect(await usedWeight(server.db, tomorrowSlot)).toBe(0);
    await takeOff();
    const moved = await call(server.api, 'POST', `/bookingCalendar/reschedule?${q}`, {
      token,
      body: { ...move, to: cellOf(world, tomorrow) },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await usedWeight(server.db, tomorrowSlot)).toBe(100);
  });

  it('the customer’s link offers nothing, says why, and refuses a choice made before the plan; then it moves', async () => {
    const { tomorrowSlot, link, choice, toCustomer, plate, shipmentDocNo, takeOff } = await plannedBooking();
    expect((await call(server.api, 'GET', `${link}/options`)).body).toEqual({
      options: [],
      reason: toCustomer,
    });
    const refused = await call(server.api, 'POST', `${link}/move`, { body: { choice } });
    expect(refused.status).toBe(409);
    expect(refused.body.messages).toEqual([toCustomer]);
    // The page says the same where its choices would be, and names no truck or shipment.
    const page = await (await fetch(`${server.origin}${link}?move=1`)).text();
    expect(page).toContain(toCustomer);
    expect(page).not.toContain(plate);
    expect(page).not.toContain(shipmentDocNo);
    // The page itself says it in place of the move's button: no choice with none in it.
    const first = await (await fetch(`${server.origin}${link}`)).text();
    expect(first).toContain(toCustomer);
    expect(first).not.toContain(appointmentText.move);
    expect(first).toContain(appointmentText.confirm);
    expect(await usedWeight(server.db, tomorrowSlot)).toBe(0);
    await takeOff();
    const moved = await call(server.api, 'POST', `${link}/move`, { body: { choice } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await usedWeight(server.db, tomorrowSlot)).toBe(100);
  });
});

describe('a booking cancelled after the confirm', () => {
  it('the plan names it with its truck until the dispatcher confirms again, which takes it off the truck', async () => {
    const { world, dispatcher, plate, shipmentDocNo, bookingId } = await plannedBooking();
    const admin = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [world.branchId] }).then(
      (u) => signIn(server.api, u),
    );
    const canceled = await call(
      server.api,
      'POST',
      `/bookingReport/${bookingId}/cancel?branchId=${world.branchId}`,
      {
        token: admin,
        body: { reason: 'ลูกค้าขอยกเลิก' },
      },
    );
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const q = `?branchId=${world.branchId}&date=${world.today}&shiftOfDayId=${world.shiftOfDayId}`;
    const slot = await call(server.api, 'GET', `/shipmentPlanning${q}`, { token: dispatcher });
    expect(slot.status, JSON.stringify(slot.body)).toBe(200);
    const { rows: booking } = await sql<{ doc_no: string }>`
      select doc_no from booking_report where id = ${bookingId}`.execute(server.db);
    expect(slot.body.offPlan).toEqual([
      { bookingDocNo: booking[0]!.doc_no, shipmentDocNo, truck: plate, canceled: true, checkedIn: false },
    ]);
    // The trip as the driver's phone and the board's detail read it: the stop is there, marked cancelled.
    const trip = await call(
      server.api,
      'GET',
      `/delivery/trips/${await shipmentIdOf(shipmentDocNo)}?branchId=${world.branchId}`,
      { token: dispatcher },
    );
    expect(trip.status, JSON.stringify(trip.body)).toBe(200);
    // Passed, it has no expected time (the stops after it are reached without it: eta.test.ts).
    expect(
      trip.body.stops.map((s: { bookingId: string; canceled?: boolean; eta: string | null }) => [
        s.bookingId,
        s.canceled,
        s.eta,
      ]),
    ).toEqual([[bookingId, true, null]]);
    // The dispatcher's board: its only stop passed, the trip has no next stop.
    const board = await call(
      server.api,
      'GET',
      `/delivery/board?branchId=${world.branchId}&date=${world.today}`,
      {
        token: dispatcher,
      },
    );
    expect(board.status, JSON.stringify(board.body)).toBe(200);
    expect(
      board.body.map((t: { docNo: string; nextStopId: string | null }) => [t.docNo, t.nextStopId]),
    ).toEqual([[shipmentDocNo, null]]);
    // The board shows the plan without it; confirmed again as shown, the truck no longer goes there.
    expect(slot.body.trips).toEqual([]);
    const again = await call(server.api, 'POST', `/shipmentPlanning/confirm?branchId=${world.branchId}`, {
      token: dispatcher,
      body: {
        date: world.today,
        shiftOfDayId: world.shiftOfDayId,
        version: slot.body.version,
        trips: tripsOf(slot.body),
      },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.offPlan ?? []).toEqual([]);
    const { rows: carried } = await sql<{ n: number }>`
      select (select count(*) from shipment__booking_report_ids where ref_id = ${bookingId})::int
           + (select count(*) from delivery_stop where booking_id = ${bookingId})::int as n`.execute(
      server.db,
    );
    expect(carried).toEqual([{ n: 0 }]);
    // Its history says which shipment it left, and who confirmed it off.
    const { rows: left } = await sql<{ changes: unknown; user_id: string | null }>`
      select changes, user_id from history where record_id = ${bookingId} and changes ? 'shipment'
       order by at desc, id desc limit 1`.execute(server.db);
    expect(left).toEqual([
      { changes: { shipment: { from: shipmentDocNo, to: null } }, user_id: expect.any(String) },
    ]);
  });
});
