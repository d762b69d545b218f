import { randomUUID } from 'node:crypto';
import { type EntityDef, entityByName, ROLE_ADMIN } from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../src/import/bounds.ts';
import { importColumns } from '../src/import/columns.ts';
import { importRecords } from '../src/import/importRecords.ts';
import { jobMessages } from '../src/import/jobs.ts';
import { OFF_THREAD_BYTES, sheetReaderStats } from '../src/import/read.ts';
import { importableEntities } from '../src/import/routes.ts';
import { createReferences, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { hostileWorkbook, textCell } from './hostileWorkbook.ts';
import { postFile } from './importCalls.ts';

const server = setupTestServer();
let token = '';
let branchId = '';
let otherBranchId = '';
let userId = '';

beforeAll(async () => {
  branchId = await createBranch(server.db, 'IMP', 'สาขานำเข้า');
  otherBranchId = await createBranch(server.db, 'IMP2', 'สาขาอื่น');
  const user = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId, otherBranchId] });
  userId = user.id;
  token = await signIn(server.api, user);
});

const scope = (entity: EntityDef, extra: Record<string, string> = {}, branch = branchId) => {
  const params = new URLSearchParams({ ...(entity.branchOwned ? { branchId: branch } : {}), ...extra });
  return params.size ? `?${params}` : '';
};

/** `POST {entity}/import` with the file as multipart `file`. */
async function upload(
  entity: EntityDef,
  bytes: Uint8Array<ArrayBuffer> | string,
  name: string,
  query: Record<string, string> = {},
  options: { as?: string; branch?: string; job?: boolean } = {},
) {
  const path = `/${entity.name}/import${options.job ? '/jobs' : ''}${scope(entity, query, options.branch)}`;
  return postFile(`${server.api}${path}`, options.as ?? token, bytes, name);
}

