import { randomBytes } from 'node:crypto';
import { featureRoles } from '@lms/domain';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect, type Database, migrate } from '../src/db/database.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { bookingScenario, moreSlots, oneDoDraft, usedCapacity } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * A slot's row keeps the capacity its active bookings use (migration 0030), which a confirm reads
 * under the slot's lock instead of summing the lines: whatever writes the bookings — confirm,
 * cancel, an admin's SQL on a booking or its lines — the row says what the lines sum to.
 * (`usedCapacity` throws when the row and the lines disagree; moves are checked in
 * bookingReschedule.test.ts, races in booking.test.ts.)
 */
const server = setupTestServer();

async function bookOne(
  world: Awaited<ReturnType<typeof bookingScenario>>,
  token: string,
  doId: string,
  slotId: string,
) {
  const q = `branchId=${world.branchId}`;
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
    token,
    body: oneDoDraft(world, doId, slotId),
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, {
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  return confirmed.body.id as string;
}

describe("a slot's kept use", () => {
  it('follows confirms, cancels and admin edits of bookings and lines', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 4, vehicles: 2 });
    const [other] = await moreSlots(server.db, world, 1);
    const user = await createUser(server.db, {
      roles: featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
      branchIds: [world.branchId],
    });
    const token = await signIn(server.api, user);
    const [a, b, c] = world.deliveryOrderIds;
    const first = await bookOne(world, token, a!, world.slotId);
    const second = await bookOne(world, token, b!, world.slotId);
    const third = await bookOne(world, token, c!, other!);
    // 100 kg, 1 m³ and 30 minutes (load, unload, wait; no travel) a DO.
    expect(await usedCapacity(server.db, world.slotId)).toEqual({ weight: 200, volume: 2, minute: 60 });
    expect(await usedCapacity(server.db, other!)).toEqual({ weight: 100, volume: 1, minute: 30 });

    const cancel = (id: string) =>
      call(server.api, 'POST', `/bookingReport/${id}/cancel?branchId=${world.branchId}`, { token, body: {} });
    expect((await cancel(second)).status).toBe(200);
    expect((await usedCapacity(server.db, world.slotId)).weight).toBe(100);
    // Cancelling again frees nothing more.
    expect((await cancel(second)).status).toBe(200);
    expect((await usedCapacity(server.db, world.slotId)).weight).toBe(100);

    // An admin's SQL: a line's weight edited, a line moved to another slot, a cancelled booking restored.
    await sql`update booking_report__lines set used_weight = 150 where parent_id = ${first}`.execute(
      server.db,
    );
    expect((await usedCapacity(server.db, world.slotId)).weight).toBe(150);
    await sql`update booking_report__lines set slot_id = ${other} where parent_id = ${first}`.execute(
      server.db,
    );
    expect((await usedCapacity(server.db, world.slotId)).weight).toBe(0);
    expect((await usedCapacity(server.db, other!)).weight).toBe(250);
    await sql`update booking_report set canceled_at = null, status = 'CONFIRMED' where id = ${second}`.execute(
      server.db,
    );
    expect((await usedCapacity(server.db, world.slotId)).weight).toBe(100);

    // Deleting a booking frees what it used while active, and nothing when it was cancelled already.
    await sql`delete from booking_report where id = ${first}`.execute(server.db);
    expect((await usedCapacity(server.db, other!)).weight).toBe(100);
    expect((await cancel(third)).status).toBe(200);
    await sql`delete from booking_report where id = ${third}`.execute(server.db);
    expect(await usedCapacity(server.db, other!)).toEqual({ weight: 0, volume: 0, minute: 0 });
    await sql`delete from booking_report__lines where parent_id = ${second}`.execute(server.db);
    expect(await usedCapacity(server.db, world.slotId)).toEqual({ weight: 0, volume: 0, minute: 0 });
  });
});

describe('the migration', () => {
  const adminUrl = inject('pgAdminUrl');
  const name = `lms_slot_use_${randomBytes(6).toString('hex')}`;
  let db: Database | undefined;
  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(adminUrl, name);
  });

  it('sets the use of the slots booked before it', async () => {
    await createDatabase(adminUrl, name);
    db = connect(databaseUrl(adminUrl, name), 2);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const before = await migrator.migrateTo('0029_master_data_version');
    expect(before.error).toBeUndefined();
    const world = await bookingScenario(db, { deliveryOrders: 3, vehicles: 3 });
    // Two bookings written as a confirm of before would have: one active, one cancelled.
    for (const [i, canceled] of [false, true].entries()) {
      const { rows } = await sql<{
        id: string;
      }>`insert into booking_report (branch_id, status, doc_date, doc_type, call_status,
          customer_id, ship_to_id, canceled_at)
        select ${world.branchId}, ${canceled ? 'CANCELED' : 'CONFIRMED'}, ${world.today}::date, 'DO', 'NOT_CALLED', customer_id,
               ${world.shipToId}, ${canceled ? sql`now()` : null}
          from delivery_order where id = ${world.deliveryOrderIds[i]} returning id`.execute(db);
      await sql`insert into booking_report__lines (parent_id, position, delivery_order_id, qty, delivery_date, used_minute,
          used_weight, used_volume, ship_cond_id, slot_id)
        values (${rows[0]!.id}, 0, ${world.deliveryOrderIds[i]}, 1, ${world.today}::date, 30, 100, 1, ${world.shipCondId},
                ${world.slotId})`.execute(db);
    }
    await migrate(db);
    expect(await usedCapacity(db, world.slotId)).toEqual({ weight: 100, volume: 1, minute: 30 });
  });
});
