/**
 * bench/api: the API against the same SQL run directly, on the million-DO data set.
 * Run: `npm run bench -- api` (BENCH_DOS=200000 for a quicker pass, DATABASE_URL to use your own server).
 * Prints latency p50/p95/p99 and throughput for a DO list page (paged on, its total known: not
 * counted; the same page with every field; and the first page of a filter set, counted), a DO by
 * id and an options search. The list pages ask the fields the DO list screen asks (`fields`,
 * issue 41); `list-full` asks every field, as before.
 * BENCH_CASE=id (or list, options) runs one case (list: the three list cases); BENCH_PROFILE=<dir> writes a CPU profile of the
 * server under each case's load (bench/profile.ts).
 * The load generator (autocannon) runs in a child process, so this process's CPU is the server's.
 * BENCH_ALTERNATE=<rounds> measures the cases one page at a time in turns instead (CPU per page).
 * BENCH_STATEMENTS=1 prints pg_stat_statements' top statements per case; BENCH_SQL=1 the statements
 * each case's SQL side replays (the API's own, sqlSide.ts); BENCH_CONNECTIONS sets the concurrency (10).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { entityByName, listFieldNames, ROLE_ADMIN, validateListQuery } from '@lms/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { hashPassword } from '../../apps/server/src/auth/password.ts';
import { recordOptions } from '../../apps/server/src/crud/options.ts';
import { findLabelledRecord, listRecords } from '../../apps/server/src/crud/repository.ts';
import { pageRequest } from '../../apps/server/src/crud/requests.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../../apps/server/src/db/admin.ts';
import { connect, type Database, migrate } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { seedDemoCompany } from '../../apps/server/src/seed/demo.ts';
import { generateDeliveryOrders } from '../../apps/server/src/seed/scale.ts';
import { pidCpuMs, postgresCpuMs, processCpuMs } from '../cpu.ts';
import { profiled } from '../profile.ts';
import { printStatements, resetStatements, statementsWanted, withStatements } from '../statements.ts';
import { replay, statementsOf } from './sqlSide.ts';

const DOS = Number(process.env.BENCH_DOS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// Concurrent requests (and SQL loops): on 2 cores a p95 at 10 is mostly time spent queueing for a core.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

// BENCH_DATA_DIR keeps the cluster and its generated data for the next run (generation takes minutes).
const keep = process.env.BENCH_DATA_DIR;
const dir = keep ?? (await mkdtemp(path.join(tmpdir(), 'lms-bench-')));
let embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(dir);
if (embedded && statementsWanted) embedded = await withStatements(dir, embedded);
const adminUrl = process.env.DATABASE_URL
  ? databaseUrl(process.env.DATABASE_URL, 'postgres')
  : embedded!.adminUrl;
const name = 'lms_bench';
const password = 'bench-only-password';
const reuse = keep ? await hasBenchData(adminUrl, name) : false;
if (!reuse) {
  await dropDatabase(adminUrl, name);
  await createDatabase(adminUrl, name);
}
/**
 * BENCH_TCP=1: the server and the SQL side reach the embedded cluster by loopback TCP instead of
 * its Unix socket (the default since docs/performance.md, "The Unix socket"), to compare the two.
 */