async function xlsx(rows: unknown[][]): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('ข้อมูล');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function download(path: string): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetch(`${server.api}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status, path).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

/** Every row of an entity's table in the branch, as text, to compare before and after. */
async function snapshot(entity: EntityDef): Promise<string> {
  const { rows } = await sql<{ r: string }>`select t::text as r from ${sql.table(
    entity.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
  )} t order by id`.execute(server.db);
  return rows.map((r) => r.r).join('\n');
}

describe('every entity: export → import back', () => {
  it.each(importableEntities().map((e) => [e.name, e] as const))(
    '%s: every row comes back unchanged',
    async (_name, entity) => {
      const refIds = await createReferences(server.api, token, entity, branchId);
      const created = await call(server.api, 'POST', `/${entity.name}${scope(entity)}`, {
        token,
        body: sampleBody(entity, refIds),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const exported = await download(`/${entity.name}/export${scope(entity)}`);
      const report = await upload(entity, exported, `${entity.name}.xlsx`, { dryRun: 'false' });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      const notUnchanged = report.body.rows.filter((r: { status: string }) => r.status !== 'unchanged');
      expect(notUnchanged, JSON.stringify(notUnchanged)).toEqual([]);
      expect(report.body.total).toBeGreaterThan(0);
      expect(report.body.unchanged).toBe(report.body.total);
    },
  );
});

/** `name → Thai header` of an entity's fields. */
const labels =
  (entity: EntityDef) =>
  (name: string): string =>
    entity.fields.find((f) => f.name === name)!.label;

describe('cells as people write them', () => {
  const vehicleType = entityByName('vehicleType');
  const L = labels(vehicleType);
  const header = [
    L('code'),
    L('name'),
    L('maxCapacityWeight'),
    L('minCapacityWeight'),
    L('maxCapacityVolume'),
    L('trailerTruck'),
    L('special'),
    L('migrate'),
  ];

  it('reads booleans, thousands separators and formulas, and writes a history entry marked imported', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(header);
    sheet.addRow(['VT-C1', 'รถหนึ่ง', '12,500.5', 1000, 30, 'ใช่', 'false', 0]);
    sheet.addRow(['VT-C2', 'รถสอง', 20000, { formula: '500*2', result: 1000 }, 40, 'TRUE', '1', 'ไม่ใช่']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const report = await upload(vehicleType, bytes, 'รถ.xlsx', { dryRun: 'false' });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body).toMatchObject({ total: 2, created: 2, failed: 0, applied: true });
    const { rows } = await sql<Record<string, unknown>>`select code, max_capacity_weight, min_capacity_weight,
      trailer_truck, special, migrate from vehicle_type where code in ('VT-C1', 'VT-C2') order by code`.execute(
      server.db,
    );
    expect(rows).toEqual([
      {
        code: 'VT-C1',
        max_capacity_weight: 12500.5,
        min_capacity_weight: 1000,
        trailer_truck: true,
        special: false,
        migrate: false,
      },
      {
        code: 'VT-C2',
        max_capacity_weight: 20000,
        min_capacity_weight: 1000,
        trailer_truck: true,
        special: true,
        migrate: false,
      },
    ]);
    const { rows: history } = await sql<{
      source: string;
      action: string;
    }>`select h.source, h.action from history h
      join vehicle_type v on v.id = h.record_id where v.code = 'VT-C1'`.execute(server.db);
    expect(history).toEqual([{ source: 'import: รถ.xlsx', action: 'create' }]);
  });

  it('reads what other writers put in a sheet: rich text without its phonetic runs, _xHHHH_ escapes, prefixed tags, error and boolean cells, formula results', async () => {
    const cell = (ref: string, inner: string, type = '') =>
      `<x:c r="${ref}"${type && ` t="${type}"`}>${inner}</x:c>`;
    const file = hostileWorkbook(
      [
        `<x:row r="1">${header.map((label, i) => textCell(label, `${'ABCDEFGH'[i]}1`)).join('')}</x:row>`,
        `<x:row r="2">${[
          cell('A2', '<x:is><x:t>OW-1</x:t></x:is>', 'inlineStr'),
          cell('B2', '<x:v>0</x:v>', 's'),
          cell('C2', '<x:f>SUM(1000,500)</x:f><x:v>1500</x:v>'),
          cell('D2', '<x:v>#N/A</x:v>', 'e'),
          cell('E2', '<x:v>30</x:v>'),
          cell('F2', '<x:v>1</x:v>', 'b'),
          cell('G2', '<x:f>"ไม่ใช่"</x:f><x:v>ไม่ใช่</x:v>', 'str'),
          cell('H2', '<x:v>0</x:v>', 'b'),
        ].join('')}</x:row>`,
      ],
      [
        '<si><r><t>รถ</t></r><r><t xml:space="preserve">ลาก_x0041_</t></r><rPh sb="0" eb="1"><t>ロ</t></rPh></si>',
      ],
    );
    const report = await upload(entityByName('vehicleType'), file, 'อื่น.xlsx', { dryRun: 'false' });
    expect(report.body, report.text.slice(0, 500)).toMatchObject({ created: 1, failed: 0, applied: true });
    const { rows } = await sql<Record<string, unknown>>`select name, max_capacity_weight, min_capacity_weight,
      max_capacity_volume, trailer_truck, special, migrate from vehicle_type where code = 'OW-1'`.execute(
      server.db,
    );
    expect(rows).toEqual([
      {
        name: 'รถลากA',
        max_capacity_weight: 1500,
        min_capacity_weight: null,
        max_capacity_volume: 30,
        trailer_truck: true,
        special: false,
        migrate: false,
      },
    ]);
  });

  it('reads dates in ค.ศ., พ.ศ., ISO and as Excel dates; references by code or by the export label; a CSV with BOM', async () => {
    const entity = entityByName('deliveryOrder');
    const refIds = await createReferences(server.api, token, entity, branchId);
    const customer = await call(server.api, 'GET', `/customer/${refIds.customer}`, { token });
    const shipCond = await call(server.api, 'GET', `/shipCond/${refIds.shipCond}`, { token });
    const D = labels(entity);
    const csv = [
      [
        D('docNo'),
        D('pickAt'),
        D('planAt'),
        D('loadAt'),
        D('deliveryAt'),
        D('weight'),
        D('volume'),
        D('customerId'),
        D('shipCondId'),
      ].join(','),
      [
        'DO-IMP-1',
        '15/03/2026',
        '16/03/2569',
        '2026-03-17',
        '18/3/2026',
        '"1,250.500"',
        '2.5',
        customer.body.code,
        `"${shipCond.body.code}: ${shipCond.body.name}"`,
      ].join(','),
    ].join('\r\n');
    const report = await upload(entity, `\uFEFF${csv}\r\n`, 'do.csv', { dryRun: 'false' });
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.rows, JSON.stringify(report.body.rows)).toEqual([
      { row: 2, status: 'created', key: 'DO-IMP-1', errors: {} },
    ]);
    const { rows } = await sql<
      Record<string, unknown>
    >`select pick_at, plan_at, load_at, delivery_at, weight, customer_id, ship_cond_id, branch_id
      from delivery_order where doc_no = 'DO-IMP-1'`.execute(server.db);
    expect(rows).toEqual([
      {
        pick_at: '2026-03-15',
        plan_at: '2026-03-16',
        load_at: '2026-03-17',
        delivery_at: '2026-03-18',
        weight: 1250.5,
        customer_id: refIds.customer,
        ship_cond_id: refIds.shipCond,
        branch_id: branchId,
      },
    ]);
    // An Excel date cell reads as its day; the same key again is an update, then unchanged.
    const again = await xlsx([
      [D('docNo'), D('pickAt'), D('weight'), D('volume'), D('customerId'), D('shipCondId')],
      ['DO-IMP-1', new Date(Date.UTC(2026, 3, 1)), 1250.5, 2.5, customer.body.code, shipCond.body.code],
    ]);
    const updated = await upload(entity, again, 'do.xlsx', { dryRun: 'false' });
    expect(updated.body.rows[0]).toMatchObject({ status: 'updated' });
    const same = await upload(entity, again, 'do.xlsx', { dryRun: 'false' });
    expect(same.body.rows[0]).toMatchObject({ status: 'unchanged' });
    const { rows: after } = await sql`select pick_at from delivery_order where doc_no = 'DO-IMP-1'`.execute(
      server.db,
    );
    expect(after).toEqual([{ pick_at: '2026-04-01' }]);
  });
});

describe('bad cells', () => {
  const entity = entityByName('vehicleType');
  const L = labels(entity);
  const header = [L('code'), L('name'), L('maxCapacityWeight'), L('maxCapacityVolume'), L('trailerTruck')];
  const rows = [
    header,
    ['VT-OK', 'ดี', 100, 10, 'ใช่'],
    ['VT-B1', 'เลขผิด', 'สิบ', 10, 'ใช่'],
    ['VT-B2', 'ธงผิด', 100, 10, 'อาจจะ'],
    ['VT-B3', '', 100, 10, 'ใช่'],
    ['VT-OK', 'ซ้ำ', 100, 10, 'ใช่'],
    ['VT-B4', 'ติดลบ', -5, 10, 'ใช่'],
  ];

  it('are reported on their row and column in Thai, and one failure writes nothing', async () => {
    const before = await snapshot(entity);
    const report = await upload(entity, await xlsx(rows), 'bad.xlsx', { dryRun: 'false' });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ total: 6, created: 1, failed: 5, applied: false });
    const byRow = Object.fromEntries(report.body.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ status: 'created', errors: {} });
    expect(Object.keys(byRow[3].errors)).toEqual([L('maxCapacityWeight')]);
    expect(byRow[3].values[L('maxCapacityWeight')]).toBe('สิบ');
    expect(Object.keys(byRow[4].errors)).toEqual([L('trailerTruck')]);
    expect(byRow[5].errors[L('name')]).toMatch(/ชื่อ/);
    expect(byRow[6].errors[L('code')]).toBe('ซ้ำกับแถวที่ 2 ในไฟล์');
    expect(Object.keys(byRow[7].errors)).toEqual([L('maxCapacityWeight')]);
    for (const row of report.body.rows.filter((r: { status: string }) => r.status === 'failed'))
      for (const message of Object.values(row.errors)) expect(message).toMatch(/[\u0E00-\u0E7F]/);
    expect(await snapshot(entity)).toBe(before);
  });

  it('with validOnly keeps the valid rows; a dry run keeps nothing', async () => {
    const before = await snapshot(entity);
    const dry = await upload(entity, await xlsx(rows), 'bad.xlsx', { validOnly: 'true' });
    expect(dry.body).toMatchObject({ created: 1, failed: 5, applied: false });
    expect(await snapshot(entity)).toBe(before);
    const applied = await upload(entity, await xlsx(rows), 'bad.xlsx', {
      dryRun: 'false',
      validOnly: 'true',
    });
    expect(applied.body).toMatchObject({ created: 1, failed: 5, applied: true });
    const { rows: found } =
      await sql`select code from vehicle_type where code like 'VT-%' and code not like 'VT-C%' order by code`.execute(
        server.db,
      );
    expect(found).toEqual([{ code: 'VT-OK' }]);
  });

  it('insert mode refuses a key that exists; an unknown reference names what was written', async () => {
    const insert = await upload(entity, await xlsx(rows.slice(0, 2)), 'x.xlsx', { mode: 'insert' });
    expect(insert.body.rows[0]).toMatchObject({
      status: 'failed',
      errors: { [L('code')]: expect.stringContaining('มีข้อมูลนี้อยู่แล้ว') },
    });
    const shipTo = entityByName('shipTo');
    const S = labels(shipTo);
    const missing = await upload(
      shipTo,
      await xlsx([
        [S('code'), S('name'), S('subDistrictId')],
        ['ST-X', 'ที่ส่ง', 'ไม่มีจริง'],
      ]),
      'x.xlsx',
    );
    expect(missing.body.rows[0].errors[S('subDistrictId')]).toBe(
      `ไม่พบ${entityByName('subDistrict').title} "ไม่มีจริง"`,
    );
  });
});

describe('bad files', () => {
  const entity = entityByName('vehicleGroup');
  const L = labels(entity);

  it('not a spreadsheet → 415', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await upload(entity, png, 'x.xlsx')).status).toBe(415);
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]);
    const old = await upload(entity, xls, 'old.xls');
    expect(old.status).toBe(415);
    expect(old.body.messages[0]).toContain('.xls');
    expect(
      (await upload(entity, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'broken.xlsx')).status,
    ).toBe(415);
    expect((await upload(entity, 'a,b\n1,2', 'notes.pdf')).status).toBe(415);
    expect((await upload(entity, new Uint8Array([0x61, 0xff, 0xfe, 0x2c]), 'latin.csv')).status).toBe(415);
  });

  it('unknown or missing required headers → 422 naming them', async () => {
    const unknown = await upload(
      entity,
      await xlsx([
        [L('code'), L('name'), 'สีรถ'],
        ['G1', 'กลุ่ม', 'แดง'],
      ]),
      'x.xlsx',
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.messages).toEqual(['ไม่รู้จักคอลัมน์: สีรถ']);
    const missing = await upload(entity, await xlsx([[L('code')], ['G1']]), 'x.xlsx');
    expect(missing.status).toBe(422);
    expect(missing.body.messages).toEqual([`ไม่พบคอลัมน์ที่ต้องมี: ${L('name')}`]);
  });

  it('more than 20 MB or 100,000 rows → 413 in Thai', async () => {
    const big = new Uint8Array(MAX_IMPORT_BYTES + 1).fill(0x61);
    const tooBig = await upload(entity, big, 'big.csv');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.messages[0]).toContain('20 MB');
    const lines = [
      `${L('code')},${L('name')}`,
      ...Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `G${i},g`),
    ];
    const tooMany = await upload(entity, lines.join('\n'), 'many.csv');
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.messages[0]).toContain('100,000');
  });

  it('no file part → 400, not multipart → 415', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const none = await fetch(`${server.api}/vehicleGroup/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(none.status).toBe(400);
    const json = await call(server.api, 'POST', '/vehicleGroup/import', { token, body: {} });
    expect(json.status).toBe(415);
  });
});

