import { featureRoles, ROLE_ADMIN, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario, oneDoAllocation } from './bookingScenario.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const PLANNER_ROLES = featureRoles.doBooking.edit.filter((role) => role !== ROLE_ADMIN);

async function userFor(branchId: string, roles: readonly string[] = PLANNER_ROLES) {
  return signIn(server.api, await createUser(server.db, { roles: [...roles], branchIds: [branchId] }));
}

/**
 * bookingScenario (one 08:00–18:00 slot today, 1,000 kg trucks, DOs of 100 kg; the draft books two,
 * the third is spare) plus, two days on: a night shift that runs past midnight (20:00–02:00) and a
 * slot of a vehicle type the ship cond does not allow.
 */
async function fineTuneScenario() {
  const world = await bookingScenario(server.db, { deliveryOrders: 3 });
  const deliveryOrderIds = world.deliveryOrderIds.slice(0, 2);
  const later = addDays(world.today, 2);
  const [nightId] = await insertRecords(server.db, 'shiftOfDay', [
    { name: 'กะกลางคืน', startTime: '20:00', endTime: '02:00', totalMinute: 360, priority: 2, active: true },
  ]);
  const [vanId] = await insertRecords(server.db, 'vehicleType', [
    {
      code: `VAN${world.slotId.slice(0, 6)}`,
      name: 'รถตู้ทดสอบ',
      maxCapacityWeight: 500,
      maxCapacityVolume: 10,
    },
  ]);
  const slot = (shiftDate: string, shiftOfDayId: string, vehicleTypeId: string) => ({
    branchId: world.branchId,
    shiftDate,
    shiftOfDayId,
    vehicleTypeId,
    shipCondId: world.shipCondId,
    total: 1,
    special: 0,
  });
  const [nightSlotId, vanSlotId] = await insertRecords(server.db, 'vehicleDateSlot', [
    slot(later, nightId!, world.vehicleTypeId),
    slot(later, world.shiftOfDayId, vanId!),
  ]);
  const request = {
    deliveryOrderIds,
    shipToId: world.shipToId,
    shipCondId: world.shipCondId,
  };
  const allocation = (slotId: string, deliveryTime?: string) => ({
    slotId,
    vehicles: 1,
    ...(deliveryTime ? { deliveryTime } : {}),
    lines: deliveryOrderIds.map((id) => ({ deliveryOrderId: id, lineId: id, qty: 1 })),
  });
  return {
    ...world,
    deliveryOrderIds,
    spareDeliveryOrderId: world.deliveryOrderIds[2]!,
    later,
    nightSlotId: nightSlotId!,
    vanSlotId: vanSlotId!,
    request,
    allocation,
  };
}

