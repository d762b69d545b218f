import { setTimeout as sleep } from 'node:timers/promises';
import { featureRoles } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { confirmsWritten } from '../src/booking/confirm.ts';
import { connect } from '../src/db/database.ts';
import {
  bookingScenario,
  moreSlots,
  oneDoAllocation,
  oneDoDraft,
  oneDoDraftsInTable,
  usedWeight,
} from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * What a confirm does with its draft between reading it (before its transaction) and taking it
 * (the first statement under its locks, booking/confirm.ts): a draft is booked once, and the
 * version confirmed is the one the planner saved last.
 */
const server = setupTestServer();

async function planner(branchId: string) {
  const user = await createUser(server.db, {
    roles: featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
    branchIds: [branchId],
  });
  return signIn(server.api, user);
}

/** A planner's draft of the scenario's one DO, and the confirm of it. */
async function oneDoDraftOfPlanner() {
  const world = await bookingScenario(server.db, { deliveryOrders: 1 });
  const token = await planner(world.branchId);
  const q = `branchId=${world.branchId}`;
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
    token,
    body: oneDoDraft(world, world.deliveryOrderIds[0]!),
  });
  const confirm = () =>
    call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, { token });
  return { world, confirm };
}

describe('confirming a draft', () => {
  it('books a draft confirmed twice at once exactly once; the other answer is a Thai 404', async () => {
    const { world, confirm } = await oneDoDraftOfPlanner();
    const answers = await Promise.all([confirm(), confirm()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404]);
    expect(answers.find((a) => a.status === 404)!.body.messages[0]).toMatch(/ร่างการจอง/);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from booking_report where branch_id = ${world.branchId}`.execute(server.db);
    expect(rows[0]!.n).toBe(1);
    expect(await usedWeight(server.db, world.slotId)).toBe(100);
  });

  it("answers the booking's number with its id, as stored (the wizard shows it, linked)", async () => {
    const { confirm } = await oneDoDraftOfPlanner();
    const answer = await confirm();
    expect(answer.status).toBe(201);
    const { rows } = await sql<{ docNo: string }>`
      select doc_no as "docNo" from booking_report where id = ${answer.body.id}`.execute(server.db);
    expect(answer.body.docNo).toMatch(/^BK\d{8}\d{6}$/);
    expect(answer.body.docNo).toBe(rows[0]!.docNo);
  });

  it('confirms the allocations saved while it waited for the draft, not the ones it read first', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 1 });
    const [later] = await moreSlots(server.db, world, 1);
    const token = await planner(world.branchId);
    const q = `branchId=${world.branchId}`;
    const doId = world.deliveryOrderIds[0]!;
    const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
      token,
      body: oneDoDraft(world, doId),
    });
    const draftId = draft.body.draft.id as string;
    // Another window saves the draft onto the other slot; its transaction stays open until the
    // confirm has read the old version and waits for the draft's row.
    const other = connect(server.databaseUrl, 1);
    try {
      // The answer is handed out wrapped: returned bare, the transaction would wait for it before committing.
      const { answer: confirmed } = await other.transaction().execute(async (trx) => {
        await sql`update booking_draft set allocations = ${JSON.stringify(oneDoAllocation(later!, doId))}::jsonb,
            version = version + 1 where id = ${draftId}`.execute(trx);
        const answer = call(server.api, 'POST', `/doBooking/confirm?id=${draftId}&${q}`, { token });
        for (let waited = 0; ; waited += 20) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where wait_event_type = 'Lock' and query like '%delete from booking_draft%'`.execute(server.db);
          if (rows[0]!.n > 0) break;
          if (waited > 20_000) throw new Error('the confirm never waited for the draft');
          await sleep(20);
        }
        return { answer };
      });
      const answer = await confirmed;
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    } finally {
      await other.destroy();
    }
    expect(await usedWeight(server.db, world.slotId)).toBe(0);
    expect(await usedWeight(server.db, later!)).toBe(100);
  });
});

describe('confirms of one slot in one statement each', () => {
  // The slot takes 10 DOs of 100 kg; 40 planners confirm one each at once. Most are written by the
  // one statement that locks, checks and writes; the one that fills the slot to the last kilogram,
  // and any whose slot filled past what its read allowed, are judged under the locks instead.
  it('lets exactly the slot’s 10 through, the others refused by the capacity rule with its figures', async () => {
    const world = await bookingScenario(server.db, { deliveryOrders: 40 });
    const user = await createUser(server.db, {
      roles: featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
      branchIds: [world.branchId],
    });
    const token = await signIn(server.api, user);
    const q = `branchId=${world.branchId}`;
    const drafts = await oneDoDraftsInTable(server.db, world, user.id);
    const before = { ...confirmsWritten };
    const answers = await Promise.all(
      drafts.map((id) => call(server.api, 'POST', `/doBooking/confirm?id=${id}&${q}`, { token })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    const written = {
      atOnce: confirmsWritten.atOnce - before.atOnce,
      underLocks: confirmsWritten.underLocks - before.underLocks,
    };
    expect(written.atOnce + written.underLocks).toBe(10);
    // The tenth fills the slot to the kilogram: no room to spare for a check in one statement.
    expect(written.atOnce).toBeGreaterThan(0);
    expect(written.underLocks).toBeGreaterThan(0);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body).toEqual({
        messages: ['ความจุของรถเปลี่ยนไประหว่างนี้: ความจุไม่พอ: น้ำหนักต้องใช้ 100.00 กก. เหลือ 0.00 กก.'],
        remaining: { weight: 0, volume: 90, minute: 300 },
      });
    expect(await usedWeight(server.db, world.slotId)).toBe(1000);
    const { rows } = await sql<{ orders: number; lines: number; drafts: number }>`
      select (select count(*)::int from delivery_order where id = any(${world.deliveryOrderIds}::uuid[]) and is_booking) as orders,
             (select count(*)::int from booking_report__lines where slot_id = ${world.slotId}) as lines,
             (select count(*)::int from booking_draft where id = any(${drafts}::uuid[])) as drafts`.execute(
      server.db,
    );
    // Ten DOs booked with a line each; the refused drafts are still there to change.
    expect(rows[0]).toEqual({ orders: 10, lines: 10, drafts: 30 });
  });
});
