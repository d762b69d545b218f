import { featureRoles, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { bookingScenario, oneDoAllocation } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/** Bad booking input answers a Thai 4xx at the edge, never a 500 or a 200 with a problem (issue 17.13). */

const server = setupTestServer();

let world: Awaited<ReturnType<typeof bookingScenario>>;
let token = '';
const q = () => `branchId=${world.branchId}`;
const request = (deliveryOrderIds: readonly string[], extra: Record<string, unknown> = {}) => ({
  deliveryOrderIds,
  shipToId: world.shipToId,
  shipCondId: world.shipCondId,
  ...extra,
});
const suggest = (body: unknown) => call(server.api, 'POST', `/doBooking/suggestion?${q()}`, { token, body });
const createDraft = (body: unknown) => call(server.api, 'POST', `/doBooking/draft?${q()}`, { token, body });
const confirm = (draftId: string) =>
  call(server.api, 'POST', `/doBooking/confirm?id=${draftId}&${q()}`, { token });

/** One more DO of the scenario's branch and customer, with its own ship-to or ship cond. */
async function otherDo(values: { soShipToId?: string; shipCondId?: string }) {
  const [customerId] = await insertRecords(server.db, 'customer', [{ code: `CX${Date.now()}`, name: 'อื่น' }]);
  const [row] = (
    await sql<{
      article_uom_id: string;
    }>`select article_uom_id from delivery_order where id = ${world.deliveryOrderIds[0]!}`.execute(server.db)
  ).rows;
  const [id] = await insertRecords(server.db, 'deliveryOrder', [
    {
      branchId: world.branchId,
      docNo: `OTHER-${Date.now()}`,
      qty: 1,
      weight: 100,
      volume: 1,
      isBooking: false,
      customerId,
      articleUomId: row!.article_uom_id,
      shipCondId: values.shipCondId ?? world.shipCondId,
      soShipToId: values.soShipToId ?? world.shipToId,
    },
  ]);
  return id!;
}

beforeAll(async () => {
  world = await bookingScenario(server.db, { deliveryOrders: 12 });
  const user = await createUser(server.db, {
    roles: [...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'), readRoleOf('BOOKING_CALENDAR')],
    branchIds: [world.branchId],
  });
  token = await signIn(server.api, user);
});

const thai = /[\u0E00-\u0E7F]/;

describe('dates', () => {
  it('refuses a wanted date that is no day of the calendar with a Thai 400, not a 500', async () => {
    for (const wantedDate of ['2026-13-45', '2026-02-30']) {
      const answer = await suggest(request([world.deliveryOrderIds[0]!], { wantedDate }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.messages[0]).toMatch(thai);
    }
    const draft = await createDraft(request([world.deliveryOrderIds[0]!], { wantedDate: '2026-13-45' }));
    expect(draft.status).toBe(400);
  });

  it('refuses a calendar range with a day that does not exist', async () => {
    const answer = await call(server.api, 'GET', `/bookingCalendar?${q()}&from=2026-02-30&to=2026-03-01`, {
      token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.messages[0]).toMatch(thai);
  });
});

describe('what may be booked together', () => {
  it('refuses DOs of another ship-to or ship cond under one ship-to (422, naming the DO)', async () => {
    const [shipToId] = await insertRecords(server.db, 'shipTo', [
      { code: `STX${Date.now()}`, name: 'ที่อื่น', subDistrictId: await subDistrictOf(world.shipToId) },
    ]);
    const elsewhere = await otherDo({ soShipToId: shipToId! });
    const [shipCondId] = await insertRecords(server.db, 'shipCond', [
      { code: `SCX${Date.now()}`, name: 'ส่งแบบอื่น', sla: 0, vehicleTypeIds: [world.vehicleTypeId] },
    ]);
    const otherCond = await otherDo({ shipCondId: shipCondId! });
    for (const odd of [elsewhere, otherCond]) {
      const ids = [world.deliveryOrderIds[0]!, odd];
      for (const answer of [await suggest(request(ids)), await createDraft(request(ids))]) {
        expect(answer.status, JSON.stringify(answer.body)).toBe(422);
        expect(answer.body.errors.deliveryOrderIds).toMatch(/OTHER-/);
      }
    }
  });

  it('refuses DOs that are already booked at suggestion time (422)', async () => {
    const doId = world.deliveryOrderIds[1]!;
    const draft = await createDraft(request([doId], { allocations: oneDoAllocation(world.slotId, doId) }));
    expect((await confirm(draft.body.draft.id)).status).toBe(201);
    for (const answer of [await suggest(request([doId])), await createDraft(request([doId]))]) {
      expect(answer.status).toBe(422);
      expect(answer.body.errors.deliveryOrderIds).toMatch(/ถูกจองไปแล้ว/);
    }
  });

  it('answers an unknown ship cond or ship-to with 404, not 200 with a problem', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const ids = [world.deliveryOrderIds[2]!];
    for (const answer of [
      await suggest(request(ids, { shipCondId: unknown })),
      await suggest(request(ids, { shipToId: unknown })),
      await createDraft(request(ids, { shipCondId: unknown })),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.messages[0]).toMatch(thai);
    }
  });
});

describe('confirm', () => {
  it('answers more vehicles than the slot has as an input error (422), not as a lost race', async () => {
    const doId = world.deliveryOrderIds[3]!;
    const draft = await createDraft(
      request([doId], { allocations: [{ ...oneDoAllocation(world.slotId, doId)[0], vehicles: 5 }] }),
    );
    expect(draft.status).toBe(201);
    const answer = await confirm(draft.body.draft.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.messages.join('\n')).not.toMatch(/ระหว่างนี้/);
  });

  it('answers a lost race once, with what is left as figures', async () => {
    // The slot's one vehicle takes 1,000 kg; one DO (100 kg) is booked above. A draft of 9 more fills it.
    const late = await createDraft(
      request([world.deliveryOrderIds[4]!], {
        allocations: oneDoAllocation(world.slotId, world.deliveryOrderIds[4]!),
      }),
    );
    const nine = world.deliveryOrderIds
      .slice(5, 12)
      .concat(world.deliveryOrderIds[2]!, world.deliveryOrderIds[3]!);
    const first = await createDraft(
      request(nine, {
        allocations: [
          {
            slotId: world.slotId,
            vehicles: 1,
            lines: nine.map((id) => ({ deliveryOrderId: id, lineId: id, qty: 1 })),
          },
        ],
      }),
    );
    expect((await confirm(first.body.draft.id)).status).toBe(201);
    const lost = await confirm(late.body.draft.id);
    expect(lost.status).toBe(409);
    expect(lost.body.messages).toHaveLength(1);
    expect(lost.body.messages[0]).toMatch(/^ความจุของรถเปลี่ยนไประหว่างนี้/);
    expect(lost.body.messages[0].match(/เหลือ/g)).toHaveLength(1);
    expect(lost.body.remaining).toEqual({
      weight: 0,
      volume: expect.any(Number),
      minute: expect.any(Number),
    });
  });
});

async function subDistrictOf(shipToId: string) {
  const { rows } = await sql<{
    id: string;
  }>`select sub_district_id as id from ship_to where id = ${shipToId}`.execute(server.db);
  return rows[0]!.id;
}
