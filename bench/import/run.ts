/**
 * bench/import: the Excel import (docs/import.md) of 100,000 DOs on the demo company.
 * Run: `npm run bench -- import` (BENCH_ROWS=20000 for a quicker pass).
 * Writes an .xlsx of new DOs the way the export writes them (codes and `code: name` labels), then
 * times: reading the sheet (streamed), the dry run, the apply (all created), the same file applied
 * again (all unchanged) and a second file (all updated); then the ERP's bulk API over HTTP
 * (records/s). Each phase prints its wall time, this process's CPU time (which the shared
 * machine's load does not inflate), its peak RSS and the load average; a table of the figures
 * beside their goals closes the run.
 * Goals (issue 18): validated in < 20 s, applied in < 60 s on 2 cores, peak RSS < 500 MB.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { editRoles, entityByName } from '@lms/domain';
import { sql } from 'kysely';
import type ExcelJSModule from '../../apps/server/node_modules/exceljs';
import { buildApp } from '../../apps/server/src/app.ts';
import { createDatabase, databaseUrl } from '../../apps/server/src/db/admin.ts';
import { connect, migrate } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { recordsFromSheet } from '../../apps/server/src/import/columns.ts';
import {
  type ImportOptions,
  type ImportSource,
  importRecords,
} from '../../apps/server/src/import/importRecords.ts';
import { readSheet } from '../../apps/server/src/import/read.ts';
import { createApiKey } from '../../apps/server/src/integration/apiKeys.ts';
import { seedDemoCompany } from '../../apps/server/src/seed/demo.ts';

// exceljs is the server's dependency (the reader the import uses), not the workspace root's.
const ExcelJS = createRequire(new URL('../../apps/server/package.json', import.meta.url))(
  'exceljs',
) as typeof ExcelJSModule;
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const dir = await mkdtemp(path.join(tmpdir(), 'lms-bench-import-'));
const embedded = await startEmbeddedPostgres(dir, { throwaway: true });
const url = databaseUrl(embedded.adminUrl, 'lms_bench_import');
await createDatabase(embedded.adminUrl, 'lms_bench_import');
const db = connect(url, 4);
await migrate(db);
await seedDemoCompany(db);

const entity = entityByName('deliveryOrder');
const label = (name: string) => entity.fields.find((f) => f.name === name)!.label;
type Candidate = { code: string; name: string };
const codes = async (table: string) =>
  (
    await sql<{
      code: string;
      name: string;
    }>`select code, name from ${sql.table(table)} order by code`.execute(db)
  ).rows;
const [customers, shipTos, articles, shipConds] = (await Promise.all(
  ['customer', 'ship_to', 'article', 'ship_cond'].map(codes),
)) as [Candidate[], Candidate[], Candidate[], Candidate[]];
const { rows: admins } = await sql<{ id: string; username: string }>`
  select id, username from app_user where username = 'planner.bkk'`.execute(db);
const { rows: branches } = await sql<{ id: string }>`select id from branch order by code limit 1`.execute(db);

// The file: the DO columns an ERP export has, references as codes or as the export's labels;
// `revision` changes every weight (a second file of the same DOs updates them all).
async function doFile(revision: number): Promise<Buffer> {
  const stream = new PassThrough();
  const bytes = buffer(stream);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false });
  const sheet = workbook.addWorksheet('DO');
  const names = [
    'docNo',
    'pickAt',
    'planAt',
    'deliveryAt',
    'qty',
    'weight',
    'weightUnit',
    'volume',
    'volumeUnit',
  ];
  const refs = ['customerId', 'articleUomId', 'shipCondId', 'soShipToId'];
  sheet.addRow([...names, ...refs].map(label)).commit();
  const pick = <T>(list: T[], n: number) => list[n % list.length]!;
  for (let n = 1; n <= ROWS; n++) {
    const day = new Date(Date.UTC(2026, 0, 1 + (n % 300)));
    const customer = pick(customers, n);
    sheet
      .addRow([
        `IM${String(n).padStart(8, '0')}`,
        day,
        day,
        `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear() + 543}`,
        1 + (n % 12),
        `${((1 + (n % 12)) * 125.5 + revision).toLocaleString('en-US')}`,
        'KG',
        (1 + (n % 12)) * 0.02,
        'M3',
        n % 2 ? customer.code : `${customer.code}: ${customer.name}`,
        pick(articles, n).code,
        pick(shipConds, n).code,
        pick(shipTos, n).code,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  return bytes;
}
const bytes = await doFile(0);
console.log(
  `file: ${ROWS.toLocaleString('en')} DO rows, ${(bytes.length / 1024 / 1024).toFixed(1)} MB .xlsx`,
);

const options = (dryRun: boolean): ImportOptions => ({
  mode: 'upsert',
  dryRun,
  validOnly: false,
  branchId: branches[0]!.id,
  principal: { userId: admins[0]!.id, username: admins[0]!.username } as ImportOptions['principal'],
  source: 'import: bench.xlsx',
});
/** Peak RSS of this process during the current phase (sampled every 50 ms) and over the whole run. */
let peak = 0;
let peakOverall = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
  peakOverall = Math.max(peakOverall, peak);
}, 50);
const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/** name → [wall seconds, this process's CPU seconds, peak RSS MB] */
const figures = new Map<string, [number, number, number]>();
const timed = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
  peak = process.memoryUsage().rss;
  const before = MB(peak);
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await run();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  peak = Math.max(peak, process.memoryUsage().rss);
  figures.set(what, [seconds, cpuSeconds, MB(peak)]);
  console.log(
    `${what}: ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds).toLocaleString('en')} rows/s), ` +
      `Node CPU ${cpuSeconds.toFixed(1)} s (both threads), peak RSS ${MB(peak)} MB (${before} MB before it), load ${load()}`,
  );
  return result;
};
/** A run's counts (and its first failed row): the report itself is not kept, so phases do not add up in RSS. */
const summary = (r: Awaited<ReturnType<typeof importRecords>>) =>
  `created ${r.created}, updated ${r.updated}, unchanged ${r.unchanged}, failed ${r.failed}, applied ${r.applied}` +
  (r.failed ? `\n  ${JSON.stringify(r.rows.find((row) => row.status === 'failed'))}` : '');