function benchUrl(): string {
  const url = new URL(databaseUrl(adminUrl, name));
  if (process.env.BENCH_TCP) url.searchParams.delete('host');
  return url.toString();
}
const db = connect(benchUrl(), 20);
await migrate(db);
if (!reuse) {
  const started = Date.now();
  await seedDemoCompany(db);
  await generateDeliveryOrders(db, DOS);
  console.log(
    `data: ${DOS.toLocaleString('en')} extra DOs generated in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await sql`insert into app_role_group (name, roles) values ('bench', ${[ROLE_ADMIN]})`.execute(db);
  const { rows: user } = await sql<{
    id: string;
  }>`insert into app_user (username, full_name, active, password_hash)
    values ('bench', 'bench', true, ${await hashPassword(password)}) returning id`.execute(db);
  await sql`insert into app_user__role_group_ids (owner_id, ref_id) select ${user[0]!.id}, id from app_role_group where name = 'bench'`.execute(
    db,
  );
}
await sql`vacuum analyze delivery_order`.execute(db);

// With the database's URL, as `npm start` runs it: the instance LISTENs, so sessions are cached.
const app = await buildApp({ db, databaseUrl: benchUrl() });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}/api`;
const login = await fetch(`${base}/auth/webLogin`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench', password }),
});
const { token } = (await login.json()) as { token: string };

const { rows: pick } = await sql<{ branch: string; customer: string; id: string; doc: string }>`
  select d.branch_id as branch, d.customer_id as customer, d.id, d.doc_no as doc from delivery_order d
   where d.doc_no like 'BD%' order by d.doc_no limit 1 offset 5000`.execute(db);
const { branch, customer, id, doc } = pick[0]!;

// The SQL side's pool: as many connections as the API's (a list runs its page and total at once).
const pool = new pg.Pool({ connectionString: benchUrl(), max: 2 * CONNECTIONS });
// Stopping the cluster at the end closes idle connections from the server side: not an error here.
pool.on('error', () => {});
const deliveryOrder = entityByName('deliveryOrder');
/** The list query of a case as the route reads it from the URL (crud/routes.ts). */
const listQuery = (params: Record<string, string>) => {
  const result = validateListQuery(deliveryOrder, { branchId: branch, ...params });
  if (!result.ok) throw new Error(result.messages.join(', '));
  return result.value;
};
const search = (params: Record<string, string>) => new URLSearchParams({ branchId: branch, ...params });
// The fields the DO list screen asks by default: its declared columns, in the declaration's order
// (packages/entity-pages data/listFields.ts `shownListFields`; its unit test holds the same text).
const screenFields = listFieldNames(deliveryOrder)
  .filter((name) => (deliveryOrder.listColumns as readonly string[]).includes(name))
  .join(',');
const fullListParams = { size: '50', sort: 'deliveryAt,desc', isBookingEq: 'false', customerIds: customer };
const listParams = { ...fullListParams, fields: screenFields };
// What the list screen sends (packages/entity-pages data/useEntityData.ts): the first page of a
// filter set counts its total; the next pages (and sorts) of the same filters skip it, and each
// next page starts after the page before (its `next`, keyset paging). BENCH_OFFSET=1 asks page 2
// by number alone, as "go to page" does.
const firstPage = await fetch(`${base}/deliveryOrder?${search({ ...listParams, total: 'skip' })}`, {
  headers: { authorization: `Bearer ${token}` },
});
const { next } = (await firstPage.json()) as { next?: string };
const pagedParams = {
  ...listParams,
  page: '1',
  total: 'skip',
  ...(next && !process.env.BENCH_OFFSET ? { after: next } : {}),
};
// The same page with every field, as before `fields` (and as the ERP asks): the comparison.
const { fields: _fields, ...fullPagedParams } = pagedParams;
/** A list page as the route reads it from the URL (crud/routes.ts), then the same call. */
const listPage = (db: Database, params: Record<string, string>) => {
  const { query, reading } = pageRequest(deliveryOrder, { branchId: branch, ...params });
  return listRecords(db, deliveryOrder, query, branch, reading);
};
const optionsParams = { searchTerm: doc.slice(0, 9), size: '20' };
// Each case's SQL side is what the API's own code runs for it (bench/api/sqlSide.ts).
const cases = [
  {
    key: 'list',
    name: 'DO list: page 2 of 50, 2 filters, no count',
    url: `/deliveryOrder?${search(pagedParams)}`,
    call: (db: Database) => listPage(db, pagedParams),
  },
  {
    key: 'list-full',
    name: 'DO list: the same page, every field',
    url: `/deliveryOrder?${search(fullPagedParams)}`,
    call: (db: Database) => listPage(db, fullPagedParams),
  },
  {
    key: 'list-counted',
    name: 'DO list: page 1 of a filter set, counted',
    url: `/deliveryOrder?${search(listParams)}`,
    call: (db: Database) => listPage(db, listParams),
  },
  {
    key: 'id',
    name: 'DO by id',
    url: `/deliveryOrder/${id}?branchId=${branch}`,
    call: (db: Database) => findLabelledRecord(db, deliveryOrder, id, branch),
  },
  {
    key: 'options',
    name: 'DO options search',
    url: `/deliveryOrder/options?${search(optionsParams)}`,
    call: (db: Database) => recordOptions(db, deliveryOrder, listQuery(optionsParams), branch),
  },
];

/** autocannon in a child process: its CPU is reported apart from the server's. */
async function load(url: string) {
  const child = fork(
    path.join(import.meta.dirname, 'load.ts'),
    [
      JSON.stringify({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { authorization: `Bearer ${token}` },
      }),
    ],
    { execArgv: ['--import', 'tsx'] },
  );
  const [result] = (await once(child, 'message')) as [
    { p50: number; p97_5: number; p99: number; rps: number; non2xx: number; errors: number },
  ];
  const cpu = pidCpuMs(child.pid!);
  await once(child, 'exit');
  return { ...result, loaderCpu: cpu };
}

const goals: Record<string, { p95?: number; ratio?: number; rps?: number }> = {
  list: { p95: 20, ratio: 1.5 },
  'list-full': { p95: 20, ratio: 1.5 },
  'list-counted': { p95: 20, ratio: 1.5 },
  id: { ratio: 1.5, rps: 3000 },
  options: { p95: 30 },
};
const clusterDir = embedded ? path.join(dir, 'pg') : undefined;
const table: string[][] = [
  [
    'case',
    'API p50',
    'API p95',
    'API p99',
    'API req/s',
    'SQL p50',
    'SQL p95',
    'SQL q/s',
    'API/SQL',
    'srv CPU',
    'PG CPU',
    'load CPU',
    'goal',
  ],
];
const only = process.env.BENCH_CASE;
/**
 * BENCH_ALTERNATE=<rounds>: the cases one page at a time instead of under load, in turns (each round
 * 200 pages of each case, through app.inject: routing, checks, SQL, serializing; no socket), with
 * the server's and PostgreSQL's CPU per page. On a shared machine the load inflates CPU time too;
 * alternating gives the cases the same neighbours (`fields` against every field: issue 41).
 */
const rounds = Number(process.env.BENCH_ALTERNATE ?? 0);
if (rounds > 0) await alternate(cases.filter((c) => !only || c.key === only || c.key.startsWith(`${only}-`)));
for (const c of cases.filter(
  (c) => rounds === 0 && (!only || c.key === only || c.key.startsWith(`${only}-`)),
)) {
  const check = await fetch(`${base}${c.url}`, { headers: { authorization: `Bearer ${token}` } });
  if (check.status !== 200) throw new Error(`${c.name}: ${check.status} ${await check.text()}`);
  if (statementsWanted) await resetStatements(db);
  const cpu = { server: processCpuMs(), pg: clusterDir ? postgresCpuMs(clusterDir) : 0 };
  const api = await profiled(`api-${c.key}`, () => load(`${base}${c.url}`));
  const requests = api.rps * SECONDS;
  // CPU ms per request: this process (the server alone now), PostgreSQL's backends, the load generator.
  const perRequest = (ms: number) => (ms / Math.max(requests, 1)).toFixed(2);
  const serverCpu = perRequest(processCpuMs() - cpu.server);
  const pgCpu = clusterDir ? perRequest(postgresCpuMs(clusterDir) - cpu.pg) : '-';
  if (statementsWanted) await printStatements(db, requests, `${c.key} request`, 8);
  if (api.non2xx || api.errors) throw new Error(`${c.name}: ${api.non2xx} non-2xx, ${api.errors} errors`);
  const rounds = await statementsOf(benchUrl(), c.call);
  if (process.env.BENCH_SQL)
    console.log(
      `${c.name}:\n${rounds.map((r, i) => r.map((s) => `  ${i + 1}. ${s.text}`).join('\n')).join('\n')}`,
    );
  const raw = await replay(pool, rounds, CONNECTIONS, SECONDS);
  const ms = (n: number) => n.toFixed(1);
  const p95 = api.p97_5 ?? api.p99;
  const ratio = p95 / Math.max(raw.p95, 0.01);
  const goal = goals[c.key]!;
  const met =
    (goal.p95 === undefined || p95 < goal.p95) &&
    (goal.ratio === undefined || ratio < goal.ratio) &&
    (goal.rps === undefined || api.rps > goal.rps);
  const goalText = [
    goal.p95 !== undefined ? `p95 < ${goal.p95}` : '',
    goal.ratio !== undefined ? `API/SQL < ${goal.ratio}` : '',
    goal.rps !== undefined ? `> ${goal.rps.toLocaleString('en')} req/s` : '',
  ]
    .filter(Boolean)
    .join(', ');
  table.push([
    c.name,
    ms(api.p50),
    ms(p95),
    ms(api.p99),
    ms(api.rps),
    ms(raw.p50),
    ms(raw.p95),
    ms(raw.rps),
    ratio.toFixed(2),
    serverCpu,
    pgCpu,
    perRequest(api.loaderCpu),
    `${goalText}: ${met ? 'met' : 'NOT met'}`,
  ]);
}
if (rounds === 0)
  console.log(
    `\nbench/api — ${DOS.toLocaleString('en')} extra DOs, ${CONNECTIONS} connections, ${SECONDS} s per case, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}\n(ms; API "p95" is autocannon's p97.5; CPU columns: ms per request of the server process, PostgreSQL, the load generator)\n`,
  );
for (const row of rounds === 0 ? table : [])
  console.log(
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(40) : i === row.length - 1 ? `  ${cell}` : cell.padStart(10)))
      .join(''),
  );

