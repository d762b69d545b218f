import { LIMITS, ROLE_ADMIN, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * A list's total is exact up to a limit past the page shown and a lower bound beyond it; a screen
 * that knows it asks `total=skip` while it pages or sorts and reads `hasMore` instead
 * (issue 24: counting a branch's 200,000 DOs for every page cost more than the page).
 *
 * Before: a list's total is exact up to a limit past the page shown and a lower bound beyond it
 * (issue 24: counting a branch's 200,000 DOs for every page cost more than the page).
 */
const server = setupTestServer();
const LIMIT = LIMITS.listExactCountLimit;
const MANY = LIMIT + 50;
let token = '';

beforeAll(async () => {
  token = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
  const { rows } = await sql<{ id: string }>`
    insert into region (code, name_th) values ('RC', 'ภาคนับ') returning id`.execute(server.db);
  // Codes P00001…: the ones with a "9" in the fourth place are the few that a filter finds.
  await sql`
    insert into province (code, name_th, region_id)
    select 'P' || lpad(n::text, 5, '0'), 'จังหวัด ' || n, ${rows[0]!.id}::uuid
      from generate_series(1, ${MANY}) n`.execute(server.db);
});

const list = (query: string) => call(server.api, 'GET', `/province?${query}`, { token });

describe('the total of a list', () => {
  it('is a lower bound, marked as such, when more rows match than the limit', async () => {
    const first = await list('page=0&size=50');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: LIMIT, totalIsLowerBound: true, page: 0, size: 50 });
    expect(first.body.items).toHaveLength(50);
  });

  it('stays exact while the matching rows fit under the limit', async () => {
    const few = await list('searchTerm=P0099&size=20');
    expect(few.body).toMatchObject({ total: 10, totalIsLowerBound: false });
  });

  it('counts past the next page when paging far, so the next page is always known to exist', async () => {
    const size = 100;
    const far = await list(`page=${LIMIT / size - 1}&size=${size}`);
    expect(far.body.items).toHaveLength(size);
    // Rows up to the end of the following page are counted exactly (here: every row there is).
    expect(far.body).toMatchObject({ total: MANY, totalIsLowerBound: false });
  });
});

describe('total=skip', () => {
  it('answers the same page without counting: total null, not a lower bound', async () => {
    const counted = await list('page=3&size=50&sort=code,desc');
    const skipped = await list('page=3&size=50&sort=code,desc&total=skip');
    expect(skipped.status).toBe(200);
    expect(skipped.body).toEqual({ ...counted.body, total: null, totalIsLowerBound: false });
    expect(Object.keys(skipped.body).sort()).toEqual(
      ['hasMore', 'items', 'next', 'page', 'size', 'total', 'totalIsLowerBound'].sort(),
    );
    expect(counted.body.total).toBe(LIMIT);
  });

  it('counts when asked explicitly (total=count), as without the parameter', async () => {
    const explicit = await list('searchTerm=P0099&size=20&total=count');
    expect(explicit.body).toMatchObject({ total: 10, totalIsLowerBound: false, hasMore: false });
  });

  it('says whether a row follows the page, so paging on needs no total', async () => {
    const size = 100;
    const last = Math.ceil(MANY / size) - 1;
    // Past the counted limit: the total was never known, the pages are still there.
    const beyond = await list(`page=${last - 1}&size=${size}&total=skip`);
    expect(beyond.body).toMatchObject({ total: null, hasMore: true, page: last - 1 });
    expect(beyond.body.items).toHaveLength(size);
    const end = await list(`page=${last}&size=${size}&total=skip`);
    expect(end.body).toMatchObject({ total: null, hasMore: false });
    expect(end.body.items).toHaveLength(MANY - last * size);
    expect(end.body.items.at(-1).code).toBe(`P${String(MANY).padStart(5, '0')}`);
    const past = await list(`page=${last + 1}&size=${size}&total=skip`);
    expect(past.body).toMatchObject({ items: [], total: null, hasMore: false });
  });

  it('says hasMore on a counted page too, false on the last page exactly full', async () => {
    const few = await list('searchTerm=P0099&size=5');
    expect(few.body).toMatchObject({ total: 10, hasMore: true });
    const last = await list('searchTerm=P0099&size=5&page=1&total=skip');
    expect(last.body).toMatchObject({ total: null, hasMore: false });
    expect(last.body.items).toHaveLength(5);
  });

  it.each([
    ['total=none', 'total ต้องเป็น count หรือ skip'],
    ['total=', 'total ต้องเป็น count หรือ skip'],
    ['total=skip&total=count', 'total ระบุได้ครั้งเดียว'],
  ])('refuses %s with a Thai message', async (query, message) => {
    const bad = await list(query);
    expect(bad.status).toBe(400);
    expect(bad.body.messages).toEqual([message]);
  });

  it("names a bad total beside the list query's own faults", async () => {
    const bad = await list('total=all&page=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.messages).toEqual(['total ต้องเป็น count หรือ skip', 'page ต้องเป็นจำนวนเต็มตั้งแต่ 0 ขึ้นไป']);
  });

  it("is the list's own parameter: options and export refuse it as unknown", async () => {
    for (const path of ['/province/options?total=skip', '/province/export?total=skip']) {
      const refused = await call(server.api, 'GET', path, { token });
      expect(refused.status).toBe(400);
      expect(refused.body.messages).toEqual(['ไม่รู้จักพารามิเตอร์: total']);
    }
  });
});

describe('total=skip and who may read', () => {
  let branchA = '';
  let branchB = '';
  const tokens: Record<'reader' | 'unrelated' | 'otherBranch', string> = {
    reader: '',
    unrelated: '',
    otherBranch: '',
  };

  beforeAll(async () => {
    branchA = await createBranch(server.db);
    branchB = await createBranch(server.db);
    await sql`insert into driver (code, name, branch_id)
      select 'D' || n, 'คนขับ ' || n, case when n <= 3 then ${branchA}::uuid else ${branchB}::uuid end
        from generate_series(1, 5) n`.execute(server.db);
    const reader = await createUser(server.db, { roles: [readRoleOf('DRIVER')], branchIds: [branchA] });
    const unrelated = await createUser(server.db, { roles: [readRoleOf('UNIT')], branchIds: [branchA] });
    const otherBranch = await createUser(server.db, { roles: [readRoleOf('DRIVER')], branchIds: [branchB] });
    tokens.reader = await signIn(server.api, reader);
    tokens.unrelated = await signIn(server.api, unrelated);
    tokens.otherBranch = await signIn(server.api, otherBranch);
  });

  const drivers = (who: keyof typeof tokens, query: string) =>
    call(server.api, 'GET', `/driver?${query}`, { token: tokens[who] });

  it("reads the acting branch's rows only, counted or not", async () => {
    const skipped = await drivers('reader', `branchId=${branchA}&total=skip&size=2`);
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ total: null, hasMore: true });
    const next = await drivers('reader', `branchId=${branchA}&total=skip&size=2&page=1`);
    expect(next.body).toMatchObject({ total: null, hasMore: false });
    expect([...skipped.body.items, ...next.body.items].map((d: { code: string }) => d.code).sort()).toEqual([
      'D1',
      'D2',
      'D3',
    ]);
  });

  it('refuses without a role, without a token, in a branch not allowed or without a branch', async () => {
    expect((await drivers('unrelated', `branchId=${branchA}&total=skip`)).status).toBe(403);
    expect((await call(server.api, 'GET', `/driver?branchId=${branchA}&total=skip`)).status).toBe(401);
    expect((await drivers('otherBranch', `branchId=${branchA}&total=skip`)).status).toBe(403);
    const noBranch = await drivers('reader', 'total=skip');
    expect(noBranch.status).toBe(400);
  });
});