const source = async (file = bytes) => recordsFromSheet(entity, await readSheet(file, 'bench.xlsx'));
const rowsRead = await timed('read the sheet only (streamed)', async () => {
  let n = 0;
  const { chunks } = (await source()) as Extract<ImportSource, { chunks: unknown }>;
  for await (const chunk of chunks) n += chunk.length;
  return n;
});
const phase = async (what: string, dryRun: boolean, file = bytes) =>
  console.log(
    `  ${await timed(what, async () => summary(await importRecords(db, entity, await source(file), options(dryRun))))}`,
  );
await phase('dry run', true);
await phase('apply, all new', false);
await phase('apply again, all unchanged', false);
await phase('apply a second file, every weight changed', false, await doFile(1));

// The ERP's way in: `POST /api/deliveryOrder/bulk` over real HTTP with an API key, 1,000 records a
// call (the limit), two calls in flight; new DOs, then the same again (all unchanged).
const BULK_ROWS = Math.min(ROWS, 20_000);
const app = await buildApp({ db, databaseUrl: url });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const { rows: group } = await sql<{ id: string }>`
  insert into app_role_group (name, roles) values ('ERP bench', ${editRoles(entity)}) returning id`.execute(
  db,
);
const key = await createApiKey(
  db,
  { name: 'ERP bench', roleGroupId: group[0]!.id, branchIds: [branches[0]!.id] },
  admins[0]!.id,
);
const ids = async (table: string) =>
  (await sql<{ id: string }>`select id from ${sql.table(table)} order by code limit 50`.execute(db)).rows.map(
    (r) => r.id,
  );
