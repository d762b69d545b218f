import { featureRoles, ROLE_BOOKING_CHANGE_CALL_STATUS, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bookingScenario,
  oneDoAllocation,
  oneDoDraft,
  oneDoDraftsInTable,
  usedWeight as usedWeightOf,
} from './bookingScenario.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const planner = { token: '' };

async function plannerFor(branchId: string) {
  return signIn(server.api, await plannerUser(branchId));
}

function plannerUser(branchId: string) {
  return createUser(server.db, {
    roles: [
      ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
      readRoleOf('BOOKING_CALENDAR'),
      readRoleOf('DELIVERY_ORDER'),
      'ROLE_BOOKING_REPORT_READ',
      ROLE_BOOKING_CHANGE_CALL_STATUS,
    ],
    branchIds: [branchId],
  });
}

const usedWeight = (slotId: string) => usedWeightOf(server.db, slotId);

describe('the booking flow over HTTP', () => {
  let world: Awaited<ReturnType<typeof bookingScenario>>;
  beforeAll(async () => {
    world = await bookingScenario(server.db, { deliveryOrders: 3 });
    planner.token = await plannerFor(world.branchId);
  });
  const q = () => `branchId=${world.branchId}`;

  it('goes from unbooked DOs to a confirmed booking and back to cancelled', async () => {
    const unbooked = await call(server.api, 'GET', `/deliveryOrder?${q()}&isBookingEq=false`, {
      token: planner.token,
    });
    expect(unbooked.body.total).toBe(3);
    const ids = world.deliveryOrderIds.slice(0, 2);

    const suggestion = await call(server.api, 'POST', `/doBooking/suggestion?${q()}`, {
      token: planner.token,
      body: { deliveryOrderIds: ids, shipToId: world.shipToId, shipCondId: world.shipCondId },
    });
    expect(suggestion.status, JSON.stringify(suggestion.body)).toBe(200);
    expect(suggestion.body.problem).toBeNull();
    const best = suggestion.body.options[0];
    expect(best.allocations[0]).toMatchObject({ slotId: world.slotId, vehicles: 1, usedWeight: 200 });
    // The planner sees the slot after this booking: 200 of 1,000 kg.
    expect(best.allocations[0].slotAfter.weightPercent).toBeCloseTo(20);

    const allocations = best.allocations.map(
      (a: {
        slotId: string;
        vehicles: number;
        lines: { deliveryOrderId: string; lineId: string; qty: number }[];
      }) => ({
        slotId: a.slotId,
        vehicles: a.vehicles,
        lines: a.lines.map(({ deliveryOrderId, lineId, qty }) => ({ deliveryOrderId, lineId, qty })),
      }),
    );
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q()}`, {
      token: planner.token,
      body: { deliveryOrderIds: ids, shipToId: world.shipToId, shipCondId: world.shipCondId, allocations },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const draftId = draft.body.draft.id;
    // A reload loses nothing: the draft is on the server.
    const fineTune = await call(server.api, 'GET', `/doBooking/fineTune?id=${draftId}&${q()}`, {
      token: planner.token,
    });
    expect(fineTune.body.evaluation).toMatchObject({ ok: true, uncovered: [] });

    // An edit that breaks a rule is refused with the rule in Thai, and the draft keeps its last good state.
    const tooMany = await call(server.api, 'PUT', `/doBooking/fineTune?id=${draftId}&${q()}`, {
      token: planner.token,
      body: { version: 1, allocations: [{ ...allocations[0], vehicles: 5 }] },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.messages.join()).toMatch(/รถ/);
    const withTime = await call(server.api, 'PUT', `/doBooking/fineTune?id=${draftId}&${q()}`, {
      token: planner.token,
      body: { version: 1, allocations: [{ ...allocations[0], deliveryTime: '09:30' }] },
    });
    expect(withTime.status, JSON.stringify(withTime.body)).toBe(200);

    const summary = await call(server.api, 'GET', `/doBooking/summary?id=${draftId}&${q()}`, {
      token: planner.token,
    });
    expect(summary.body.evaluation.totals).toMatchObject({ weight: 200, vehicles: 1 });

    const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draftId}&${q()}`, {
      token: planner.token,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const bookingId = confirmed.body.id;
    expect(await usedWeight(world.slotId)).toBe(200);
    // What the engine charged per slot, kept for the appointment slip (docs/documents.md).
    const { rows: charged } = await sql`select slot_id, vehicles, fee::float from booking_allocation
      where booking_id = ${bookingId}`.execute(server.db);
    expect(charged).toEqual([{ slot_id: world.slotId, vehicles: 1, fee: best.allocations[0].fee }]);
    const booked = await call(server.api, 'GET', `/deliveryOrder?${q()}&isBookingEq=true`, {
      token: planner.token,
    });
    expect(booked.body.items.map((d: { id: string }) => d.id).sort()).toEqual([...ids].sort());
    const report = await call(server.api, 'GET', `/bookingReport/${bookingId}?${q()}`, {
      token: planner.token,
    });
    expect(report.body).toMatchObject({ status: 'CONFIRMED', callStatus: 'NOT_CALLED', dayFromConfirm: 0 });
    // What the booking was computed with (the branch's setting: 10 + 10 + 10 minutes, ship-to at the branch: 0 km).
    expect(report.body).toMatchObject({
      loadMinute: 10,
      unloadMinute: 10,
      waitingMinute: 10,
      travelMinute: 0,
      distance: 0,
    });
    expect(
      report.body.lines.reduce((sum: number, line: { usedMinute: number }) => sum + line.usedMinute, 0),
    ).toBe(30);
    expect(report.body.lines[0]).toMatchObject({ deliveryTime: '09:30:00', slotId: world.slotId });

    const calendar = await call(
      server.api,
      'GET',
      `/bookingCalendar?${q()}&from=${world.today}&to=${world.today}`,
      { token: planner.token },
    );
    expect(calendar.body[0]).toMatchObject({
      vehicles: 1,
      used: { weight: 200 },
      capacity: { weight: 1000 },
      weightPercent: 20,
    });

    const called = await call(server.api, 'PUT', `/bookingReport/${bookingId}/callStatus?${q()}`, {
      token: planner.token,
      body: { callStatus: 'CALLED' },
    });
    expect(called.status).toBe(200);

    const canceled = await call(server.api, 'POST', `/bookingReport/${bookingId}/cancel?${q()}`, {
      token: planner.token,
      body: { reason: 'ลูกค้าขอเลื่อน' },
    });
    expect(canceled.body).toEqual({ id: bookingId, alreadyCanceled: false });
    expect(await usedWeight(world.slotId)).toBe(0);
    expect(
      (await call(server.api, 'GET', `/deliveryOrder?${q()}&isBookingEq=false`, { token: planner.token }))
        .body.total,
    ).toBe(3);
    // Cancelling again changes nothing.
    const again = await call(server.api, 'POST', `/bookingReport/${bookingId}/cancel?${q()}`, {
      token: planner.token,
      body: {},
    });
    expect(again.body).toEqual({ id: bookingId, alreadyCanceled: true });
    const log = await call(server.api, 'GET', `/bookingReport/${bookingId}/history?${q()}`, {
      token: planner.token,
    });
    expect(
      log.body.map(
        (h: { action: string; changes: Record<string, unknown> }) => h.changes.status ?? h.changes.callStatus,
      ),
    ).toEqual([{ from: 'CONFIRMED', to: 'CANCELED' }, { from: 'NOT_CALLED', to: 'CALLED' }, 'CONFIRMED']);
  });

  it('keeps a booking out of reach of another branch’s users', async () => {
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q()}`, {
      token: planner.token,
      body: {
        deliveryOrderIds: [world.deliveryOrderIds[2]],
        shipToId: world.shipToId,
        shipCondId: world.shipCondId,
        allocations: oneDoAllocation(world.slotId, world.deliveryOrderIds[2]!),
      },
    });
    const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q()}`, {
      token: planner.token,
    });
    expect(confirmed.status).toBe(201);
    const otherBranch = await createBranch(server.db);
    const stranger = await plannerFor(otherBranch);
    expect(
      (
        await call(server.api, 'GET', `/bookingReport/${confirmed.body.id}?branchId=${otherBranch}`, {
          token: stranger,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(server.api, 'GET', `/bookingReport/${confirmed.body.id}?${q()}`, { token: stranger }))
        .status,
    ).toBe(403);
    expect(
      (
        await call(server.api, 'POST', `/bookingReport/${confirmed.body.id}/cancel?${q()}`, {
          token: stranger,
          body: {},
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(server.api, 'POST', `/bookingReport/${confirmed.body.id}/cancel?branchId=${otherBranch}`, {
          token: stranger,
          body: {},
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(server.api, 'GET', `/bookingCalendar?${q()}&from=${world.today}&to=${world.today}`, {
          token: stranger,
        })
      ).status,
    ).toBe(403);
    expect(await usedWeight(world.slotId)).toBe(100);
  });
});

describe('racing for the last room in a slot', () => {
  // 200 planners confirm at once; the slot takes 10 DOs of 100 kg. Repeated: a race that passes by luck shows up.
  for (const round of [1, 2, 3]) {
    it(`lets exactly 10 of 200 concurrent confirms through (round ${round})`, async () => {
      const world = await bookingScenario(server.db, { deliveryOrders: 200 });
      const token = await plannerFor(world.branchId);
      const q = `branchId=${world.branchId}`;
      const drafts: string[] = [];
      for (const doId of world.deliveryOrderIds) {
        const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
          token,
          body: oneDoDraft(world, doId),
        });
        drafts.push(draft.body.draft.id);
      }
      const answers = await Promise.all(
        drafts.map((id) => call(server.api, 'POST', `/doBooking/confirm?id=${id}&${q}`, { token })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(190);
      expect(answers.find((a) => a.status === 409)!.body.messages.join('\n')).toMatch(/ความจุ/);
      expect(await usedWeight(world.slotId)).toBe(1000);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from delivery_order where id = any(${world.deliveryOrderIds}::uuid[]) and is_booking`.execute(
        server.db,
      );
      expect(rows[0]!.n).toBe(10);
    });
  }
});

describe('a thousand planners racing for one slot', () => {
  // Ten vehicles take 100 DOs of 100 kg. The drafts are written straight to the table (a thousand
  // draft requests over HTTP would be the test's whole time); the confirms all go at once.
  it('lets exactly 100 of 1,000 concurrent confirms through', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1000, vehicles: 10 });
    const user = await plannerUser(world.branchId);
    const token = await signIn(server.api, user);
    const q = `branchId=${world.branchId}`;
    const drafts = await oneDoDraftsInTable(server.db, world, user.id);
    const started = performance.now();
    const answers = await Promise.all(
      drafts.map((id) => call(server.api, 'POST', `/doBooking/confirm?id=${id}&${q}`, { token })),
    );
    // Seen: 9 s alone on the shared 2-core machine (the 200-confirm round takes 3–5 s there).
    console.log(`1,000 concurrent confirms: ${Math.round(performance.now() - started)} ms`);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(100);
    expect(statuses.filter((s) => s === 409)).toHaveLength(900);
    expect(await usedWeight(world.slotId)).toBe(10_000);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from delivery_order where id = any(${world.deliveryOrderIds}::uuid[]) and is_booking`.execute(
      server.db,
    );
    expect(rows[0]!.n).toBe(100);
  });
});

describe('live calendar events', () => {
  it('streams a confirm to a listener of the branch within a second', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const token = await plannerFor(world.branchId);
    const q = `branchId=${world.branchId}`;
    const controller = new AbortController();
    const stream = await fetch(`${server.api}/bookingCalendar/events?${q}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const received = (async () => {
      let text = '';
      while (!text.includes('event: booking')) text += new TextDecoder().decode((await reader.read()).value);
      return text;
    })();
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
      token,
      body: {
        deliveryOrderIds: world.deliveryOrderIds,
        shipToId: world.shipToId,
        shipCondId: world.shipCondId,
        allocations: oneDoAllocation(world.slotId, world.deliveryOrderIds[0]!),
      },
    });
    const started = Date.now();
    await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, { token });
    const text = await received;
    expect(Date.now() - started).toBeLessThan(1000);
    expect(text).toContain(world.slotId);
    controller.abort();
  });
});
