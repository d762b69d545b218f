import {
  bangkokIsoDate,
  headlineFigureLink,
  type ManagerHome,
  monthPeriod,
  type PerformanceAnswer,
  previousPeriod,
  ROLE_ADMIN,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  staffGroups,
} from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoMonth } from '../src/seed/demoMonth.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * The branch manager's home (docs/web.md "Home") on the demo company with its past month (from the
 * first of last month to yesterday): the month so far and last month are what the performance
 * screen answers for each month, the statements waiting are what the statement list holds in each
 * state, and whoever is not a manager of the branch is refused.
 */

const TODAY = bangkokIsoDate(new Date());
const server = setupTestServer({ demoCompany: TODAY });
const thisMonth = monthPeriod(TODAY.slice(0, 7));
const lastMonth = previousPeriod(thisMonth);
const tokens = { admin: '', manager: '', planner: '', approver: '', contractor: '' };
const branches = { bkk: '', cm: '' };

const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(server.db)).rows[0]!;
const get = (path: string, token: string) => call(server.api, 'GET', path, { token });

/** A statement of last month for the branch's n-th contractor with trips, moved to `state`. */
async function statement(branchId: string, index: number, state: 'DRAFT' | 'CHECKED') {
  const month = lastMonth.from.slice(0, 7);
  const candidates = await get(
    `/freightStatements/candidates?branchId=${branchId}&month=${month}`,
    tokens.admin,
  );
  expect(candidates.status).toBe(200);
  const candidate = candidates.body[index];
  expect(candidate, `contractor ${index} with trips at the branch last month`).toBeDefined();
  const created = await call(server.api, 'POST', `/freightStatements?branchId=${branchId}`, {
    token: tokens.admin,
    body: { contractorId: candidate.contractorId, month },
  });
  expect(created.status).toBe(201);
  if (state === 'CHECKED') {
    const moved = await call(
      server.api,
      'POST',
      `/freightStatements/${created.body.id}/transition?branchId=${branchId}`,
      {
        token: tokens.admin,
        body: { version: created.body.version, to: 'CHECKED' },
      },
    );
    expect(moved.status).toBe(200);
  }
}

beforeAll(async () => {
  await seedDemoMonth(server.db, TODAY);
  branches.bkk = (await one(sql<{ id: string }>`select id from branch where code = 'BKK'`)).id;
  branches.cm = (await one(sql<{ id: string }>`select id from branch where code = 'CNX'`)).id;
  const user = async (roles: readonly string[], branchIds = [branches.bkk]) =>
    signIn(server.api, await createUser(server.db, { roles: [...roles], branchIds }));
  tokens.admin = await user([ROLE_ADMIN], [branches.bkk, branches.cm]);
  tokens.manager = await user(staffGroups.manager.roles);
  tokens.planner = await user(staffGroups.planner.roles);
  tokens.approver = await user([ROLE_FREIGHT_STATEMENT_APPROVE]);
  // A contractor's own account moves nothing, whatever its group gives it (docs/freight.md).
  const contractor = await createUser(server.db, {
    roles: [ROLE_FREIGHT_STATEMENT_CHECK],
    branchIds: [branches.bkk],
  });
  await sql`update contractor set app_user_id = ${contractor.id} where code = 'CT01'`.execute(server.db);
  tokens.contractor = await signIn(server.api, contractor);
  await statement(branches.bkk, 0, 'CHECKED');
  await statement(branches.bkk, 1, 'DRAFT');
  // Another branch's statement waiting for approval is not this branch's work.
  await statement(branches.cm, 0, 'CHECKED');
}, 180_000);

