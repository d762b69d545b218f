import { LIMITS, ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * A list's total is exact up to a limit past the page shown and a lower bound beyond it
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