describe('branches and roles', () => {
  const entity = entityByName('deliveryOrder');
  const D = labels(entity);

  it('a branch-owned row goes to the acting branch; the same key in another branch is another record', async () => {
    const refIds = await createReferences(server.api, token, entity, otherBranchId);
    const customer = await call(server.api, 'GET', `/customer/${refIds.customer}`, { token });
    const shipCond = await call(server.api, 'GET', `/shipCond/${refIds.shipCond}`, { token });
    const file = await xlsx([
      [D('docNo'), D('weight'), D('volume'), D('customerId'), D('shipCondId'), D('branchId')],
      ['DO-IMP-1', 1, 1, customer.body.code, shipCond.body.code, 'IMP: สาขานำเข้า'],
    ]);
    const report = await upload(entity, file, 'do.xlsx', { dryRun: 'false' }, { branch: otherBranchId });
    expect(report.body.rows[0], JSON.stringify(report.body)).toMatchObject({ status: 'created' });
    const { rows } = await sql<{
      branch_id: string;
    }>`select branch_id from delivery_order where doc_no = 'DO-IMP-1' order by branch_id`.execute(server.db);
    expect(rows.map((r) => r.branch_id).sort()).toEqual([branchId, otherBranchId].sort());
  });

  it('needs the edit role and the branch, like create and update', async () => {
    // Reads vehicle groups, edits delivery orders, in one branch only.
    const user = await createUser(server.db, {
      roles: ['ROLE_VEHICLE_GROUP_READ', 'ROLE_DELIVERY_ORDER_EDIT'],
      branchIds: [branchId],
    });
    const as = await signIn(server.api, user);
    const group = entityByName('vehicleGroup');
    const file = await xlsx([
      [labels(group)('code'), labels(group)('name')],
      ['G-R', 'อ่านอย่างเดียว'],
    ]);
    expect((await upload(group, file, 'x.xlsx', {}, { as })).status).toBe(403);
    const doFile = await xlsx([[D('docNo')], ['x']]);
    expect((await upload(entity, doFile, 'x.xlsx', {}, { as, branch: otherBranchId })).status).toBe(403);
    expect((await upload(entity, doFile, 'x.xlsx', {}, { as })).status).toBe(422);
    expect((await fetch(`${server.api}/vehicleGroup/import`, { method: 'POST' })).status).toBe(401);
  });
});

