import { INPUT_BOUNDS } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createUser, signIn } from './fixtures.ts';
import { type OpenApiDocument, type OpenApiSchema, operationsOf, resolveSchema } from './fuzz/requests.ts';
import { setupTestServer } from './harness.ts';

/**
 * docs/security.md, "Bounds": every input that drives work has a bound, declared with its route
 * and checked before the work. A case-insensitive search once built every spelling of its term
 * (2^30 for 30 letters) before any limit, and the process ran out of memory.
 */

const server = setupTestServer();
let admin: string;
let branchId: string;
let doc: OpenApiDocument;

beforeAll(async () => {
  admin = await signIn(server.api, await createUser(server.db, { roles: ['ROLE_ADMIN'] }));
  branchId = await createBranch(server.db);
  doc = await (await fetch(`${server.api}/docs/json`)).json();
});

const THAI = /[\u0E00-\u0E7F]/;
const SELF_BOUNDED_FORMATS = new Set(['date', 'date-time', 'time', 'uuid']);
/**
 * Bounded by their route rather than their schema, each for its reason. A bulk action's picked
 * rows: LIMITS.bulkActionMaxRows, refused with the same 413 as a filter that matches more rows.
 */
const BOUNDED_BY_ROUTE = [/bulkAction body\.selection\.rows$/];

/** Where a schema lets an unbounded string or list through: `body.trips[].stops`. */
function unbounded(doc: OpenApiDocument, schema: OpenApiSchema | undefined, where: string, seen = new Set()) {
  const node = resolveSchema(doc, schema);
  if (seen.has(node)) return [];
  seen.add(node);
  const found: string[] = [];
  const types = [node.type ?? []].flat();
  const fixed = node.enum !== undefined || node.const !== undefined;
  if (
    types.includes('string') &&
    !fixed &&
    node.maxLength === undefined &&
    !SELF_BOUNDED_FORMATS.has(node.format ?? '')
  )
    found.push(`${where}: text without maxLength`);
  if (types.includes('array') && node.maxItems === undefined && !BOUNDED_BY_ROUTE.some((r) => r.test(where)))
    found.push(`${where}: list without maxItems`);
  for (const part of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    found.push(...unbounded(doc, part, where, seen));
  if (node.items) found.push(...unbounded(doc, node.items, `${where}[]`, seen));
  for (const [name, property] of Object.entries(node.properties ?? {}))
    found.push(...unbounded(doc, property, `${where}.${name}`, seen));
  return found;
}

async function get(path: string, timeoutMs = 10_000) {
  const response = await fetch(`${server.api}${path}`, {
    headers: { authorization: `Bearer ${admin}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}

describe('every input that drives work has a bound', () => {
  it('every parameter and body of every operation declares one: texts a length, lists a count', () => {
    const found = operationsOf(doc).flatMap(({ method, path, op }) => [
      ...(op.parameters ?? []).flatMap((p) =>
        unbounded(doc, p.schema, `${method} ${path} ${p.in}:${p.name}`),
      ),
      ...unbounded(doc, op.requestBody?.content?.['application/json']?.schema, `${method} ${path} body`),
    ]);
    expect(found).toEqual([]);
  });

  it('a search term with many letters answers at once: its spellings in case are not all built (was: out of memory)', async () => {
    for (const term of ['a'.repeat(30), 'aB'.repeat(50), 'x'.repeat(INPUT_BOUNDS.searchTermLength)]) {
      const options = await get(`/unit/options?searchTerm=${term}`);
      expect(options.status, term).toBe(200);
      const list = await get(`/deliveryOrder?branchId=${branchId}&searchTerm=${term}`);
      expect(list.status, term).toBe(200);
    }
    expect((await get('/health')).status).toBe(200);
  });

  it('a list query past its bounds → 400 naming the bound and its number', async () => {
    const cases: [string, RegExp][] = [
      [`/unit/options?searchTerm=${'a'.repeat(INPUT_BOUNDS.searchTermLength + 1)}`, /คำค้นหา.*100/],
      [`/unit?codeEq=${'a'.repeat(51)}`, /รหัส: เท่ากับ.*50/],
      [`/unit?${Array.from({ length: INPUT_BOUNDS.queryValueCount + 1 }, () => 'codes=a').join('&')}`, /501/],
      [`/unit?page=1000&size=500`, /100,000/],
      [`/unit?${Array.from({ length: 6 }, () => 'sort=code,asc').join('&')}`, /sort.*5/],
      [`/unit?sort=${'c'.repeat(101)}`, /sort.*100/],
    ];
    for (const [path, message] of cases) {
      const answer = await get(path);
      expect(answer.status, path.slice(0, 80)).toBe(400);
      const messages = (answer.body as { messages: string[] }).messages;
      expect(messages.join(' '), path.slice(0, 80)).toMatch(message);
      expect(messages.join(' ')).toMatch(THAI);
    }
  });

  it('any query value past the net every route has → 400 before the route runs', async () => {
    // /search declares its own 60; the net holds the routes that might forget theirs.
    const answer = await get(`/search?term=${'a'.repeat(INPUT_BOUNDS.queryValueLength + 1)}`);
    expect(answer.status).toBe(400);
    expect((answer.body as { messages: string[] }).messages.join(' ')).toMatch(/2,000/);
  });

  it('every text parameter of every read is held to its declared length (one per operation)', async () => {
    const problems: string[] = [];
    let checked = 0;
    const reads = operationsOf(doc).filter(({ method, path }) => method === 'GET' && !path.includes('{'));
    for (const [index, { path, op }] of reads.entries()) {
      const texts = (op.parameters ?? []).filter((p) => {
        const schema = resolveSchema(doc, p.schema);
        return p.in === 'query' && schema.type === 'string' && schema.maxLength !== undefined && !schema.enum;
      });
      if (!texts.length) continue;
      // searchTerm where there is one (the parameter that did the damage), else one in turn.
      const param = texts.find((p) => p.name === 'searchTerm') ?? texts[index % texts.length]!;
      const max = resolveSchema(doc, param.schema).maxLength!;
      const query = new URLSearchParams({ [param.name]: 'aB'.repeat(Math.ceil((max + 1) / 2)) });
      if (op.parameters?.some((p) => p.name === 'branchId')) query.set('branchId', branchId);
      const url = `${path.replace(/^\/api/, '')}?${query}`;
      const answer = await get(url);
      checked += 1;
      if (answer.status !== 400) problems.push(`${url.slice(0, 100)} → ${answer.status}`);
    }
    expect(problems).toEqual([]);
    // Every entity's list, options and export at least: the walk found what it was meant to.
    expect(checked).toBeGreaterThan(100);
  });
});
