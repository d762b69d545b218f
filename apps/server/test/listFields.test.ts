import { entityByName, listFieldNames, maskContact } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { cachedFieldSets, FIELD_SET_CACHE_SIZE } from '../src/crud/selectItems.ts';
import { createReferences, deliveryOrderGround, sampleBody } from './entityFactory.ts';
import { call } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Sparse fieldsets (issue 41, docs/api.md): a list page asked with `fields` answers its rows with
 * those fields, their references' labels and what every row needs (id, version, the label's
 * fields, the sort's fields) — each value the one the full answer has for the same row — and
 * nothing else; personal data still masked; keyset paging unchanged; every wrong `fields` a Thai 400.
 */
const server = setupTestServer();
let token = '';
let branchId = '';
const ROWS = 37;
/** The ship-tos made here, by id: their phones as sent. */
const phones = new Map<string, string>();

type Row = Record<string, unknown> & { id: string };
type Page = { items: Row[]; hasMore: boolean; next?: string; total: number | null; messages?: string[] };

beforeAll(async () => {
  const ground = await deliveryOrderGround(server);
  ({ token, branchId } = ground);
  const { refs } = ground;
  // Days with ties and gaps, a third booked: the sorts below page through ties and nulls.
  const orders = Array.from({ length: ROWS }, (_, i) => ({
    branch_id: branchId,
    doc_no: `LF${String(i + 1).padStart(4, '0')}`,
    delivery_at: i % 6 === 5 ? null : `2026-11-0${1 + (i % 4)}`,
    weight: i % 5,
    volume: 2,
    is_booking: i % 3 === 2,
    customer_id: refs.customer!,
    ship_cond_id: refs.shipCond!,
    so_ship_to_id: refs.shipTo!,
  }));
  await server.db.insertInto('delivery_order').values(orders).execute();
  // Ship-tos with phones (personal: masked in every list) and a sub-district (a reference).
  const shipToRefs = await createReferences(server.api, token, entityByName('shipTo'), branchId);
  for (let n = 0; n < 3; n++) {
    const body = { ...sampleBody(entityByName('shipTo'), shipToRefs), tel: `08123456${n}${n}` };
    const created = await call(server.api, 'POST', '/shipTo', { token, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    phones.set(created.body.id, body.tel);
  }
  // A branch with its per-vehicle-type settings: an entity whose child rows a list answers too.
  const branchRefs = await createReferences(server.api, token, entityByName('branch'), branchId);
  const created = await call(server.api, 'POST', '/branch', {
    token,
    body: sampleBody(entityByName('branch'), branchRefs),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
});

const list = async (path: string) =>
  (await call(server.api, 'GET', path, { token })) as {
    status: number;
    body: Page;
  };
const doList = (query: string) => list(`/deliveryOrder?branchId=${branchId}&size=10&${query}`);

/** The narrowed page beside the full one of the same query: same rows, each value the full one's. */
async function compared(path: string, fields: string) {
  const full = await list(path);
  const narrow = await list(`${path}&fields=${fields}`);
  expect(full.status, JSON.stringify(full.body)).toBe(200);
  expect(narrow.status, JSON.stringify(narrow.body)).toBe(200);
  expect(narrow.body.items.map((row) => row.id)).toEqual(full.body.items.map((row) => row.id));
  expect(narrow.body.items.length).toBeGreaterThan(0);
  narrow.body.items.forEach((row, i) => {
    const whole = full.body.items[i]!;
    for (const [key, value] of Object.entries(row)) expect(value, key).toEqual(whole[key]);
  });
  const { items: _a, ...narrowInfo } = narrow.body;
  const { items: _b, ...fullInfo } = full.body;
  expect(narrowInfo).toEqual(fullInfo);
  return { full: full.body.items, narrow: narrow.body.items };
}

const keysOf = (rows: readonly Row[]) => [...new Set(rows.flatMap((row) => Object.keys(row)))].sort();

describe('a page asked with fields', () => {
  it('answers the DO list’s columns and what every row needs, each value the full answer’s', async () => {
    const { full, narrow } = await compared(
      `/deliveryOrder?branchId=${branchId}&size=10&total=skip`,
      'customerId,weight,soShipToId',
    );
    // The label's docNo and the default sort's deliveryAt and docNo come along; nothing else does.
    expect(keysOf(narrow)).toEqual(
      [
        'id',
        'version',
        'docNo',
        'deliveryAt',
        'customerId',
        'customerLabel',
        'weight',
        'soShipToId',
        'soShipToLabel',
      ].sort(),
    );
    // Absent, not null: the full answer does have these.
    expect(Object.keys(full[0]!)).toEqual(
      expect.arrayContaining(['volume', 'articleUomLabel', 'attachments']),
    );
    expect(narrow[0]!.customerLabel).toEqual(expect.stringContaining(':'));
  });

  it('brings the fields of another sort, for the next page’s cursor', async () => {
    const { narrow } = await compared(
      `/deliveryOrder?branchId=${branchId}&size=10&sort=isBooking,asc`,
      'weight',
    );
    expect(keysOf(narrow)).toEqual(['docNo', 'id', 'isBooking', 'version', 'weight']);
  });

  it('masks a personal field asked, and labels a reference, as the full answer does', async () => {
    const { narrow } = await compared('/shipTo?size=10', 'tel,subDistrictId');
    expect(keysOf(narrow)).toEqual([
      'code',
      'id',
      'name',
      'subDistrictId',
      'subDistrictLabel',
      'tel',
      'version',
    ]);
    const made = narrow.filter((row) => phones.has(row.id));
    expect(made).toHaveLength(phones.size);
    for (const row of made) expect(row.tel).toBe(maskContact(phones.get(row.id)!));
  });

  it('answers child lists only when asked, with their labels', async () => {
    const without = await compared('/branch?size=50', 'provinceId');
    expect(keysOf(without.narrow)).not.toContain('vehicleTypeSettings');
    const withChildren = await compared('/branch?size=50', 'vehicleTypeSettings');
    expect(keysOf(withChildren.narrow)).toEqual(['code', 'id', 'name', 'vehicleTypeSettings', 'version']);
    const settings = withChildren.narrow.flatMap((row) => row.vehicleTypeSettings as Row[]);
    expect(settings.length).toBeGreaterThan(0);
    expect(settings[0]).toHaveProperty('vehicleTypeLabel');
  });

  it('is the same answer whatever the order the fields are named in', async () => {
    const one = await doList('fields=weight,customerId&total=skip');
    const other = await doList('fields=customerId,weight&total=skip');
    expect(one.body).toEqual(other.body);
  });

  it('pages after the page before as the full list does, the sort’s fields not asked', async () => {
    const walk = async (fields: string) => {
      const ids: string[] = [];
      let next: string | undefined;
      for (let page = 0; page < 10; page++) {
        const after = next ? `&after=${encodeURIComponent(next)}` : '';
        const { status, body } = await doList(`sort=deliveryAt,asc&page=${page}&total=skip${fields}${after}`);
        expect(status, JSON.stringify(body)).toBe(200);
        ids.push(...body.items.map((row) => row.id));
        if (!body.hasMore) return ids;
        expect(body.next).toEqual(expect.any(String));
        next = body.next;
      }
      throw new Error('more pages than rows');
    };
    const narrow = await walk('&fields=weight');
    expect(narrow).toEqual(await walk(''));
    expect(new Set(narrow).size).toBe(ROWS);
  });

  it('keeps a bounded number of compiled field sets, however many are asked', async () => {
    // Fields every row carries anyway left out, so that each set asked is another set read.
    const always = new Set(['docNo', 'deliveryAt']);
    const names = entityByName('deliveryOrder')
      .fields.map((field) => field.name)
      .filter((name) => !always.has(name));
    const triples = names.flatMap((a, i) =>
      names.slice(i + 1).flatMap((b, j) => names.slice(i + j + 2).map((c) => `${a},${b},${c}`)),
    );
    expect(triples.length).toBeGreaterThan(FIELD_SET_CACHE_SIZE + 20);
    for (const triple of triples.slice(0, FIELD_SET_CACHE_SIZE + 20)) {
      const { status, body } = await doList(`fields=${triple}&total=skip`);
      expect(status, `${triple}: ${JSON.stringify(body)}`).toBe(200);
    }
    // Full: the oldest were dropped, not kept beside the new.
    expect(cachedFieldSets()).toBe(FIELD_SET_CACHE_SIZE);
  });
});

describe('a fields the list cannot answer', () => {
  it.each([
    ['an unknown field', 'docNo,nope', 'fields ไม่ถูกต้อง: ไม่มีฟิลด์ "nope" ในรายการนี้'],
    ['a field twice', 'weight,docNo,weight', 'fields ไม่ถูกต้อง: ฟิลด์ "weight" ซ้ำกัน'],
    ['an empty name', 'docNo,,weight', 'fields ไม่ถูกต้อง: มีชื่อฟิลด์ว่าง'],
    ['nothing', '', 'fields ไม่ถูกต้อง: มีชื่อฟิลด์ว่าง'],
    [
      'a label, which comes with its reference',
      'customerLabel',
      'fields ไม่ถูกต้อง: ไม่มีฟิลด์ "customerLabel" ในรายการนี้',
    ],
  ])('is refused with a Thai 400 naming it: %s', async (_name, fields, message) => {
    const { status, body } = await doList(`fields=${encodeURIComponent(fields)}`);
    expect(status).toBe(400);
    expect(body.messages).toContain(message);
  });

  it('is refused when it names more fields than the entity has, before any is looked at', async () => {
    const count = listFieldNames(entityByName('deliveryOrder')).length;
    const many = Array.from({ length: count + 1 }, (_, i) => `x${i}`).join(',');
    const { status, body } = await doList(`fields=${many}`);
    expect(status).toBe(400);
    expect(body.messages).toEqual([`fields ระบุได้ไม่เกิน ${count} ค่า (ส่งมา ${count + 1} ค่า)`]);
  });

  it('is refused when given twice', async () => {
    const { status, body } = await doList('fields=docNo&fields=weight');
    expect(status).toBe(400);
    expect(body.messages).toContain('fields ระบุได้ครั้งเดียว');
  });

  it('is refused by the routes that are not a list page (options, export)', async () => {
    const options = await call(
      server.api,
      'GET',
      `/deliveryOrder/options?branchId=${branchId}&fields=docNo`,
      {
        token,
      },
    );
    expect(options.status).toBe(400);
  });
});
