import { type FreightStatementSummary, type ManagerHome, ROLE_ADMIN, staffGroups } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ADMIN_USERNAME } from '../src/auth/firstAdmin.ts';
import { seedDemoMonth } from '../src/seed/demoMonth.ts';
import { seedDemoStatements } from '../src/seed/demoStatements.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * The demo's freight statements (seed/demoStatements.ts) on the demo company of 2026-11-23 and its
 * past month: last month's at Bangkok, read back as the manager's home and the statement list show
 * them, with who signed each off; and a start without the first administrator still seeds them.
 */

const TODAY = '2026-11-23';
const server = setupTestServer({ demoCompany: TODAY });
let bkk = '';
let token = '';
let seeded: Awaited<ReturnType<typeof seedDemoStatements>>;

beforeAll(async () => {
  // `npm start` makes the first administrator before the demo company (main.ts, firstAdmin.ts).
  await createUser(server.db, { username: FIRST_ADMIN_USERNAME, roles: [ROLE_ADMIN] });
  await seedDemoMonth(server.db, TODAY);
  seeded = await seedDemoStatements(server.db, TODAY);
  bkk = (await sql<{ id: string }>`select id from branch where code = 'BKK'`.execute(server.db)).rows[0]!.id;
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [...staffGroups.manager.roles], branchIds: [bkk] }),
  );
}, 120_000);

describe("the demo's freight statements", () => {
  it("are last month's at Bangkok: CT01's approved, CT02's a draft, both with priced trips", async () => {
    const { status, body } = await call(
      server.api,
      'GET',
      `/freightStatements?branchId=${bkk}&month=2026-10`,
      {
        token,
      },
    );
    expect(status).toBe(200);
    const byNumber = Object.fromEntries(
      (body as FreightStatementSummary[]).map((s) => [
        s.number,
        { state: s.state, priced: s.totals.total > 0 },
      ]),
    );
    expect(byNumber).toEqual({
      'FS-BKK-CT01-202610': { state: 'APPROVED', priced: true },
      'FS-BKK-CT02-202610': { state: 'DRAFT', priced: true },
    });
  });

  it('were checked by the branch manager and approved by the administrator, who never checked it', async () => {
    const one = await call(server.api, 'GET', `/freightStatements/${seeded.settled.id}?branchId=${bkk}`, {
      token,
    });
    expect(one.body.checked.userLabel).toContain('ชยพล');
    expect(one.body.approved.userId).not.toBe(one.body.checked.userId);
    expect(one.body.trips.every((t: { problem: string | null }) => t.problem === null)).toBe(true);
  });

  it("give the manager's home a draft to check", async () => {
    const { body } = await call(server.api, 'GET', `/home/manager?branchId=${bkk}`, { token });
    const counts = Object.fromEntries((body as ManagerHome).statements.map((s) => [s.state, s.count]));
    expect(counts).toEqual({ DRAFT: 1, CHECKED: 0 });
  });

  it('stay checked, not approved, when the first administrator is gone', async () => {
    await sql`update app_user set username = 'admin-renamed' where username = ${FIRST_ADMIN_USERNAME}`.execute(
      server.db,
    );
    // A month later: November's trips (to the 22nd) give November's statements.
    const later = await seedDemoStatements(server.db, '2026-12-05');
    expect([later.settled.number, later.settled.state]).toEqual(['FS-BKK-CT01-202611', 'CHECKED']);
    expect([later.draft.number, later.draft.state]).toEqual(['FS-BKK-CT02-202611', 'DRAFT']);
  });
});
