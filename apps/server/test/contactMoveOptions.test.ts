import { addDays, featureRoles } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MAX_MOVE_OPTIONS, MOVE_DAYS, MOVE_OPTIONS_PER_DAY } from '../src/contact/move.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario, oneDoDraft } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * The customer's move options (docs/contact.md "Moving", issue "The day as one flow" item 9): the
 * next days the rules allow, each day and shift once, never the booking's own, by day then shift
 * start. The link offered five options of one day, "กะบ่าย" twice and the booking's own "กะเช้า".
 */

const server = setupTestServer();
type World = Awaited<ReturnType<typeof bookingScenario>>;

let serial = 0;

/** A morning and an afternoon shift, two slots of each (two rows of one vehicle type) on each day. */
async function branchWithShifts(world: World, days: readonly string[]) {
  const n = ++serial;
  const [morning, afternoon] = await insertRecords(server.db, 'shiftOfDay', [
    { name: `กะเช้า ${n}`, startTime: '08:00', endTime: '12:00', totalMinute: 240, priority: 1, active: true },
    { name: `กะบ่าย ${n}`, startTime: '13:00', endTime: '17:00', totalMinute: 240, priority: 2, active: true },
  ]);
  const slotIds = await insertRecords(
    server.db,
    'vehicleDateSlot',
    days.flatMap((shiftDate) =>
      [morning, afternoon, morning, afternoon].map((shiftOfDayId) => ({
        branchId: world.branchId,
        shiftDate,
        shiftOfDayId,
        vehicleTypeId: world.vehicleTypeId,
        shipCondId: world.shipCondId,
        total: 1,
        special: 0,
      })),
    ),
  );
  return {
    morning: morning!,
    afternoon: afternoon!,
    slotIds: slotIds as string[],
    names: [`กะเช้า ${n}`, `กะบ่าย ${n}`],
  };
}

async function bookInto(world: World, slotId: string) {
  const user = await createUser(server.db, {
    roles: featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
    branchIds: [world.branchId],
  });
  const token = await signIn(server.api, user);
  const q = `branchId=${world.branchId}`;
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
    token,
    body: oneDoDraft(world, world.deliveryOrderIds[0]!, slotId),
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, {
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return `/public/appointment/${server.app.auth.contact.links.token(confirmed.body.id)}`;
}

const listed = (options: { date: string; shiftName: string }[]) =>
  options.map((o) => `${o.date} ${o.shiftName}`);

describe('the customer’s move options', () => {
  it('are the next days and shifts, each once, never the booking’s own, by day then shift start', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const [d0, d1, d2, d3, d4] = [0, 1, 2, 3, 4].map((n) => addDays(world.today, n)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const shifts = await branchWithShifts(world, [d0, d1, d2, d3, d4]);
    const [morning, afternoon] = shifts.names as [string, string];
    // The booking is tomorrow morning (the first of tomorrow's two morning slots).
    const link = await bookInto(world, shifts.slotIds[4]!);
    const answer = await call(server.api, 'GET', `${link}/options`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const options = listed(answer.body.options);
    // Not all on one day; each day and shift once; never tomorrow morning; today is not offered.
    expect(options).toEqual([
      `${d1} ${afternoon}`,
      `${d2} ${morning}`,
      `${d2} ${afternoon}`,
      `${d3} ${morning}`,
      `${d3} ${afternoon}`,
    ]);
    expect(new Set(options).size).toBe(options.length);
    expect(answer.body.options[0]).toMatchObject({ shiftStart: '13:00', shiftEnd: '17:00' });
    expect(answer.body.reason).toBeNull();
    expect(MAX_MOVE_OPTIONS).toBe(5);
    expect(MOVE_OPTIONS_PER_DAY).toBe(2);
  });

  it('start at the SLA’s earliest day when that is after tomorrow, and reach MOVE_DAYS days at most', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    await sql`update ship_cond set sla = 2 where id = ${world.shipCondId}`.execute(server.db);
    const days = Array.from({ length: MOVE_DAYS + 4 }, (_, n) => addDays(world.today, n));
    const shifts = await branchWithShifts(world, days);
    // Booked on the last day (a planner may book anywhere), so that every earlier day is open.
    const link = await bookInto(world, shifts.slotIds.at(-4)!);
    const answer = await call(server.api, 'GET', `${link}/options`);
    const dates = answer.body.options.map((o: { date: string }) => o.date);
    expect(dates[0]).toBe(addDays(world.today, 2));
    expect(dates.every((d: string) => d <= addDays(world.today, 2 + MOVE_DAYS - 1))).toBe(true);
  });

  it('a day and shift offered, then taken away, is refused on move with the engine’s reason', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const [d1, d2] = [1, 2].map((n) => addDays(world.today, n)) as [string, string];
    const shifts = await branchWithShifts(world, [d1, d2]);
    const link = await bookInto(world, shifts.slotIds[0]!);
    const answer = await call(server.api, 'GET', `${link}/options`);
    const first = answer.body.options[0];
    expect(`${first.date} ${first.shiftName}`).toBe(`${d1} ${shifts.names[1]}`);
    // Tomorrow afternoon loses its vehicles.
    await sql`update vehicle_date_slot set total = 0 where shift_date = ${d1} and shift_of_day_id = ${shifts.afternoon}`.execute(
      server.db,
    );
    const moved = await call(server.api, 'POST', `${link}/move`, { body: { choice: first.choice } });
    expect(moved.status).toBe(409);
    expect(moved.body.messages[0]).toMatch(/ไม่มี .* ให้จองในวันนี้/);
  });
});
