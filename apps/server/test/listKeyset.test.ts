import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryOrderGround } from './entityFactory.ts';
import { call } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Keyset paging (issue 41): a page asked `after` the page before it (its `next`) holds the rows
 * that page asked by number holds, in every sort the server pages by key — nulls first or last,
 * ties on the sort decided by the id — and a cursor that is not the list's own is refused.
 */
const server = setupTestServer();
const ROWS = 137;
const SIZE = 10;
let token = '';
let branchId = '';

beforeAll(async () => {
  const ground = await deliveryOrderGround(server);
  ({ token, branchId } = ground);
  const { refs } = ground;
  // Few days (many ties), every seventh without one, pick days mostly empty, a third booked.
  await sql`
    insert into delivery_order (branch_id, doc_no, delivery_at, pick_at, weight, volume, is_booking, customer_id, ship_cond_id)
    select ${branchId}::uuid, 'KS' || lpad(n::text, 4, '0'),
           case when n % 7 = 0 then null else date '2026-11-01' + (n % 5) end,
           case when n % 3 = 0 then date '2026-10-01' + (n % 2) end,
           n % 4, 1, n % 3 = 0, ${refs.customer}::uuid, ${refs.shipCond}::uuid
      from generate_series(1, ${ROWS}) n`.execute(server.db);
});

type Page = { items: { id: string }[]; hasMore: boolean; next?: string; page: number; total: number | null };
const list = async (query: string) => {
  const answer = await call(server.api, 'GET', `/deliveryOrder?branchId=${branchId}&size=${SIZE}&${query}`, {
    token,
  });
  return answer as { status: number; body: Page & { messages?: string[] } };
};

/** Every page asked by number: the ids of each. */
async function walkByNumber(query: string) {
  const byNumber: string[][] = [];
  for (let page = 0; ; page++) {
    const { body } = await list(`${query}&page=${page}&total=skip`);
    byNumber.push(body.items.map((r) => r.id));
    if (!body.hasMore) return byNumber;
  }
}

/** Every page asked by number, then every page asked after the one before: the ids of each walk. */
async function bothWalks(query: string) {
  const byNumber = await walkByNumber(query);
  const byKey: string[][] = [];
  let next: string | undefined;
  for (let page = 0; ; page++) {
    const after = next ? `&after=${encodeURIComponent(next)}` : '';
    const { status, body } = await list(`${query}&page=${page}&total=skip${after}`);
    expect(status).toBe(200);
    byKey.push(body.items.map((r) => r.id));
    if (!body.hasMore) {
      expect(body.next).toBeUndefined();
      break;
    }
    expect(body.next).toEqual(expect.any(String));
    next = body.next;
  }
  return { byNumber, byKey };
}

describe('a page asked after the page before it', () => {
  it.each([
    ['the default sort (deliveryAt desc, docNo desc)', ''],
    ['a day ascending, nulls last', 'sort=deliveryAt,asc'],
    ['a day descending, nulls first', 'sort=deliveryAt,desc'],
    ['a mostly empty day ascending, ties decided by the id', 'sort=pickAt,asc'],
    ['a flag, then a day descending', 'sort=isBooking,asc&sort=deliveryAt,desc'],
    ['a day descending under a filter', 'sort=deliveryAt,desc&isBookingEq=false'],
  ])('holds the rows of the same page asked by number: %s', async (_name, query) => {
    const { byNumber, byKey } = await bothWalks(query);
    expect(byKey).toEqual(byNumber);
    const all = byKey.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(query.includes('isBookingEq=false') ? ROWS - Math.floor(ROWS / 3) : ROWS);
  });

  it('is paged by number alone where the sort is not paged by key (a decimal): no next', async () => {
    const first = await list('sort=weight,asc&page=0');
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.next).toBeUndefined();
    expect((await walkByNumber('sort=weight,asc')).flat()).toHaveLength(ROWS);
  });

  it('keeps the page number it was asked with and counts the total when asked', async () => {
    const first = await list('sort=deliveryAt,asc&page=0');
    const second = await list(`sort=deliveryAt,asc&page=1&after=${encodeURIComponent(first.body.next!)}`);
    expect(second.body).toMatchObject({ page: 1, total: ROWS, hasMore: true });
  });
});

describe('a cursor that is not the list’s own', () => {
  it('is refused with a Thai message when it was made for another sort', async () => {
    const first = await list('sort=deliveryAt,asc&page=0');
    const other = await list(`sort=deliveryAt,desc&page=1&after=${encodeURIComponent(first.body.next!)}`);
    expect(other.status).toBe(400);
    expect(other.body.messages?.[0]).toMatch(/^after ไม่ถูกต้อง/);
  });

  it('is refused when it is not one the server made, or given twice, or for a sort paged by number', async () => {
    const forged = Buffer.from(JSON.stringify(['deliveryAt,asc', { x: 1 }, 'not-a-uuid'])).toString(
      'base64url',
    );
    for (const after of ['%%%', 'bm90IGpzb24', forged]) {
      const answer = await list(`sort=deliveryAt,asc&page=1&after=${after}`);
      expect(answer.status, after).toBe(400);
    }
    const first = await list('sort=deliveryAt,asc&page=0');
    const cursor = encodeURIComponent(first.body.next!);
    expect((await list(`sort=deliveryAt,asc&page=1&after=${cursor}&after=${cursor}`)).status).toBe(400);
    expect((await list(`sort=weight,asc&page=1&after=${cursor}`)).status).toBe(400);
  });
});