describe("the branch manager's home", () => {
  it('shows this month so far and last month as the performance screen shows each month', async () => {
    const { status, body } = await get(`/home/manager?branchId=${branches.bkk}`, tokens.manager);
    expect(status).toBe(200);
    const home = body as ManagerHome;
    expect(home.today).toBe(TODAY);
    const screen = async (period: { from: string; to: string }) => {
      const answer = await get(
        `/performance?branchId=${branches.bkk}&from=${period.from}&to=${period.to}`,
        tokens.manager,
      );
      expect(answer.status).toBe(200);
      return answer.body as PerformanceAnswer;
    };
    const [now, before] = [await screen(thisMonth), await screen(lastMonth)];
    expect(home.performance).toEqual({
      thisMonth: {
        month: thisMonth.from.slice(0, 7),
        period: thisMonth,
        href: `/performance?month=${thisMonth.from.slice(0, 7)}`,
        figures: now.current,
        truckUse: now.truckUse.byVehicleType,
      },
      lastMonth: {
        month: lastMonth.from.slice(0, 7),
        period: lastMonth,
        href: `/performance?month=${lastMonth.from.slice(0, 7)}`,
        figures: before.current,
        truckUse: before.truckUse.byVehicleType,
      },
    });
    // The screen of this month puts the same last month beside it.
    expect(home.performance!.lastMonth.figures).toEqual(now.previous);
    // Last month was seeded whole: figures to read, and every truck type ran.
    const settled = home.performance!.lastMonth.figures.stops.otif;
    expect(settled.of).toBeGreaterThan(100);
    expect(settled.percent).toBeGreaterThan(0);
    expect(home.performance!.lastMonth.truckUse.length).toBeGreaterThan(0);
    // And the stops it judged are the stop list's, opened with the screen's own link for the figure.
    const link = headlineFigureLink('otifStops', lastMonth)!;
    const stops = await get(`${link.href}&branchId=${branches.bkk}`, tokens.manager);
    expect(stops.status).toBe(200);
    expect(stops.body.total).toBe(settled.of);
  });

  it("counts the branch's statements waiting for the manager's check and approval as their list holds them", async () => {
    const { body } = await get(`/home/manager?branchId=${branches.bkk}`, tokens.manager);
    const home = body as ManagerHome;
    expect(home.statements).toEqual([
      {
        state: 'DRAFT',
        count: 1,
        countIsLowerBound: false,
        href: '/freightStatement?state=DRAFT',
        checkedByYou: 0,
      },
      {
        state: 'CHECKED',
        count: 1,
        countIsLowerBound: false,
        href: '/freightStatement?state=CHECKED',
        checkedByYou: 0,
      },
    ]);
    for (const waiting of home.statements) {
      const list = await get(
        `/freightStatements?branchId=${branches.bkk}&state=${waiting.state}`,
        tokens.manager,
      );
      expect(list.status).toBe(200);
      expect(list.body.length).toBe(waiting.count);
      expect(list.body.every((s: { state: string }) => s.state === waiting.state)).toBe(true);
    }
  });

  it('gives an approver who does not read the performance screen the statements to approve only', async () => {
    const { status, body } = await get(`/home/manager?branchId=${branches.bkk}`, tokens.approver);
    expect(status).toBe(200);
    expect(body.performance).toBeNull();
    expect(body.statements).toEqual([
      {
        state: 'CHECKED',
        count: 1,
        countIsLowerBound: false,
        href: '/freightStatement?state=CHECKED',
        checkedByYou: 0,
      },
    ]);
  });

  it('refuses whoever is not a manager of the branch, in Thai, and gives a contractor nothing to move', async () => {
    const path = `/home/manager?branchId=${branches.bkk}`;
    expect((await call(server.api, 'GET', path)).status).toBe(401);
    // A planner reads the performance screen (BOOKING_REPORT_READ) but gets no manager's figures.
    const planner = await get(path, tokens.planner);
    expect(planner.status).toBe(403);
    expect(planner.body.messages[0]).toMatch(/สิทธิ์/);
    // The manager's own branch only.
    const other = await get(`/home/manager?branchId=${branches.cm}`, tokens.manager);
    expect(other.status).toBe(403);
    const bad = await get('/home/manager?branchId=not-a-branch', tokens.manager);
    expect(bad.status).toBe(400);
    expect(bad.body.messages.join(' ')).toMatch(/[\u0E00-\u0E7F]/);
    const contractor = await get(path, tokens.contractor);
    expect(contractor.status).toBe(200);
    expect(contractor.body.statements).toEqual([]);
  });

  // Last: it moves the branch's draft on.
  it("says which checked statements are the manager's own checks, which someone else must approve", async () => {
    const [draft] = (await get(`/freightStatements?branchId=${branches.bkk}&state=DRAFT`, tokens.manager))
      .body;
    const checked = await call(
      server.api,
      'POST',
      `/freightStatements/${draft.id}/transition?branchId=${branches.bkk}`,
      { token: tokens.manager, body: { version: draft.version, to: 'CHECKED' } },
    );
    expect(checked.status).toBe(200);
    const home = (await get(`/home/manager?branchId=${branches.bkk}`, tokens.manager)).body as ManagerHome;
    expect(home.statements.find((s) => s.state === 'CHECKED')).toMatchObject({ count: 2, checkedByYou: 1 });
    // The rule the note speaks for: the manager may not approve it; the other checked one they may.
    const approve = await call(
      server.api,
      'POST',
      `/freightStatements/${draft.id}/transition?branchId=${branches.bkk}`,
      { token: tokens.manager, body: { version: checked.body.version, to: 'APPROVED' } },
    );
    expect(approve.status).toBe(403);
    // Another approver sees none of them as their own.
    const approver = (await get(`/home/manager?branchId=${branches.bkk}`, tokens.approver))
      .body as ManagerHome;
    expect(approver.statements).toEqual([
      expect.objectContaining({ state: 'CHECKED', count: 2, checkedByYou: 0 }),
    ]);
    // The administrator checked the other one and may approve it: none is counted as theirs to leave.
    const admin = (await get(`/home/manager?branchId=${branches.bkk}`, tokens.admin)).body as ManagerHome;
    expect(admin.statements.find((s) => s.state === 'CHECKED')).toMatchObject({ count: 2, checkedByYou: 0 });
  });
});
