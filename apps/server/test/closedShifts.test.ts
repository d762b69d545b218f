import {
  addDays,
  featureRoles,
  formatDate,
  ROLE_ADMIN,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  readRoleOf,
} from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadAppointment } from '../src/contact/appointment.ts';
import { moveOffers } from '../src/contact/move.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import {
  bookingScenario,
  cellOf,
  oneDoAllocation,
  oneDoDraft,
  slotOn,
  usedWeight,
} from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Closed shifts (docs/booking.md, issue "The day as one flow" item 1): once a truck of a branch's
 * shift has checked in, the shift's plan is frozen. Every path that puts a booking into a slot —
 * the wizard's suggestion, fine tune, confirm, the calendar's drag and "ย้ายไป…", the customer's
 * link, the booking report's record routes (an administrator, an ERP key) — refuses it by the
 * engine's one rule, `CLOSED`, with the same Thai message naming the shift, the truck and when it
 * checked in; and none moves a booking out of it.
 */

const server = setupTestServer();
type World = Awaited<ReturnType<typeof bookingScenario>>;

async function plannerOf(world: World) {
  const user = await createUser(server.db, {
    roles: [
      ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
      readRoleOf('BOOKING_CALENDAR'),
      ROLE_BOOKING_CHANGE_CALL_STATUS,
    ],
    branchIds: [world.branchId],
  });
  return signIn(server.api, user);
}

/** A truck of the scenario's shift on `date` checked in at 07:40: the shift is closed. */
async function checkIn(world: World, date: string, plate = 'กข-1234') {
  await insertRecords(server.db, 'shipment', [
    {
      docNo: `SH-${world.branchId.slice(0, 8)}-${date}`,
      branchId: world.branchId,
      carPlateSnap: plate,
      vehicleTypeId: world.vehicleTypeId,
      shiftDate: date,
      shiftOfDayId: world.shiftOfDayId,
      actDateCheckIn: date,
      actTimeCheckIn: '07:40',
    },
  ]);
}

async function shiftName(world: World) {
  const { rows } = await sql<{
    name: string;
  }>`select name from shift_of_day where id = ${world.shiftOfDayId}`.execute(server.db);
  return rows[0]!.name;
}

/** The engine's refusal of a closed shift: the same words on every path. */
const closedMessage = async (world: World, date: string) =>
  `${await shiftName(world)} ${formatDate(date)} ปิดรับการจองแล้ว: รถ กข-1234 เช็คอินเมื่อ 07:40`;
const closedOutMessage = async (world: World, date: string) =>
  `${await shiftName(world)} ${formatDate(date)} ปิดรับการจองแล้ว จึงย้ายการจองออกจากกะนี้ไม่ได้: รถ กข-1234 เช็คอินเมื่อ 07:40`;

const q = (world: World) => `branchId=${world.branchId}`;

/** The suggestion's request for the scenario's first DO. */
const request = (world: World) => ({
  deliveryOrderIds: [world.deliveryOrderIds[0]!],
  shipToId: world.shipToId,
  shipCondId: world.shipCondId,
});

async function draftIn(
  world: World,
  token: string,
  slotId: string,
  deliveryOrderId = world.deliveryOrderIds[0]!,
) {
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q(world)}`, {
    token,
    body: oneDoDraft(world, deliveryOrderId, slotId),
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  return draft.body;
}

async function book(
  world: World,
  token: string,
  slotId: string,
  deliveryOrderId = world.deliveryOrderIds[0]!,
) {
  const draft = await draftIn(world, token, slotId, deliveryOrderId);
  const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.draft.id}&${q(world)}`, {
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return confirmed.body.id as string;
}

/**
 * Two DOs booked by a planner, one tomorrow and one today, then a truck of today's shift checks in:
 * a booking that may not go into the closed shift, and one that may not leave it.
 */
