import { featureRoles, formatDate, ROLE_BOOKING_CHANGE_CALL_STATUS, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario, cellOf, slotOn, usedWeight as usedWeightOf } from './bookingScenario.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/** The planner's drag to reschedule on the booking calendar (docs/booking-screens.md). */

const server = setupTestServer();
type World = Awaited<ReturnType<typeof bookingScenario>>;

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function plannerOf(
  branchId: string,
  roles = featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
) {
  const user = await createUser(server.db, {
    roles: [
      ...roles,
      readRoleOf('BOOKING_CALENDAR'),
      readRoleOf('DELIVERY_ORDER'),
      ROLE_BOOKING_CHANGE_CALL_STATUS,
    ],
    branchIds: [branchId],
  });
  return signIn(server.api, user);
}

async function confirmed(world: World, token: string, deliveryOrderIds: string[], slotId = world.slotId) {
  const draft = await call(server.api, 'POST', `/doBooking/draft?branchId=${world.branchId}`, {
    token,
    body: {
      deliveryOrderIds,
      shipToId: world.shipToId,
      shipCondId: world.shipCondId,
      allocations: [
        {
          slotId,
          vehicles: 1,
          lines: deliveryOrderIds.map((id) => ({ deliveryOrderId: id, lineId: id, qty: 1 })),
        },
      ],
    },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  return draft.body.draft.id as string;
}

const confirm = (world: World, token: string, draftId: string) =>
  call(server.api, 'POST', `/doBooking/confirm?id=${draftId}&branchId=${world.branchId}`, { token });

async function book(world: World, token: string, deliveryOrderIds = [world.deliveryOrderIds[0]!]) {
  const answer = await confirm(world, token, await confirmed(world, token, deliveryOrderIds));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as string;
}

const usedWeight = (slotId: string) => usedWeightOf(server.db, slotId);

describe('drag to reschedule', () => {
  it('judges every target with the engine’s rules and the Thai reason, writing nothing', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 3 });
    const token = await plannerOf(world.branchId);
    const tomorrow = dayAfter(world.today, 1);
    const banned = dayAfter(world.today, 2);
    const yesterday = dayAfter(world.today, -1);
    await slotOn(server.db, world, tomorrow);
    await slotOn(server.db, world, banned);
    await slotOn(server.db, world, yesterday);
    // The ship-to's sub-district bans this vehicle type on the weekday of `banned`, over the whole shift.
    const { rows: sub } = await sql<{
      sub_district_id: string;
    }>`select sub_district_id from ship_to where id = ${world.shipToId}`.execute(server.db);
    await insertRecords(server.db, 'truckBanConfig', [
      {
        name: 'ห้ามวิ่งทดสอบ',
        startTime: '07:00',
        endTime: '20:00',
        branchId: world.branchId,
        vehicleTypeId: world.vehicleTypeId,
        subDistrictId: sub[0]!.sub_district_id,
        banDayPattern: 'CUSTOM',
        bannedWeekdays: [new Date(`${banned}T00:00:00Z`).getUTCDay()],
      },
    ]);
    const bookingId = await book(world, token);
    const answer = await call(
      server.api,
      'POST',
      `/bookingCalendar/reschedule/check?branchId=${world.branchId}`,
      {
        token,
        body: {
          bookingId,
          from: cellOf(world, world.today),
          targets: [
            cellOf(world, tomorrow),
            cellOf(world, banned),
            cellOf(world, yesterday),
            cellOf(world, dayAfter(world.today, 3)),
            cellOf(world, world.today),
          ],
        },
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [ok, ban, sla, none, same] = answer.body;
    expect(ok).toMatchObject({ date: tomorrow, ok: true, rule: null, message: null });
    expect(ban).toMatchObject({ date: banned, ok: false, rule: 'BAN' });
    expect(sla).toMatchObject({ date: yesterday, ok: false, rule: 'SLA' });
    expect(none).toMatchObject({
      ok: false,
      message: 'ไม่มีช่วงรถของ Ship Cond ของการจองนี้ในวัน กะ และประเภทรถนี้',
    });
    expect(same).toMatchObject({ ok: false, message: 'การจองอยู่ในช่องนี้อยู่แล้ว' });
    // Every refusal speaks Thai.
    for (const verdict of [ban, sla]) expect(verdict.message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await usedWeight(world.slotId)).toBe(100);

    // The drop on a refused target is refused with the same reason and changes nothing.
    const refused = await call(server.api, 'POST', `/bookingCalendar/reschedule?branchId=${world.branchId}`, {
      token,
      body: { bookingId, from: cellOf(world, world.today), to: cellOf(world, banned) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.messages).toContain(ban.message);
    expect(await usedWeight(world.slotId)).toBe(100);
  });

  it('moves the booking for real: capacity follows, the log says who, the calendar shows it', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 3 });
    const token = await plannerOf(world.branchId);
    const tomorrow = dayAfter(world.today, 1);
    const tomorrowSlot = await slotOn(server.db, world, tomorrow);
    const bookingId = await book(world, token);
    const moved = await call(server.api, 'POST', `/bookingCalendar/reschedule?branchId=${world.branchId}`, {
      token,
      body: { bookingId, from: cellOf(world, world.today), to: cellOf(world, tomorrow) },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.id).toBe(bookingId);
    expect(moved.body.slots).toHaveLength(1);
    expect(await usedWeight(world.slotId)).toBe(0);
    expect(await usedWeight(tomorrowSlot)).toBe(100);
    const placed = await call(
      server.api,
      'GET',
      `/bookingCalendar/placed?branchId=${world.branchId}&from=${world.today}&to=${tomorrow}`,
      { token },
    );
    expect(placed.body).toEqual([
      expect.objectContaining({
        id: bookingId,
        date: tomorrow,
        shiftOfDayId: world.shiftOfDayId,
        vehicles: 1,
      }),
    ]);
    const { rows: history } = await sql<{
      changes: { movedBy: string; slots: { from: string[]; to: string[] } };
      user_id: string | null;
    }>`select changes, user_id from history where record_id = ${bookingId} and action = 'update'`.execute(
      server.db,
    );
    expect(history).toHaveLength(1);
    expect(history[0]!.changes.movedBy).toBe('ผู้วางแผน (ปฏิทินการจอง)');
    // Both sides in the same words (day, shift, vehicle type, vehicles), never a bare date or an id.
    const slotOf = (day: string) => new RegExp(`^${formatDate(day).replaceAll('/', '\\/')} \\S.* × 1$`);
    expect(history[0]!.changes.slots.from).toEqual([expect.stringMatching(slotOf(world.today))]);
    expect(history[0]!.changes.slots.to).toEqual([expect.stringMatching(slotOf(tomorrow))]);
    expect(history[0]!.user_id).not.toBeNull();
    const { rows: report } = await sql<{
      day_from_confirm: number;
    }>`select day_from_confirm from booking_report where id = ${bookingId}`.execute(server.db);
    expect(report[0]!.day_from_confirm).toBe(1);

    // And back (the undo is the same call the other way).
    const back = await call(server.api, 'POST', `/bookingCalendar/reschedule?branchId=${world.branchId}`, {
      token,
      body: { bookingId, from: cellOf(world, tomorrow), to: cellOf(world, world.today) },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await usedWeight(world.slotId)).toBe(100);
    expect(await usedWeight(tomorrowSlot)).toBe(0);
    // A stale view (the part has moved on) is told so in Thai.
    const stale = await call(server.api, 'POST', `/bookingCalendar/reschedule?branchId=${world.branchId}`, {
      token,
      body: { bookingId, from: cellOf(world, tomorrow), to: cellOf(world, world.today) },
    });
    expect(stale.status).toBe(422);
    expect(stale.body.messages).toContain('การจองนี้ไม่มีรายการในช่องนี้แล้ว กรุณาโหลดปฏิทินใหม่');
  });

  it('a drag and a confirm for the last room: exactly one wins and the used capacity is right', async () => {
    for (let round = 0; round < 3; round++) {
      const world = await bookingScenario(server.db, { deliveryOrders: 11 });
      const token = await plannerOf(world.branchId);
      const tomorrow = dayAfter(world.today, 1);
      const tomorrowSlot = await slotOn(server.db, world, tomorrow);
      const bookingId = await book(world, token);
      // Another planner fills tomorrow's only vehicle (10 × 100 kg of 1,000 kg) while this one drags a DO there.
      const other = await plannerOf(world.branchId);
      const draftId = await confirmed(world, other, world.deliveryOrderIds.slice(1, 11), tomorrowSlot);
      const [drag, confirmAnswer] = await Promise.all([
        call(server.api, 'POST', `/bookingCalendar/reschedule?branchId=${world.branchId}`, {
          token,
          body: { bookingId, from: cellOf(world, world.today), to: cellOf(world, tomorrow) },
        }),
        confirm(world, other, draftId),
      ]);
      const won = [drag.status === 200, confirmAnswer.status === 201];
      expect(won.filter(Boolean), JSON.stringify([drag.body, confirmAnswer.body])).toHaveLength(1);
      const loser = won[0] ? confirmAnswer : drag;
      expect(loser.status).toBe(409);
      expect(loser.body.messages.join()).toMatch(/ความจุของรถเปลี่ยนไประหว่างนี้/);
      expect(await usedWeight(tomorrowSlot)).toBe(won[0] ? 100 : 1000);
      expect(await usedWeight(world.slotId)).toBe(won[0] ? 0 : 100);
    }
  });

  it('refuses without the booking role, from another branch, and a cancelled booking, in Thai', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 2 });
    const token = await plannerOf(world.branchId);
    const tomorrow = dayAfter(world.today, 1);
    await slotOn(server.db, world, tomorrow);
    const bookingId = await book(world, token);
    const body = { bookingId, from: cellOf(world, world.today), to: cellOf(world, tomorrow) };
    const path = (branchId: string) => `/bookingCalendar/reschedule?branchId=${branchId}`;

    // A calendar reader may look but not move.
    const reader = await plannerOf(world.branchId, [
      ...featureRoles.bookingCalendar.read.filter((r) => r !== 'ROLE_ADMIN'),
    ]);
    const asReader = await call(server.api, 'POST', path(world.branchId), { token: reader, body });
    expect(asReader.status).toBe(403);
    expect(asReader.body.messages[0]).toMatch(/[\u0E00-\u0E7F]/);
    const checkAsReader = await call(
      server.api,
      'POST',
      `/bookingCalendar/reschedule/check?branchId=${world.branchId}`,
      {
        token: reader,
        body: { bookingId, from: body.from, targets: [body.to] },
      },
    );
    expect(checkAsReader.status).toBe(403);

    // Another branch's planner: not their branch (403), nor a booking of theirs (404).
    const otherBranch = await createBranch(server.db);
    const stranger = await plannerOf(otherBranch);
    expect((await call(server.api, 'POST', path(world.branchId), { token: stranger, body })).status).toBe(
      403,
    );
    const foreign = await call(server.api, 'POST', path(otherBranch), { token: stranger, body });
    expect(foreign.status).toBe(404);
    expect(foreign.body.messages).toEqual(['ไม่พบการจองนี้ในสาขาที่เลือก']);

    // Bad input is a Thai 400, never a 500.
    const bad = await call(server.api, 'POST', path(world.branchId), {
      token,
      body: { bookingId: 'x', from: body.from },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.messages[0]).toMatch(/[\u0E00-\u0E7F]/);

    const canceled = await call(
      server.api,
      'POST',
      `/bookingReport/${bookingId}/cancel?branchId=${world.branchId}`,
      {
        token,
        body: {},
      },
    );
    expect(canceled.status).toBe(200);
    const gone = await call(server.api, 'POST', path(world.branchId), { token, body });
    expect(gone.status).toBe(410);
    expect(gone.body.messages).toEqual(['การจองนี้ถูกยกเลิกแล้ว ย้ายไม่ได้']);
    expect(await usedWeight(world.slotId)).toBe(0);
  });
});
