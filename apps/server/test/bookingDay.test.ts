import { featureRoles, ROLE_BOOKING_CHANGE_CALL_STATUS, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario, oneDoDraft } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * What a booking's list and page lead with (issue 43, migration 0034): the booking's delivery day,
 * and each line's shift and vehicle type, kept by the database whichever path writes the lines.
 */

const server = setupTestServer();
type World = Awaited<ReturnType<typeof bookingScenario>>;

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function planner(world: World) {
  const user = await createUser(server.db, {
    roles: [
      ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
      readRoleOf('BOOKING_CALENDAR'),
      readRoleOf('BOOKING_REPORT'),
      ROLE_BOOKING_CHANGE_CALL_STATUS,
    ],
    branchIds: [world.branchId],
  });
  return signIn(server.api, user);
}

async function book(world: World, token: string, deliveryOrderId: string) {
  const draft = await call(server.api, 'POST', `/doBooking/draft?branchId=${world.branchId}`, {
    token,
    body: oneDoDraft(world, deliveryOrderId),
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const confirmed = await call(
    server.api,
    'POST',
    `/doBooking/confirm?id=${draft.body.draft.id}&branchId=${world.branchId}`,
    { token },
  );
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return confirmed.body.id as string;
}

const read = async (world: World, token: string, id: string) => {
  const answer = await call(server.api, 'GET', `/bookingReport/${id}?branchId=${world.branchId}`, { token });
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('a booking’s day, shift and vehicle type', () => {
  it('are on the booking and its lines from the confirm, and follow a move to another day and shift', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 2 });
    const token = await planner(world);
    const id = await book(world, token, world.deliveryOrderIds[0]!);

    const booked = await read(world, token, id);
    expect(booked.deliveryDate).toBe(world.today);
    // The confirm writes the day with the booking: the lines' trigger finds it right and leaves the
    // row as the confirm's statement inserted it (its command 0), not a second version of it.
    const version = await sql<{
      cmin: string;
    }>`select cmin::text from booking_report where id = ${id}`.execute(server.db);
    expect(version.rows[0]!.cmin).toBe('0');
    expect(booked.lines).toEqual([
      expect.objectContaining({
        deliveryDate: world.today,
        shiftOfDayId: world.shiftOfDayId,
        shiftOfDayLabel: expect.stringMatching(/^กะทดสอบ/),
        vehicleTypeId: world.vehicleTypeId,
        vehicleTypeLabel: expect.stringMatching(/รถทดสอบ/),
      }),
    ]);

    // The afternoon shift tomorrow: the customer's or the planner's move lands there.
    const [afternoon] = await insertRecords(server.db, 'shiftOfDay', [
      {
        name: 'กะบ่ายทดสอบ',
        startTime: '13:00',
        endTime: '18:00',
        totalMinute: 300,
        priority: 2,
        active: true,
      },
    ]);
    const tomorrow = dayAfter(world.today, 1);
    await insertRecords(server.db, 'vehicleDateSlot', [
      {
        branchId: world.branchId,
        shiftDate: tomorrow,
        shiftOfDayId: afternoon,
        vehicleTypeId: world.vehicleTypeId,
        shipCondId: world.shipCondId,
        total: 1,
        special: 0,
      },
    ]);
    const moved = await call(server.api, 'POST', `/bookingCalendar/reschedule?branchId=${world.branchId}`, {
      token,
      body: {
        bookingId: id,
        from: { date: world.today, shiftOfDayId: world.shiftOfDayId, vehicleTypeId: world.vehicleTypeId },
        to: { date: tomorrow, shiftOfDayId: afternoon, vehicleTypeId: world.vehicleTypeId },
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = await read(world, token, id);
    expect(after.deliveryDate).toBe(tomorrow);
    expect(after.lines).toEqual([
      expect.objectContaining({
        deliveryDate: tomorrow,
        shiftOfDayId: afternoon,
        shiftOfDayLabel: 'กะบ่ายทดสอบ',
      }),
    ]);
  });

  it('sort and filter the booking list by delivery day', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 2 });
    const token = await planner(world);
    const today = await book(world, token, world.deliveryOrderIds[0]!);
    // A second booking whose only line is moved to next week by hand (SQL, as an administrator might).
    const later = await book(world, token, world.deliveryOrderIds[1]!);
    const nextWeek = dayAfter(world.today, 7);
    await sql`update booking_report__lines set delivery_date = ${nextWeek} where parent_id = ${later}`.execute(
      server.db,
    );
    const list = await call(
      server.api,
      'GET',
      `/bookingReport?branchId=${world.branchId}&sort=deliveryDate,desc`,
      { token },
    );
    expect(
      list.body.items.map((row: { id: string; deliveryDate: string }) => [row.id, row.deliveryDate]),
    ).toEqual([
      [later, nextWeek],
      [today, world.today],
    ]);
    const filtered = await call(
      server.api,
      'GET',
      `/bookingReport?branchId=${world.branchId}&deliveryDateFrom=${dayAfter(world.today, 1)}`,
      { token },
    );
    expect(filtered.body.items.map((row: { id: string }) => row.id)).toEqual([later]);
  });

  it('one statement moving the lines of two bookings gives each its own first day', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 2 });
    const token = await planner(world);
    const first = await book(world, token, world.deliveryOrderIds[0]!);
    const second = await book(world, token, world.deliveryOrderIds[1]!);
    const inThreeDays = dayAfter(world.today, 3);
    const inFiveDays = dayAfter(world.today, 5);
    await sql`update booking_report__lines
                 set delivery_date = case when parent_id = ${first} then ${inThreeDays}::date else ${inFiveDays}::date end
               where parent_id in (${first}, ${second})`.execute(server.db);
    expect((await read(world, token, first)).deliveryDate).toBe(inThreeDays);
    expect((await read(world, token, second)).deliveryDate).toBe(inFiveDays);
  });

  it('a slot that changes its shift or vehicle type passes the change to its lines', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const token = await planner(world);
    const id = await book(world, token, world.deliveryOrderIds[0]!);
    const [night] = await insertRecords(server.db, 'shiftOfDay', [
      {
        name: 'กะดึกทดสอบ',
        startTime: '20:00',
        endTime: '23:00',
        totalMinute: 180,
        priority: 3,
        active: true,
      },
    ]);
    await sql`update vehicle_date_slot set shift_of_day_id = ${night} where id = ${world.slotId}`.execute(
      server.db,
    );
    expect((await read(world, token, id)).lines[0]).toMatchObject({
      shiftOfDayId: night,
      shiftOfDayLabel: 'กะดึกทดสอบ',
    });
  });

  it('the calendar, the home and the wizard list a day’s shifts by start time, not by name', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 0 });
    const token = await planner(world);
    const shifts = await insertRecords(server.db, 'shiftOfDay', [
      { name: 'กะค่ำ', startTime: '18:00', endTime: '22:00', totalMinute: 240, priority: 1, active: true },
      { name: 'กะบ่าย', startTime: '13:00', endTime: '17:00', totalMinute: 240, priority: 3, active: true },
      { name: 'กะเช้า', startTime: '06:00', endTime: '07:30', totalMinute: 90, priority: 2, active: true },
    ]);
    await insertRecords(
      server.db,
      'vehicleDateSlot',
      shifts.map((shiftOfDayId) => ({
        branchId: world.branchId,
        shiftDate: world.today,
        shiftOfDayId,
        vehicleTypeId: world.vehicleTypeId,
        shipCondId: world.shipCondId,
        total: 1,
        special: 0,
      })),
    );
    const cells = await call(
      server.api,
      'GET',
      `/bookingCalendar?branchId=${world.branchId}&from=${world.today}&to=${world.today}`,
      { token },
    );
    expect(cells.status, JSON.stringify(cells.body)).toBe(200);
    expect(cells.body.map((cell: { shiftName: string }) => cell.shiftName)).toEqual([
      'กะเช้า',
      expect.stringMatching(/^กะทดสอบ/), // the scenario's own, 08:00
      'กะบ่าย',
      'กะค่ำ',
    ]);
  });
});
