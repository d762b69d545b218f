/**
 * The kill round (docs/operations.md "Supervision", docs/security.md "Recovery"): `npm start`'s
 * supervisor on a fresh data directory, planners confirming bookings over real HTTP all along,
 * and meanwhile the server killed with SIGKILL, then PostgreSQL's postmaster killed with SIGKILL —
 * once without customer messages and once with them on (the 'log' provider). For each kill: the
 * time until `/api/health` answers 200 again; at the end, how many acknowledged bookings (a 2xx
 * to their confirm) the database holds. Run: `npm run bench -- recovery`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import { connect } from '../../apps/server/src/db/database.ts';
import { freePort, localUrl } from '../../apps/server/src/db/embedded.ts';
import { postmasterPid } from '../../apps/server/src/db/postmaster.ts';
import { bookingScenario, moreSlots, oneDoDraft } from '../../apps/server/test/bookingScenario.ts';
import { call, createUser, signIn } from '../../apps/server/test/fixtures.ts';

const serverDir = path.join(import.meta.dirname, '../../apps/server');
const CONFIRMERS = 4;
const DRAFTS = Number(process.env.BENCH_DRAFTS ?? 400);

interface Round {
  readonly messages: boolean;
  readonly kills: { what: string; backAfterMs: number | undefined }[];
  acknowledged: string[];
  found: number;
  failedRequests: number;
}

async function healthy(api: string): Promise<boolean> {
  try {
    return (await fetch(`${api}/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

async function until(condition: () => Promise<boolean> | boolean, ms: number): Promise<number | undefined> {
  const started = performance.now();
  while (performance.now() - started < ms) {
    if (await condition()) return Math.round(performance.now() - started);
    await sleep(50);
  }
  return undefined;
}

async function round(messages: boolean): Promise<Round> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lms-bench-recovery-'));
  const port = await freePort();
  const api = `http://127.0.0.1:${port}/api`;
  let output = '';
  const supervisor: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/supervisor.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LMS_DATA_DIR: dir,
      LMS_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(messages ? { LMS_MESSAGES: 'log' } : { LMS_MESSAGES: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  supervisor.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  supervisor.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  if ((await until(() => healthy(api), 120_000)) === undefined) throw new Error(`never started:\n${output}`);

  const clusterDir = path.join(dir, 'pg');
  const pgPort = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  const password = readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
  const db = connect(localUrl(password, pgPort, 'lms'), 2);
  const world = await bookingScenario(db, { deliveryOrders: DRAFTS, vehicles: DRAFTS });
  const slots = await moreSlots(db, world, DRAFTS);
  const token = await signIn(api, await createUser(db, { roles: [ROLE_ADMIN] }));
  const query = `branchId=${world.branchId}`;
  const drafts: string[] = [];
  for (const [i, doId] of world.deliveryOrderIds.entries()) {
    const draft = await call(api, 'POST', `/doBooking/draft?${query}`, {
      token,
      body: oneDoDraft(world, doId, slots[i]),
    });
    drafts.push(draft.body.draft.id);
  }
  await db.destroy();

  const result: Round = { messages, kills: [], acknowledged: [], found: 0, failedRequests: 0 };
  const pending = [...drafts];
  let confirming = true;
  const confirmer = async () => {
    while (confirming && pending.length) {
      const id = pending.shift()!;
      try {
        const answer = await fetch(`${api}/doBooking/confirm?id=${id}&${query}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await answer.json()) as { id?: string };
        if (answer.status === 201 && body.id) result.acknowledged.push(body.id);
        else result.failedRequests += 1;
      } catch {
        result.failedRequests += 1;
      }
    }
  };
  const workers = Array.from({ length: CONFIRMERS }, confirmer);

  const serverPid = () => {
    const starts = [...output.matchAll(/"msg":"server started","pid":(\d+)/g)];
    return Number(starts.at(-1)![1]);
  };
  await sleep(1500);
  const server = serverPid();
  process.kill(server, 'SIGKILL');
  await sleep(100);
  result.kills.push({
    what: 'server (SIGKILL)',
    backAfterMs: await until(async () => serverPid() !== server && (await healthy(api)), 60_000),
  });
  await sleep(1500);
  process.kill(postmasterPid(clusterDir)!, 'SIGKILL');
  await sleep(100);
  result.kills.push({ what: 'PostgreSQL (SIGKILL)', backAfterMs: await until(() => healthy(api), 60_000) });
  await sleep(1500);
  confirming = false;
  await Promise.all(workers);

  const after = connect(
    localUrl(
      password,
      Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]),
      'lms',
    ),
    1,
  );
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from booking_report
    where id = any(${result.acknowledged}::uuid[]) and canceled_at is null`.execute(after);
  result.found = rows[0]!.n;
  await after.destroy();
  supervisor.kill('SIGTERM');
  await new Promise((resolve) => supervisor.once('exit', resolve));
  await rm(dir, { recursive: true, force: true });
  return result;
}

console.log(
  `\nbench/recovery — npm start's supervisor, ${CONFIRMERS} planners confirming all along (load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})\n`,
);
console.log(
  `${'customer messages'.padEnd(19)}${'killed'.padEnd(24)}${'/api/health 200 again'.padStart(22)}${'goal'.padStart(10)}`,
);
const results: Round[] = [];
for (const messages of [false, true]) {
  const r = await round(messages);
  results.push(r);
  for (const kill of r.kills)
    console.log(
      `${(messages ? 'on' : 'off').padEnd(19)}${kill.what.padEnd(24)}${(kill.backAfterMs === undefined ? 'never (60 s)' : `${(kill.backAfterMs / 1000).toFixed(1)} s`).padStart(22)}${'< 10 s'.padStart(10)}${kill.backAfterMs !== undefined && kill.backAfterMs < 10_000 ? ' met' : ' NOT met'}`,
    );
}
console.log(
  `\n${'customer messages'.padEnd(19)}${'acknowledged'.padStart(14)}${'found after'.padStart(14)}${'refused or cut off'.padStart(20)}`,
);
for (const r of results)
  console.log(
    `${(r.messages ? 'on' : 'off').padEnd(19)}${String(r.acknowledged.length).padStart(14)}${String(r.found).padStart(14)}${String(r.failedRequests).padStart(20)}${r.found === r.acknowledged.length ? '  every acknowledged booking kept' : '  LOST BOOKINGS'}`,
  );
