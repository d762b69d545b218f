import { monitorEventLoopDelay } from 'node:perf_hooks';
import { entityByName, ROLE_ADMIN } from '@lms/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { sheetReaderStats } from '../src/import/read.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';
import { hostileWorkbook, textCell } from './hostileWorkbook.ts';
import { type EncodedForm, encodedForm, postFile } from './importCalls.ts';

/**
 * Hostile files (issue "Hardening 2", item 6; docs/import.md "Bounds"): a small file that expands
 * into a huge cell, a huge shared string, millions of empty rows or a huge CSV field is refused or
 * cut in Thai within seconds, shows back only a short start of any value, and the server keeps
 * answering meanwhile. The files are built here, a few KB each.
 */

const server = setupTestServer();
let token = '';

beforeAll(async () => {
  const branchId = await createBranch(server.db, 'BND', 'สาขาขอบเขต');
  token = await signIn(
    server.api,
    await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
  );
});

const entity = entityByName('vehicleGroup');
const L = (name: string) => entity.fields.find((f) => f.name === name)!.label;
const header = `<row r="1">${textCell(L('code'), 'A1')}${textCell(L('name'), 'B1')}</row>`;
const MB = 1024 * 1024;
const THAI = /[\u0E00-\u0E7F]/;

const upload = (
  bytes: Uint8Array<ArrayBuffer> | string | EncodedForm,
  name: string,
  as = token,
  path = '/import',
) => postFile(`${server.api}/${entity.name}${path}`, as, bytes, name);

/** Runs `work` while measuring the event loop's longest stall and asking the server for its health. */
async function meanwhile<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const running = work();
  const asked = performance.now();
  const health = await fetch(`${server.api}/health`);
  const healthMs = performance.now() - asked;
  const result = await running;
  delay.disable();
  return { result, health: health.status, healthMs, stallMs: delay.max / 1e6 };
}

/** The server answered while the hostile file was read, and nothing held its event loop for long. */
function stayedResponsive(run: { health: number; healthMs: number; stallMs: number }) {
  expect(run.health).toBe(200);
  expect(run.healthMs).toBeLessThan(2000);
  expect(run.stallMs).toBeLessThan(2000);
}

/** A hostile file refused with `status` in Thai naming `limit`, within seconds, the server answering meanwhile. */
async function expectRefused(
  file: Uint8Array<ArrayBuffer> | string,
  name: string,
  status: number,
  limit: string,
) {
  const started = performance.now();
  const run = await meanwhile(() => upload(file, name));
  stayedResponsive(run);
  expect(run.result.status, run.result.text.slice(0, 300)).toBe(status);
  expect(run.result.body.messages[0]).toMatch(THAI);
  expect(run.result.body.messages[0]).toContain(limit);
  expect(performance.now() - started).toBeLessThan(15_000);
}

/** A sheet whose row 2 names `code` with `char` repeated to `mb` MB (an inline string), then `more` rows. */
const longNameSheet = (code: string, char: string, mb: number, more = '') =>
  hostileWorkbook([
    header,
    `<row r="2">${textCell(code, 'A2')}<c r="B2" t="inlineStr"><is><t>`,
    { repeat: char.repeat(MB), times: mb },
    `</t></is></c></row>${more}`,
  ]);

/** The report's first row failed on its long name: a Thai error naming its length and the bound, only its start shown. */
function expectTooLong(report: Awaited<ReturnType<typeof upload>>, length: string, char: string) {
  expect(report.status, report.text.slice(0, 500)).toBe(200);
  const failed = report.body.rows[0];
  expect(failed).toMatchObject({ row: 2, status: 'failed' });
  expect(failed.errors[L('name')]).toMatch(THAI);
  expect(failed.errors[L('name')]).toContain(length);
  expect(failed.errors[L('name')]).toContain('32,767');
  expect(failed.values[L('name')]).toBe(`${char.repeat(100)}…`);
  expect(report.text.length).toBeLessThan(5000);
}

describe('a cell longer than 32,767 characters', () => {
  it('in an .xlsx (40 MB inline, a 20 KB file): a Thai error on its cell, only its start shown back', async () => {
    const file = longNameSheet(
      'VG-L1',
      'x',
      40,
      `<row r="3">${textCell('VG-L2', 'A3')}${textCell('กลุ่มปกติ', 'B3')}</row>`,
    );
    expect(file.length).toBeLessThan(200_000);
    const run = await meanwhile(() => upload(file, 'ยาว.xlsx'));
    stayedResponsive(run);
    expectTooLong(run.result, '41,943,040', 'x');
    expect(run.result.body).toMatchObject({ total: 2, created: 1, failed: 1 });
    expect(run.result.body.rows[0].key).toBe('VG-L1');
  });

  it('in the shared strings (1 MB, read on the event loop): the same error, the same short start', async () => {
    const file = hostileWorkbook(
      [header, `<row r="2">${textCell('VG-S1', 'A2')}<c r="B2" t="s"><v>0</v></c></row>`],
      ['<si><t>', { repeat: 'ข'.repeat(1024), times: 1024 }, '</t></si>'],
    );
    expectTooLong(await upload(file, 'ร่วม.xlsx'), '1,048,576', 'ข');
  });

  it('in a CSV (a 19 MB field): the same error, the same short start', async () => {
    const csv = `${L('code')},${L('name')}\nVG-C1,"${'y'.repeat(19 * MB)}"\nVG-C2,ปกติ\n`;
    // Encoded before the clock: the stall measured is the server's, not this client's.
    const form = await encodedForm(csv, 'ยาว.csv');
    const offThread = sheetReaderStats.offThread;
    const run = await meanwhile(() => upload(form, 'ยาว.csv'));
    stayedResponsive(run);
    // Read in the sheet reader's thread, as a large .xlsx is: decoding it is no task of the event loop's.
    expect(sheetReaderStats.offThread).toBe(offThread + 1);
    expectTooLong(run.result, '19,922,944', 'y');
    expect(run.result.body).toMatchObject({ total: 2, created: 1, failed: 1 });
  });
});