describe('template', () => {
  it('has the import columns, an example row, a sheet explaining each column and pick lists for options', async () => {
    const entity = entityByName('driver');
    const bytes = await download(`/driver/import/template${scope(entity)}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    const [data, help] = workbook.worksheets;
    const headers = (data!.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(importColumns(entity).map((f) => f.label));
    expect(data!.rowCount).toBe(2);
    expect((help!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'คอลัมน์',
      'ชนิด',
      'ต้องกรอก',
      'ค่าที่ใช้ได้',
      'หมายเหตุ',
    ]);
    expect(help!.rowCount).toBe(headers.length + 1);
    const licenseType = headers.indexOf(labels(entity)('licenseType')) + 1;
    expect(data!.getCell(5, licenseType).dataValidation).toMatchObject({ type: 'list' });
    // The template's example row imports (a dry run: nothing kept).
    const report = await upload(entity, bytes, 'template.xlsx');
    expect(report.body.rows[0], JSON.stringify(report.body.rows[0])).toMatchObject({ status: 'created' });
  });

  it('names the sheet after a title with characters Excel refuses ("อำเภอ/เขต"; found by the fuzz)', async () => {
    const bytes = await download('/district/import/template');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    expect(workbook.worksheets[0]!.name).toBe('อำเภอ-เขต');
  });
});

describe('an import as a job (leave and come back)', () => {
  const entity = entityByName('deliveryOrder');
  const D = labels(entity);

  /** Reads the job until it has ended. */
  async function finished(id: string, as = token) {
    for (let i = 0; i < 200; i++) {
      const job = await call(server.api, 'GET', `/${entity.name}/import/jobs/${id}${scope(entity)}`, {
        token: as,
      });
      expect(job.status, JSON.stringify(job.body)).toBe(200);
      if (job.body.phase === 'done' || job.body.phase === 'failed') return job.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the job did not end');
  }

  it('answers the job at once, then its report; the rows are written and marked imported', async () => {
    const refIds = await createReferences(server.api, token, entity, branchId);
    const customer = await call(server.api, 'GET', `/customer/${refIds.customer}`, { token });
    const shipCond = await call(server.api, 'GET', `/shipCond/${refIds.shipCond}`, { token });
    const rows = Array.from({ length: 30 }, (_, i) => [
      `DO-JOB-${i}`,
      10 + i,
      1,
      customer.body.code,
      shipCond.body.code,
    ]);
    const file = await xlsx([
      [D('docNo'), D('weight'), D('volume'), D('customerId'), D('shipCondId')],
      ...rows,
    ]);
    const started = await upload(entity, file, 'งาน.xlsx', { dryRun: 'false' }, { job: true });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ fileName: 'งาน.xlsx', dryRun: false, phase: 'reading' });
    const job = await finished(started.body.id);
    expect(job).toMatchObject({ phase: 'done', done: 30, total: 30 });
    expect(job.report).toMatchObject({ total: 30, created: 30, failed: 0, applied: true });
    const { rows: history } = await sql<{ n: number }>`select count(*)::int as n from history h
      join delivery_order d on d.id = h.record_id
      where d.doc_no like 'DO-JOB-%' and h.source = 'import: งาน.xlsx'`.execute(server.db);
    expect(history[0]!.n).toBe(30);
  });

  it('a refused file ends the job with the Thai messages; only its user, in its branch, reads it', async () => {
    const started = await upload(
      entity,
      await xlsx([
        [D('docNo'), 'สีรถ'],
        ['x', 'แดง'],
      ]),
      'ผิด.xlsx',
      {},
      { job: true },
    );
    expect(started.status).toBe(201);
    const job = await finished(started.body.id);
    expect(job.phase).toBe('failed');
    expect(job.messages.join(' ')).toContain('ไม่รู้จักคอลัมน์: สีรถ');
    const other = await signIn(
      server.api,
      await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId, otherBranchId] }),
    );
    const path = `/${entity.name}/import/jobs/${started.body.id}`;
    expect((await call(server.api, 'GET', `${path}${scope(entity)}`, { token: other })).status).toBe(404);
    const elsewhere = await call(server.api, 'GET', `${path}${scope(entity, {}, otherBranchId)}`, { token });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.messages).toEqual([jobMessages.notFound]);
    expect((await fetch(`${server.api}${path}${scope(entity)}`)).status).toBe(401);
  });

  it('a running job nobody has heard from for minutes (its server stopped) reads as failed, in Thai', async () => {
    const { rows } = await sql<{
      id: string;
    }>`insert into import_job (entity, branch_id, user_id, file_name, dry_run, phase, updated_at)
      values ('deliveryOrder', ${branchId}, ${userId}, 'ค้าง.xlsx', false, 'writing', now() - interval '10 minutes')
      returning id`.execute(server.db);
    const job = await call(server.api, 'GET', `/${entity.name}/import/jobs/${rows[0]!.id}${scope(entity)}`, {
      token,
    });
    expect(job.body).toMatchObject({ phase: 'failed', messages: [jobMessages.stopped] });
  });

  it('reports its progress after every chunk of a thousand rows', async () => {
    const group = entityByName('vehicleGroup');
    const seen: string[] = [];
    const records = Array.from({ length: 2500 }, (_, i) => ({
      row: i + 2,
      values: { code: `VG-P${i}`, name: `กลุ่ม ${i}` },
    }));
    const report = await importRecords(server.db, group, records, {
      mode: 'upsert',
      dryRun: true,
      validOnly: false,
      principal: { userId } as Parameters<typeof importRecords>[3]['principal'],
      source: 'import: ความคืบหน้า.xlsx',
      onProgress: (p) => void seen.push(`${p.phase} ${p.done}/${p.total}`),
    });
    expect(report).toMatchObject({ created: 2500, applied: false });
    expect(seen).toEqual([
      'checking 0/2500',
      'checking 1000/2500',
      'checking 2000/2500',
      'checking 2500/2500',
    ]);
  });
});

describe('a large report (more rows than it carries)', () => {
  const entity = entityByName('vehicleGroup');
  const L = labels(entity);

  it('carries its first thousand rows, failed first; the job pages the rest by status', async () => {
    // 2,500 rows; every 100th has no name.
    const rows = Array.from({ length: 2500 }, (_, i) => [`VG-RP${i}`, i % 100 === 50 ? '' : `กลุ่ม ${i}`]);
    const started = await upload(
      entity,
      await xlsx([[L('code'), L('name')], ...rows]),
      'ใหญ่.xlsx',
      {},
      { job: true },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    let job = started.body;
    for (let i = 0; i < 300 && job.phase !== 'done' && job.phase !== 'failed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await call(server.api, 'GET', `/${entity.name}/import/jobs/${started.body.id}`, { token })).body;
    }
    expect(job.report).toMatchObject({ total: 2500, created: 2475, failed: 25 });
    expect(job.report.rows).toHaveLength(1000);
    expect(job.report.rows.slice(0, 25).every((r: { status: string }) => r.status === 'failed')).toBe(true);
    expect(job.report.rows[0]).toMatchObject({ row: 52, key: 'VG-RP50', values: { [L('name')]: '' } });
    expect(job.report.rows[25]).toMatchObject({ row: 2, status: 'created', key: 'VG-RP0' });

    const page = async (query: string, as = token) =>
      call(server.api, 'GET', `/${entity.name}/import/jobs/${started.body.id}/rows?${query}`, { token: as });
    const failed = await page('status=failed');
    expect(failed.body.total).toBe(25);
    expect(failed.body.rows.map((r: { row: number }) => r.row)).toEqual(
      Array.from({ length: 25 }, (_, i) => i * 100 + 52),
    );
    const created = await page('status=created&offset=2400&limit=1000');
    expect(created.body.total).toBe(2475);
    expect(created.body.rows).toHaveLength(75);
    expect(created.body.rows.at(-1)).toEqual({ row: 2501, status: 'created', key: 'VG-RP2499', errors: {} });
    // "All" runs on from the failed rows into the others, in sheet order.
    const all = await page('offset=20&limit=10');
    expect(all.body.total).toBe(2500);
    expect(all.body.rows.map((r: { status: string; row: number }) => `${r.status} ${r.row}`)).toEqual([
      ...[20, 21, 22, 23, 24].map((i) => `failed ${i * 100 + 52}`),
      ...[2, 3, 4, 5, 6].map((row) => `created ${row}`),
    ]);
    expect((await page('status=updated')).body).toEqual({ rows: [], total: 0 });
    expect((await page('limit=1001')).status).toBe(400);
    const other = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
    expect((await page('status=failed', other)).status).toBe(404);
  });
});

describe('a large .xlsx', () => {
  const entity = entityByName('vehicleGroup');
  const L = labels(entity);

  it('is parsed in a worker thread, rows streamed in order to the same report', async () => {
    // Names that do not compress, so the file passes the size read off the thread.
    const rows = Array.from({ length: 20_000 }, (_, i) => [
      `VG-W${i}`,
      i === 17_345 ? '' : `${i} ${randomUUID()}`,
    ]);
    const file = await xlsx([[L('code'), L('name')], ...rows]);
    expect(file.length).toBeGreaterThan(OFF_THREAD_BYTES);
    // Its text is in a shared-strings table (40,000 strings), as Excel writes it, not inline.
    expect(Buffer.from(file).includes('xl/sharedStrings.xml')).toBe(true);
    const before = sheetReaderStats.offThread;
    const report = await upload(entity, file, 'ใหญ่.xlsx');
    expect(sheetReaderStats.offThread).toBe(before + 1);
    expect(report.body).toMatchObject({ total: 20_000, created: 19_999, failed: 1, applied: false });
    expect(report.body.rows[0]).toMatchObject({ row: 17_347, key: 'VG-W17345', status: 'failed' });
    expect(report.body.rows[1]).toMatchObject({ row: 2, key: 'VG-W0', status: 'created' });
    expect(report.body.rows.at(-1)).toMatchObject({ row: 1000, key: 'VG-W998' });
  });
});

describe('batched writes', () => {
  const vehicleType = entityByName('vehicleType');
  const V = labels(vehicleType);
  const vtHeader = [V('code'), V('name'), V('maxCapacityWeight'), V('maxCapacityVolume')];

  it('write the links of a refs column on create and on update', async () => {
    const types = await xlsx([vtHeader, ['VT-L1', 'หนึ่ง', 100, 10], ['VT-L2', 'สอง', 100, 10]]);
    expect((await upload(vehicleType, types, 'vt.xlsx', { dryRun: 'false' })).body).toMatchObject({
      applied: true,
    });
    const article = entityByName('article');
    const A = labels(article);
    const header = [A('code'), A('name'), A('unsupportedVehicleTypeIds')];
    const links = async () =>
      (
        await sql<{ code: string; types: string[] }>`select a.code, array_agg(v.code order by v.code) as types
          from article a join article__unsupported_vehicle_type_ids l on l.owner_id = a.id
          join vehicle_type v on v.id = l.ref_id where a.code like 'AR-L%' group by a.code order by a.code`.execute(
          server.db,
        )
      ).rows;
    const created = await upload(
      article,
      await xlsx([header, ['AR-L1', 'สินค้าหนึ่ง', 'VT-L1, VT-L2'], ['AR-L2', 'สินค้าสอง', 'VT-L1']]),
      'a.xlsx',
      { dryRun: 'false' },
    );
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ created: 2, applied: true });
    expect(await links()).toEqual([
      { code: 'AR-L1', types: ['VT-L1', 'VT-L2'] },
      { code: 'AR-L2', types: ['VT-L1'] },
    ]);
    const updated = await upload(
      article,
      await xlsx([header, ['AR-L1', 'สินค้าหนึ่ง', 'VT-L2'], ['AR-L2', 'สินค้าสอง', '']]),
      'a.xlsx',
      { dryRun: 'false' },
    );
    expect(updated.body, JSON.stringify(updated.body)).toMatchObject({ updated: 2, applied: true });
    expect(await links()).toEqual([{ code: 'AR-L1', types: ['VT-L2'] }]);
  });

  it('a batch the database refuses is written again row by row: the refused row is named, the others kept with validOnly', async () => {
    // Past numeric(18,3): the schema lets it through, the column refuses it.
    const file = await xlsx([
      vtHeader,
      ['VT-X1', 'ปกติ', 100, 10],
      ['VT-X2', 'ล้น', 1e16, 10],
      ['VT-X3', 'ปกติ', 5, 1],
    ]);
    const report = await upload(vehicleType, file, 'ล้น.xlsx', { dryRun: 'false', validOnly: 'true' });
    expect(report.body, JSON.stringify(report.body)).toMatchObject({ created: 2, failed: 1, applied: true });
    expect(report.body.rows.find((r: { row: number }) => r.row === 3)).toMatchObject({
      status: 'failed',
      errors: { '': 'ข้อมูลมีรูปแบบไม่ถูกต้อง' },
    });
    const { rows } = await sql`select code from vehicle_type where code like 'VT-X%' order by code`.execute(
      server.db,
    );
    expect(rows).toEqual([{ code: 'VT-X1' }, { code: 'VT-X3' }]);
    const { rows: history } = await sql<{ n: number }>`
      select count(*)::int as n from history where source = 'import: ล้น.xlsx'`.execute(server.db);
    expect(history[0]!.n).toBe(2);
  });
});