async function aroundAClosedShift() {
  const world = await bookingScenario(server.db, { deliveryOrders: 2 });
  const tomorrow = addDays(world.today, 1);
  const tomorrowSlot = await slotOn(server.db, world, tomorrow);
  const planner = await plannerOf(world);
  const intoClosed = await book(world, planner, tomorrowSlot, world.deliveryOrderIds[0]!);
  const outOfClosed = await book(world, planner, world.slotId, world.deliveryOrderIds[1]!);
  await checkIn(world, world.today);
  return {
    world,
    tomorrow,
    tomorrowSlot,
    planner,
    intoClosed,
    outOfClosed,
    into: await closedMessage(world, world.today),
    out: await closedOutMessage(world, world.today),
  };
}

describe('a shift whose truck has checked in is closed on every path', () => {
  it('the wizard’s suggestion never offers it and says why the day is not bookable', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const tomorrow = addDays(world.today, 1);
    const open = await slotOn(server.db, world, tomorrow);
    await checkIn(world, world.today);
    const token = await plannerOf(world);
    const answer = await call(server.api, 'POST', `/doBooking/suggestion?${q(world)}`, {
      token,
      body: request(world),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const slots = answer.body.options.flatMap((o: { allocations: { slotId: string }[] }) =>
      o.allocations.map((a) => a.slotId),
    );
    expect(slots).not.toContain(world.slotId);
    expect(slots).toContain(open);
    const message = await closedMessage(world, world.today);
    expect(answer.body.days.find((d: { date: string }) => d.date === world.today)).toEqual({
      date: world.today,
      bookable: false,
      rule: 'CLOSED',
      ruleLabel: 'กะปิดรับการจอง',
      message,
    });
    expect(answer.body.whyNot).toContainEqual(
      expect.objectContaining({ date: world.today, rule: 'CLOSED', message }),
    );
  });

  it('fine tune lists it with the rule and refuses an edit into it, keeping the draft', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const tomorrow = addDays(world.today, 1);
    const open = await slotOn(server.db, world, tomorrow);
    await checkIn(world, world.today);
    const token = await plannerOf(world);
    const message = await closedMessage(world, world.today);
    const made = await draftIn(world, token, open);
    const slots = await call(server.api, 'GET', `/doBooking/slots?id=${made.draft.id}&${q(world)}`, {
      token,
    });
    expect(slots.status).toBe(200);
    expect(slots.body.slots.find((s: { slotId: string }) => s.slotId === world.slotId).ruleBreak).toEqual({
      rule: 'CLOSED',
      ruleLabel: 'กะปิดรับการจอง',
      message,
    });
    const edit = await call(server.api, 'PUT', `/doBooking/fineTune?id=${made.draft.id}&${q(world)}`, {
      token,
      body: {
        version: made.draft.version,
        allocations: oneDoAllocation(world.slotId, world.deliveryOrderIds[0]!),
      },
    });
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ 'allocations.0': message });
    const summary = await call(server.api, 'GET', `/doBooking/summary?id=${made.draft.id}&${q(world)}`, {
      token,
    });
    expect(summary.body.draft.allocations[0].slotId).toBe(open);
  });

  it('confirm re-checks under its locks: a check-in after the draft was made refuses it, writing nothing', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const token = await plannerOf(world);
    const made = await draftIn(world, token, world.slotId);
    expect(made.evaluation.ok).toBe(true);
    await checkIn(world, world.today);
    const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${made.draft.id}&${q(world)}`, {
      token,
    });
    expect(confirmed.status).toBe(422);
    expect(confirmed.body.errors).toEqual({ 'allocations.0': await closedMessage(world, world.today) });
    expect(await usedWeight(server.db, world.slotId)).toBe(0);
    const { rows } = await sql<{ is_booking: boolean }>`
      select is_booking from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(server.db);
    expect(rows[0]!.is_booking).toBe(false);
  });

  it('a confirm and a check-in of its shift at once: the confirm waits for the check-in and is refused', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const token = await plannerOf(world);
    const made = await draftIn(world, token, world.slotId);
    const [shipmentId] = await insertRecords(server.db, 'shipment', [
      {
        docNo: `SH-RACE-${world.branchId.slice(0, 8)}`,
        branchId: world.branchId,
        carPlateSnap: 'กข-1234',
        shiftDate: world.today,
        shiftOfDayId: world.shiftOfDayId,
      },
    ]);
    let updated!: () => void;
    let release!: () => void;
    const written = new Promise<void>((resolve) => {
      updated = resolve;
    });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The driver's check-in, written and not yet committed.
    const tap = server.db.transaction().execute(async (trx) => {
      await sql`update shipment set act_date_check_in = ${world.today}::date, act_time_check_in = '07:40'
        where id = ${shipmentId!}`.execute(trx);
      updated();
      await held;
    });
    await written;
    let answered = false;
    const confirming = call(server.api, 'POST', `/doBooking/confirm?id=${made.draft.id}&${q(world)}`, {
      token,
    }).then((answer) => {
      answered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answered).toBe(false);
    release();
    await tap;
    const confirmed = await confirming;
    expect(confirmed.status).toBe(422);
    expect(confirmed.body.errors).toEqual({ 'allocations.0': await closedMessage(world, world.today) });
    expect(await usedWeight(server.db, world.slotId)).toBe(0);
  });

  it('the calendar’s drag and "ย้ายไป…" refuse a move into it, and out of it', async () => {
    const {
      world,
      tomorrow,
      tomorrowSlot,
      planner: token,
      intoClosed,
      outOfClosed,
      into,
      out,
    } = await aroundAClosedShift();
    const check = await call(server.api, 'POST', `/bookingCalendar/reschedule/check?${q(world)}`, {
      token,
      body: { bookingId: intoClosed, from: cellOf(world, tomorrow), targets: [cellOf(world, world.today)] },
    });
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toEqual([{ ...cellOf(world, world.today), ok: false, rule: 'CLOSED', message: into }]);
    const moved = await call(server.api, 'POST', `/bookingCalendar/reschedule?${q(world)}`, {
      token,
      body: { bookingId: intoClosed, from: cellOf(world, tomorrow), to: cellOf(world, world.today) },
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({ to: into });
    const leaving = await call(server.api, 'POST', `/bookingCalendar/reschedule/check?${q(world)}`, {
      token,
      body: { bookingId: outOfClosed, from: cellOf(world, world.today), targets: [cellOf(world, tomorrow)] },
    });
    expect(leaving.body).toEqual([{ ...cellOf(world, tomorrow), ok: false, rule: 'CLOSED', message: out }]);
    const left = await call(server.api, 'POST', `/bookingCalendar/reschedule?${q(world)}`, {
      token,
      body: { bookingId: outOfClosed, from: cellOf(world, world.today), to: cellOf(world, tomorrow) },
    });
    expect(left.status).toBe(422);
    expect(left.body.errors).toEqual({ to: out });
    // Nothing moved.
    expect(await usedWeight(server.db, world.slotId)).toBe(100);
    expect(await usedWeight(server.db, tomorrowSlot)).toBe(100);
  });

  it('a vehicle slot that holds bookings is moved neither out of it nor into it (the settings’ form), an empty one is', async () => {
    const { world, tomorrow, tomorrowSlot, into, out } = await aroundAClosedShift();
    const admin = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
    const moveSlot = async (id: string, shiftDate: string) => {
      const current = await call(server.api, 'GET', `/vehicleDateSlot/${id}?${q(world)}`, { token: admin });
      expect(current.status, JSON.stringify(current.body)).toBe(200);
      const { id: _id, createdAt, updatedAt, ...fields } = current.body;
      return call(server.api, 'PUT', `/vehicleDateSlot/${id}?${q(world)}`, {
        token: admin,
        body: Object.fromEntries(
          Object.entries({ ...fields, shiftDate }).filter(([name]) => !name.endsWith('Label')),
        ),
      });
    };
    const leaving = await moveSlot(world.slotId, addDays(world.today, 2));
    expect(leaving.status, JSON.stringify(leaving.body)).toBe(422);
    expect(leaving.body.errors).toEqual({ shiftDate: out });
    const entering = await moveSlot(tomorrowSlot, world.today);
    expect(entering.status, JSON.stringify(entering.body)).toBe(422);
    expect(entering.body.errors).toEqual({ shiftDate: into });
    // Nothing moved; a slot without bookings is the settings' own to move.
    const { rows } = await sql<{
      id: string;
      day: string;
    }>`select id, shift_date::text as day from vehicle_date_slot
      where id in (${world.slotId}, ${tomorrowSlot}) order by shift_date`.execute(server.db);
    expect(rows).toEqual([
      { id: world.slotId, day: world.today },
      { id: tomorrowSlot, day: tomorrow },
    ]);
    const empty = await slotOn(server.db, world, addDays(world.today, 3));
    expect((await moveSlot(empty, world.today)).status).toBe(200);
  });

  it('names the day in its reader’s era: a planner’s own setting, the customer’s the company’s', async () => {
    const { world, tomorrow, planner: token, intoClosed, outOfClosed } = await aroundAClosedShift();
    const setEra = async (buddhistEra: boolean) => {
      const saved = await call(server.api, 'PUT', '/account/preferences', { token, body: { buddhistEra } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    };
    const into = () =>
      call(server.api, 'POST', `/bookingCalendar/reschedule/check?${q(world)}`, {
        token,
        body: { bookingId: intoClosed, from: cellOf(world, tomorrow), targets: [cellOf(world, world.today)] },
      });
    const name = await shiftName(world);
    const today = (buddhistEra: boolean) => formatDate(world.today, { buddhistEra });
    // Their screens in พ.ศ., so the refusal too; the next request reads the setting, no sign-in again.
    await setEra(true);
    expect((await into()).body[0].message).toBe(
      `${name} ${today(true)} ปิดรับการจองแล้ว: รถ กข-1234 เช็คอินเมื่อ 07:40`,
    );
    await setEra(false);
    expect((await into()).body[0].message).toBe(await closedMessage(world, world.today));
    // The customer's move offers (the engine's reasons a customer may read): the company's era,
    // Buddhist by default, whatever the planner's own setting.
    await checkIn(world, tomorrow);
    const appointment = await loadAppointment(server.db, outOfClosed);
    const { offers } = await moveOffers(server.db, appointment!, world.today);
    const closedTomorrow = offers.find((o) => o.date === tomorrow && o.shiftOfDayId === world.shiftOfDayId);
    expect(closedTomorrow?.rule).toBe('CLOSED');
    expect(closedTomorrow?.message).toBe(
      `${name} ${formatDate(tomorrow, { buddhistEra: true })} ปิดรับการจองแล้ว: รถ กข-1234 เช็คอินเมื่อ 07:40`,
    );
  });

  it('the customer’s link never offers it, and a choice made before the check-in is refused naming it', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const tomorrow = addDays(world.today, 1);
    const later = addDays(world.today, 2);
    await slotOn(server.db, world, tomorrow);
    await slotOn(server.db, world, later);
    const token = await plannerOf(world);
    const bookingId = await book(world, token, world.slotId);
    const link = `/public/appointment/${server.app.auth.contact.links.token(bookingId)}`;
    const before = await call(server.api, 'GET', `${link}/options`);
    expect(before.body.options.map((o: { date: string }) => o.date)).toEqual([tomorrow, later]);
    // A driver's tap recorded a check-in of tomorrow's shift (item 2's mis-tap, say): it is closed now.
    await checkIn(world, tomorrow);
    const after = await call(server.api, 'GET', `${link}/options`);
    expect(after.body.options.map((o: { date: string }) => o.date)).toEqual([later]);
    const moved = await call(server.api, 'POST', `${link}/move`, {
      body: { choice: before.body.options[0].choice },
    });
    expect(moved.status).toBe(409);
    // In the customer's words and the company's era (Buddhist by default): no plate, no check-in time.
    const name = await shiftName(world);
    expect(moved.body.messages).toEqual([
      `${name.startsWith('กะ') ? '' : 'กะ'}${name} ${formatDate(tomorrow, { buddhistEra: true })} รถเข้ารับสินค้าแล้ว จึงเลื่อนไปช่วงเวลานี้ไม่ได้ กรุณาเลือกช่วงเวลาอื่น`,
    ]);
    expect(await usedWeight(server.db, world.slotId)).toBe(100);
  });

  it('the customer’s link offers nothing out of a closed shift, and says why', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const tomorrow = addDays(world.today, 1);
    await slotOn(server.db, world, tomorrow);
    const token = await plannerOf(world);
    const bookingId = await book(world, token, world.slotId);
    const link = `/public/appointment/${server.app.auth.contact.links.token(bookingId)}`;
    const before = await call(server.api, 'GET', `${link}/options`);
    expect(before.body.options).toHaveLength(1);
    await checkIn(world, world.today);
    // The customer reads the rule in their words and the company's era (Buddhist by default).
    const name = await shiftName(world);
    const out = `${name.startsWith('กะ') ? '' : 'กะ'}${name} ${formatDate(world.today, { buddhistEra: true })} รถเข้ารับสินค้าแล้ว จึงเลื่อนนัดทางลิงก์นี้ไม่ได้ หากต้องการเลื่อน กรุณาโทรหาสาขา`;
    const after = await call(server.api, 'GET', `${link}/options`);
    expect(after.body).toEqual({ options: [], reason: out });
    const moved = await call(server.api, 'POST', `${link}/move`, {
      body: { choice: before.body.options[0].choice },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.messages).toEqual([out]);
  });

  it('the record routes (an administrator, an ERP key of an administrators’ group) put no line into it, nor take one out', async () => {
    const { world, tomorrowSlot, intoClosed, outOfClosed, into, out } = await aroundAClosedShift();
    const admin = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
    const { rows } = await sql<{ id: string }>`insert into app_role_group (name, roles)
      values (${`คีย์ผู้ดูแล ${world.branchId}`}, ${[ROLE_ADMIN]}) returning id`.execute(server.db);
    const made = await call(server.api, 'POST', '/apiKey', {
      token: admin,
      body: { name: `erp ${world.branchId}`, roleGroupId: rows[0]!.id, branchIds: [world.branchId] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const key = made.body.secret as string;
    const read = async (id: string) =>
      (await call(server.api, 'GET', `/bookingReport/${id}?${q(world)}`, { token: admin })).body;
    /** The record's writable fields, its lines sent to `slotId` (or left where they are). */
    const bodyOf = (record: Record<string, unknown>, slotId?: string) => ({
      customerId: record.customerId,
      shipToId: record.shipToId,
      docType: record.docType,
      lines: (record.lines as Record<string, unknown>[]).map((line) => ({
        deliveryOrderId: line.deliveryOrderId,
        qty: line.qty,
        deliveryDate: line.deliveryDate,
        shipCondId: line.shipCondId,
        slotId: slotId ?? line.slotId,
      })),
    });
    const a = await read(intoClosed);
    const edited = await call(server.api, 'PUT', `/bookingReport/${intoClosed}?${q(world)}`, {
      token: admin,
      body: { ...bodyOf(a, world.slotId), version: a.version },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(422);
    expect(edited.body.errors).toEqual({ 'lines.0.slotId': into });
    const created = await call(server.api, 'POST', `/bookingReport?${q(world)}`, {
      token: key,
      body: bodyOf(a, world.slotId),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(422);
    expect(created.body.errors).toEqual({ 'lines.0.slotId': into });

    const b = await read(outOfClosed);
    const leaving = await call(server.api, 'PUT', `/bookingReport/${outOfClosed}?${q(world)}`, {
      token: key,
      body: { ...bodyOf(b, tomorrowSlot), version: b.version },
    });
    expect(leaving.status, JSON.stringify(leaving.body)).toBe(422);
    expect(leaving.body.errors).toEqual({ lines: out });
    // What it carries stays: another field of a booking in the closed shift is still edited.
    const other = await call(server.api, 'PUT', `/bookingReport/${outOfClosed}?${q(world)}`, {
      token: admin,
      body: { ...bodyOf(b), docType: 'ZB', version: b.version },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    // Nothing moved, nothing was created.
    expect((await read(intoClosed)).lines.map((l: { slotId: string }) => l.slotId)).toEqual([tomorrowSlot]);
    expect((await read(outOfClosed)).lines.map((l: { slotId: string }) => l.slotId)).toEqual([world.slotId]);
    const { rows: count } = await sql<{ n: number }>`
      select count(*)::int as n from booking_report where branch_id = ${world.branchId}`.execute(server.db);
    expect(count[0]!.n).toBe(2);
  });
});