describe('a part that inflates past its bound', () => {
  it('a sheet of 300 MB (one cell) → 413 in Thai naming 256 MB, read no further', async () => {
    await expectRefused(longNameSheet('VG-H1', 'z', 300), 'ใหญ่.xlsx', 413, '256 MB');
  });

  it('shared strings of 300 MB → 413 in Thai naming 64 MB', async () => {
    const file = hostileWorkbook(
      [header, `<row r="2">${textCell('VG-H2', 'A2')}<c r="B2" t="s"><v>0</v></c></row>`],
      ['<si><t>', { repeat: 'z'.repeat(MB), times: 300 }, '</t></si>'],
    );
    await expectRefused(file, 'ร่วมใหญ่.xlsx', 413, '64 MB');
  });
});

describe('rows past the cap, empty ones too', () => {
  it('10 million empty rows (a small file) → 413 at row 100,001, within seconds', async () => {
    const file = hostileWorkbook([header, { repeat: '<row/>'.repeat(10_000), times: 1000 }]);
    await expectRefused(file, 'ว่าง.xlsx', 413, '100,000');
  });

  it('2 million whitespace-only rows → the same 413; so do 100,001 blank lines of a CSV', async () => {
    const blank = `<row>${textCell(' ')}${textCell('  ')}</row>`;
    const file = hostileWorkbook([header, { repeat: blank.repeat(1000), times: 2000 }]);
    await expectRefused(file, 'ช่องว่าง.xlsx', 413, '100,000');
    const csv = `${L('code')},${L('name')}\n${' , \n'.repeat(100_001)}VG-1,g\n`;
    await expectRefused(csv, 'ว่าง.csv', 413, '100,000');
  });
});

describe('lines and headers past their bounds', () => {
  it('a CSV line of 20,000 fields → 413 in Thai naming 16,384 columns', async () => {
    await expectRefused(`${L('code')},${L('name')}\n${'a,'.repeat(20_000)}\n`, 'กว้าง.csv', 413, '16,384');
  });

  it('2,000 unknown headers of 10,000 characters each → 422 naming 20 of them by their start', async () => {
    const long = textCell('ค'.repeat(10_000));
    const file = hostileWorkbook([{ repeat: `<row>${long.repeat(2000)}`, times: 1 }, '</row>']);
    const report = await upload(file, 'หัว.xlsx');
    expect(report.status).toBe(422);
    expect(report.body.messages[0]).toMatch(/^ไม่รู้จักคอลัมน์/);
    expect(report.body.messages[0]).toContain('และอีก 1980 คอลัมน์');
    expect(report.text.length).toBeLessThan(5000);
  });
});

describe('imports at once', () => {
  /** A dry run that takes a few seconds: 30,000 rows to check. */
  const slow = [
    `${L('code')},${L('name')}`,
    ...Array.from({ length: 30_000 }, (_, i) => `VG-Q${i},กลุ่ม ${i}`),
  ].join('\n');

  async function finished(id: string, as: string) {
    for (let i = 0; i < 600; i++) {
      const job = await call(server.api, 'GET', `/${entity.name}/import/jobs/${id}`, { token: as });
      if (job.body.phase === 'done' || job.body.phase === 'failed') return job.body;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the job did not end');
  }

  it('one per user and two per server; beyond, a Thai 429 for jobs and the direct import alike', async () => {
    const users = await Promise.all(
      [0, 1, 2].map(async () => signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }))),
    );
    const [a, b, c] = users as [string, string, string];
    const first = await upload(slow, 'ช้า.csv', a, '/import/jobs');
    expect(first.status, first.text).toBe(201);
    for (const again of [
      await upload(slow, 'ช้า.csv', a, '/import/jobs'),
      await upload('x', 'x.csv', a, '/import'),
    ]) {
      expect(again.status).toBe(429);
      expect(again.body.messages[0]).toMatch(/^มีงานนำเข้าที่กำลังทำอยู่/);
      expect(again.body.messages[0]).toContain('1 งานต่อผู้ใช้');
    }
    const second = await upload(slow, 'ช้า.csv', b, '/import/jobs');
    expect(second.status, second.text).toBe(201);
    const third = await upload(`${L('code')},${L('name')}\nVG-T,t`, 'สาม.csv', c, '/import');
    expect(third.status).toBe(429);
    expect(third.body.messages[0]).toMatch(/^มีงานนำเข้าที่กำลังทำอยู่ 2 งาน/);
    // The server keeps answering everything else meanwhile.
    expect((await call(server.api, 'GET', `/${entity.name}`, { token: c })).status).toBe(200);
    expect((await finished(first.body.id, a)).phase).toBe('done');
    expect((await finished(second.body.id, b)).phase).toBe('done');
    const after = await upload(`${L('code')},${L('name')}\nVG-T,t`, 'สาม.csv', c, '/import');
    expect(after.status, after.text).toBe(200);
  });
});