describe('fine tune: moving an allocation to any slot of the horizon', () => {
  let world: Awaited<ReturnType<typeof fineTuneScenario>>;
  let token = '';
  let draftId = '';
  const q = () => `branchId=${world.branchId}`;
  beforeAll(async () => {
    world = await fineTuneScenario();
    token = await userFor(world.branchId);
    // Another booking of the branch already uses 100 kg (and a 30-minute trip) of today's slot.
    const spare = world.spareDeliveryOrderId;
    const booked = await call(server.api, 'POST', `/doBooking/draft?${q()}`, {
      token,
      body: {
        ...world.request,
        deliveryOrderIds: [spare],
        allocations: oneDoAllocation(world.slotId, spare),
      },
    });
    const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${booked.body.draft.id}&${q()}`, {
      token,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q()}`, {
      token,
      body: { ...world.request, allocations: [world.allocation(world.slotId)] },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    draftId = draft.body.draft.id;
  });

  it('lists every slot of the draft’s ship cond with what it has left, its status and the rule it breaks', async () => {
    const answer = await call(server.api, 'GET', `/doBooking/slots?id=${draftId}&${q()}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ from: world.today, problem: null });
    const bySlot = new Map(answer.body.slots.map((s: { slotId: string }) => [s.slotId, s]));
    // Day, then shift priority: two days on, the day shift (priority 1) before the night (2).
    expect(answer.body.slots.map((s: { slotId: string }) => s.slotId)).toEqual([
      world.slotId,
      world.vanSlotId,
      world.nightSlotId,
    ]);
    expect(bySlot.get(world.slotId)).toMatchObject({
      date: world.today,
      shiftStartTime: '08:00',
      shiftEndTime: '18:00',
      vehicles: 1,
      remaining: { weight: 900, volume: 99, minute: 570 },
      utilization: { weightPercent: 10, status: 'AVAILABLE', statusLabel: 'ว่าง' },
      ruleBreak: null,
    });
    expect(bySlot.get(world.nightSlotId)).toMatchObject({
      date: world.later,
      shiftName: 'กะกลางคืน',
      shiftStartTime: '20:00',
      shiftEndTime: '02:00',
      ruleBreak: null,
    });
    expect(bySlot.get(world.vanSlotId)).toMatchObject({
      vehicleTypeName: 'รถตู้ทดสอบ',
      ruleBreak: {
        rule: 'VEHICLE_TYPE',
        ruleLabel: 'ประเภทรถ',
        message: 'ประเภทรถ รถตู้ทดสอบ ไม่ได้กำหนดให้ใช้กับ Ship Cond นี้',
      },
    });
  });

  it('moves the allocation to another day and shift, and refuses a slot that breaks a rule, in Thai', async () => {
    const moved = await call(server.api, 'PUT', `/doBooking/fineTune?id=${draftId}&${q()}`, {
      token,
      body: { version: 1, allocations: [world.allocation(world.nightSlotId)] },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.evaluation.allocations[0].allocation).toMatchObject({
      slotId: world.nightSlotId,
      date: world.later,
      shiftName: 'กะกลางคืน',
    });
    const refused = await call(server.api, 'PUT', `/doBooking/fineTune?id=${draftId}&${q()}`, {
      token,
      body: { version: 2, allocations: [world.allocation(world.vanSlotId)] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'allocations.0': 'ประเภทรถ รถตู้ทดสอบ ไม่ได้กำหนดให้ใช้กับ Ship Cond นี้',
    });
  });

  it('answers the slots only to the planner who owns the draft, with a booking role, at that branch', async () => {
    const path = `/doBooking/slots?id=${draftId}`;
    const colleague = await userFor(world.branchId);
    expect((await call(server.api, 'GET', `${path}&${q()}`, { token: colleague })).status).toBe(404);
    const noBookingRole = await userFor(world.branchId, [readRoleOf('VEHICLE_DATE_SLOT')]);
    expect((await call(server.api, 'GET', `${path}&${q()}`, { token: noBookingRole })).status).toBe(403);
    const reader = await userFor(world.branchId, [readRoleOf('DO_BOOKING')]);
    expect((await call(server.api, 'GET', `${path}&${q()}`, { token: reader })).status).toBe(404);
    const otherBranch = await createBranch(server.db);
    expect((await call(server.api, 'GET', `${path}&branchId=${otherBranch}`, { token })).status).toBe(403);
    expect((await call(server.api, 'GET', `${path}&${q()}`)).status).toBe(401);
  });
});

describe('fine tune: the delivery time lies within the shift', () => {
  let world: Awaited<ReturnType<typeof fineTuneScenario>>;
  let token = '';
  const q = () => `branchId=${world.branchId}`;
  beforeAll(async () => {
    world = await fineTuneScenario();
    token = await userFor(world.branchId);
  });

  it('refuses a time outside the shift with a Thai message on the allocation, and keeps the draft', async () => {
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q()}`, {
      token,
      body: { ...world.request, allocations: [world.allocation(world.slotId, '09:30')] },
    });
    const id = draft.body.draft.id;
    const late = await call(server.api, 'PUT', `/doBooking/fineTune?id=${id}&${q()}`, {
      token,
      body: { version: 1, allocations: [world.allocation(world.slotId, '19:00')] },
    });
    expect(late.status).toBe(422);
    const { shiftName } = draft.body.evaluation.allocations[0].allocation;
    expect(late.body.errors).toEqual({
      'allocations.0': `เวลาส่งสินค้า 19:00 ไม่อยู่ในช่วงเวลาของกะที่เลือก: ${shiftName} 08:00–18:00`,
    });
    const kept = await call(server.api, 'GET', `/doBooking/fineTune?id=${id}&${q()}`, { token });
    expect(kept.body.draft).toMatchObject({ version: 1, allocations: [{ deliveryTime: '09:30' }] });
    // The shift's last minute is still within it.
    const atEnd = await call(server.api, 'PUT', `/doBooking/fineTune?id=${id}&${q()}`, {
      token,
      body: { version: 1, allocations: [world.allocation(world.slotId, '18:00')] },
    });
    expect(atEnd.status, JSON.stringify(atEnd.body)).toBe(200);
  });

  it('takes a time after midnight in a shift that runs past it, and confirms it', async () => {
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q()}`, {
      token,
      body: { ...world.request, allocations: [world.allocation(world.nightSlotId, '12:00')] },
    });
    const id = draft.body.draft.id;
    // A draft created with a time outside the shift is kept (as planned so far) but reported, and cannot be confirmed.
    expect(draft.body.evaluation).toMatchObject({
      ok: false,
      allocations: [{ ok: false, rule: 'DELIVERY_TIME' }],
    });
    const refused = await call(server.api, 'POST', `/doBooking/confirm?id=${id}&${q()}`, { token });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'allocations.0': 'เวลาส่งสินค้า 12:00 ไม่อยู่ในช่วงเวลาของกะที่เลือก: กะกลางคืน 20:00–02:00 (ข้ามเที่ยงคืน)',
    });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from delivery_order
      where id = any(${world.deliveryOrderIds}::uuid[]) and is_booking`.execute(server.db);
    expect(rows[0]!.n).toBe(0);

    const fixed = await call(server.api, 'PUT', `/doBooking/fineTune?id=${id}&${q()}`, {
      token,
      body: { version: 1, allocations: [world.allocation(world.nightSlotId, '01:30')] },
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${id}&${q()}`, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const { rows: lines } = await sql<{ delivery_time: string; delivery_date: string }>`
      select to_char(delivery_time, 'HH24:MI') as delivery_time, delivery_date::text from booking_report__lines
       where parent_id = ${confirmed.body.id}`.execute(server.db);
    expect(lines).toEqual(
      world.deliveryOrderIds.map(() => ({ delivery_time: '01:30', delivery_date: world.later })),
    );
  });

  it('does not refuse an allocation that has no time yet', async () => {
    // A world of its own: the test above booked this one's DOs, and booked DOs get no draft.
    const fresh = await fineTuneScenario();
    const draft = await call(server.api, 'POST', `/doBooking/draft?branchId=${fresh.branchId}`, {
      token: await userFor(fresh.branchId),
      body: {
        ...fresh.request,
        deliveryOrderIds: [fresh.deliveryOrderIds[0]!],
        allocations: oneDoAllocation(fresh.slotId, fresh.deliveryOrderIds[0]!),
      },
    });
    expect(draft.body.evaluation.allocations[0]).toMatchObject({ ok: true, deliveryTime: null });
  });
});

describe('fine tune: a line split into a new allocation on another slot', () => {
  let world: Awaited<ReturnType<typeof fineTuneScenario>>;
  let token = '';
  const q = () => `branchId=${world.branchId}`;
  beforeAll(async () => {
    world = await fineTuneScenario();
    token = await userFor(world.branchId);
    // The first DO carries 4 units (400 kg), so part of it can go on another day.
    await sql`update delivery_order set qty = 4, weight = 400 where id = ${world.deliveryOrderIds[0]!}`.execute(
      server.db,
    );
  });

  it('takes an allocation list that grew, refuses a new allocation that breaks a rule at its index, and confirms into lines on both slots', async () => {
    const [first, second] = world.deliveryOrderIds as [string, string];
    const line = (id: string, qty: number) => ({ deliveryOrderId: id, lineId: id, qty });
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q()}`, {
      token,
      body: {
        ...world.request,
        allocations: [{ slotId: world.slotId, vehicles: 1, lines: [line(first, 4), line(second, 1)] }],
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const id = draft.body.draft.id;
    // As the screen sends it: the source keeps 3 units, the new allocation has one vehicle and no time yet.
    const split = [
      { slotId: world.slotId, vehicles: 1, lines: [line(first, 3), line(second, 1)] },
      { slotId: world.nightSlotId, vehicles: 1, deliveryTime: null, lines: [line(first, 1)] },
    ];
    const saved = await call(server.api, 'PUT', `/doBooking/fineTune?id=${id}&${q()}`, {
      token,
      body: { version: 1, allocations: split },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.draft).toMatchObject({ version: 2, allocations: split });
    expect(saved.body.evaluation).toMatchObject({
      ok: true,
      uncovered: [],
      totals: { weight: 500, vehicles: 2 },
      allocations: [
        { ok: true, allocation: { slotId: world.slotId, date: world.today, usedWeight: 400 } },
        {
          ok: true,
          deliveryTime: null,
          allocation: { slotId: world.nightSlotId, date: world.later, usedWeight: 100, vehicles: 1 },
        },
      ],
    });

    // A new allocation on a vehicle type the ship cond does not allow: the message stands on that allocation.
    const refused = await call(server.api, 'PUT', `/doBooking/fineTune?id=${id}&${q()}`, {
      token,
      body: {
        version: 2,
        allocations: [...split, { slotId: world.vanSlotId, vehicles: 1, lines: [line(second, 1)] }].map(
          (allocation, i) => (i === 0 ? { ...allocation, lines: [line(first, 3)] } : allocation),
        ),
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'allocations.2': 'ประเภทรถ รถตู้ทดสอบ ไม่ได้กำหนดให้ใช้กับ Ship Cond นี้',
    });
    const kept = await call(server.api, 'GET', `/doBooking/fineTune?id=${id}&${q()}`, { token });
    expect(kept.body.draft).toMatchObject({ version: 2, allocations: split });

    const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${id}&${q()}`, { token });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const { rows } = await sql<{
      delivery_order_id: string;
      qty: number;
      slot_id: string;
      delivery_date: string;
      used_weight: number;
    }>`select delivery_order_id, qty::float as qty, slot_id, delivery_date::text, used_weight::float as used_weight
         from booking_report__lines where parent_id = ${confirmed.body.id} order by position`.execute(
      server.db,
    );
    expect(rows).toEqual([
      {
        delivery_order_id: first,
        qty: 3,
        slot_id: world.slotId,
        delivery_date: world.today,
        used_weight: 300,
      },
      {
        delivery_order_id: second,
        qty: 1,
        slot_id: world.slotId,
        delivery_date: world.today,
        used_weight: 100,
      },
      {
        delivery_order_id: first,
        qty: 1,
        slot_id: world.nightSlotId,
        delivery_date: world.later,
        used_weight: 100,
      },
    ]);
    const { rows: booked } = await sql<{ n: number }>`select count(*)::int as n from delivery_order
      where id = any(${world.deliveryOrderIds}::uuid[]) and is_booking`.execute(server.db);
    expect(booked[0]!.n).toBe(2);
  });
});