const [customerIds, shipToIds, articleIds, shipCondIds] = (await Promise.all(
  ['customer', 'ship_to', 'article', 'ship_cond'].map(ids),
)) as [string[], string[], string[], string[]];
const bulkRecord = (n: number) => ({
  docNo: `ERP${String(n).padStart(8, '0')}`,
  pickAt: '2026-12-01',
  planAt: '2026-12-02',
  deliveryAt: '2026-12-03',
  qty: 1 + (n % 12),
  weight: (1 + (n % 12)) * 125.5,
  weightUnit: 'KG',
  volume: (1 + (n % 12)) * 0.02,
  volumeUnit: 'M3',
  customerId: customerIds[n % customerIds.length],
  shipCondId: shipCondIds[n % shipCondIds.length],
  soShipToId: shipToIds[n % shipToIds.length],
  articleUomId: articleIds[n % articleIds.length],
});
const bulkRates = new Map<string, number>();
async function bulkRound(what: string): Promise<void> {
  const batches = Array.from({ length: Math.ceil(BULK_ROWS / 1000) }, (_, b) =>
    Array.from({ length: Math.min(1000, BULK_ROWS - b * 1000) }, (_, i) => bulkRecord(b * 1000 + i)),
  );
  const started = performance.now();
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const records = batches[next++]!;
      const response = await fetch(
        `http://127.0.0.1:${port}/api/deliveryOrder/bulk?branchId=${branches[0]!.id}`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ records }),
        },
      );
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 400 && statuses.get(response.status) === 1)
        console.log(`  ${response.status}: ${(await response.text()).slice(0, 300)}`);
      else await response.arrayBuffer();
    }
  };
  await Promise.all([worker(), worker()]);
  const seconds = (performance.now() - started) / 1000;
  bulkRates.set(what, BULK_ROWS / seconds);
  console.log(
    `bulk API, ${what}: ${BULK_ROWS.toLocaleString('en')} records in ${seconds.toFixed(1)} s ` +
      `(${Math.round(BULK_ROWS / seconds).toLocaleString('en')} records/s; answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')})`,
  );
}
await bulkRound('all new');
await bulkRound('the same again (unchanged)');
await app.close();

clearInterval(sampler);
const { rows: history } = await sql<{ n: number }>`
  select count(*)::int as n from history where source = 'import: bench.xlsx'`.execute(db);
console.log(
  `history entries marked imported: ${history[0]!.n.toLocaleString('en')} (${rowsRead.toLocaleString('en')} rows, created then updated)`,
);

// The figures beside the goals (issue 18): 100,000 DOs checked < 20 s, applied < 60 s, peak RSS < 500 MB.
const scale = 100_000 / ROWS;
const line = (what: string, figure: string, goal: string, met?: boolean) =>
  console.log(`| ${what} | ${figure} | ${goal} | ${met === undefined ? '' : met ? 'met' : 'NOT met'} |`);
console.log(`\n${ROWS.toLocaleString('en')} rows, load average at the end ${load()}`);
console.log('| figure | measured (Node CPU) | goal | |\n|---|---:|---|---|');
for (const [what, goal] of [
  ['dry run', 20],
  ['apply, all new', 60],
  ['apply again, all unchanged', undefined],
  ['apply a second file, every weight changed', 60],
] as const) {
  const [seconds, cpu] = figures.get(what)!;
  const forGoal = goal === undefined ? undefined : seconds * scale < goal;
  line(
    what,
    `${seconds.toFixed(1)} s (${cpu.toFixed(1)} s)`,
    goal === undefined ? '' : `< ${goal} s for 100,000${scale === 1 ? '' : ` (scaled ×${scale.toFixed(1)})`}`,
    forGoal,
  );
}
line(
  'peak RSS',
  `${MB(Math.max(peakOverall, process.resourceUsage().maxRSS * 1024))} MB`,
  '< 500 MB',
  MB(peakOverall) < 500,
);
for (const [what, rate] of bulkRates)
  line(
    `bulk API, ${what}`,
    `${Math.round(rate).toLocaleString('en')} records/s`,
    'before: 132 new, 157 unchanged',
  );
await db.destroy();
await embedded.stop();