await app.close();
await pool.end();
await db.destroy();
if (!keep) await dropDatabase(adminUrl, name);
await embedded?.stop();
if (!keep) await rm(dir, { recursive: true, force: true });

async function alternate(chosen: readonly { key: string; url: string }[]) {
  const PAGES = 200;
  const perPage = new Map(chosen.map((c) => [c.key, [] as string[]]));
  const bytes = new Map<string, number>();
  for (let round = 0; round <= rounds; round++) {
    for (const c of chosen) {
      const before = { server: processCpuMs(), pg: clusterDir ? postgresCpuMs(clusterDir) : 0 };
      for (let i = 0; i < PAGES; i++) {
        const answer = await app.inject({
          url: `/api${c.url}`,
          headers: { authorization: `Bearer ${token}` },
        });
        if (answer.statusCode !== 200) throw new Error(`${c.key}: ${answer.statusCode} ${answer.body}`);
        bytes.set(c.key, answer.rawPayload.length);
      }
      const server = (processCpuMs() - before.server) / PAGES;
      const pg = clusterDir ? (postgresCpuMs(clusterDir) - before.pg) / PAGES : 0;
      // Round 0 warms the code and the plans up: not counted.
      if (round > 0) perPage.get(c.key)!.push(`${server.toFixed(2)} / ${pg.toFixed(2)}`);
    }
  }
  console.log(
    `\nbench/api, one page at a time, ${rounds} rounds of ${PAGES} pages each in turns, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n(CPU ms per page: server / PostgreSQL, each round)\n`,
  );
  for (const [key, figures] of perPage)
    console.log(
      `${key.padEnd(14)} ${figures.join('   ')}   (${((bytes.get(key) ?? 0) / 1000).toFixed(1)} kB a page)`,
    );
}

async function hasBenchData(url: string, database: string): Promise<boolean> {
  const probe = connect(url, 1);
  try {
    const { rows } = await sql`select 1 from pg_database where datname = ${database}`.execute(probe);
    return rows.length > 0;
  } finally {
    await probe.destroy();
  }
}
