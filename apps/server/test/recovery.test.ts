import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { entityByName, ROLE_ADMIN } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ensureDatabase } from '../src/db/admin.ts';
import { connect, type Database, migrate } from '../src/db/database.ts';
import { type EmbeddedDatabase, localUrl, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { clearLeftoverPostmaster, isAlive, postmasterPid } from '../src/db/postmaster.ts';
import { jobMessages } from '../src/import/jobs.ts';
import { bookingScenario, oneDoDraft } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';

// docs/security.md, "Recovery": the embedded PostgreSQL neither outlives the server nor blocks
// the next start, and a PostgreSQL that dies under a running server comes back by itself. One
// cluster in a temp directory for the whole file (initdb once); the server processes are
// test/processes/embeddedServer.ts, the server reduced to its embedded PostgreSQL.

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const serverScript = path.join(serverDir, 'test/processes/embeddedServer.ts');

let dir: string;
let clusterDir: string;
const started: ChildProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lms-recovery-'));
  clusterDir = path.join(dir, 'pg');
});

afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // A failed test may leave a postmaster without its server: stop it rather than leak it.
  const pid = postmasterPid(clusterDir);
  if (pid && !(await waitFor(() => !isAlive(pid), 20_000))) process.kill(pid, 'SIGQUIT');
  await rm(dir, { recursive: true, force: true });
});

/**
 * Starts a process in the server's folder; `ready` settles with `until`'s match in its output,
 * or fails once it has exited.
 */
function startProcess(args: string[], until: RegExp, env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  started.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<RegExpExecArray>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = until.exec(output);
      if (match) resolve(match);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, ready, exited, output: () => output };
}

/** A server process reduced to its embedded PostgreSQL, on the cluster. */
const startServer = () => startProcess([serverScript, dir], /^ready /m);

/** Polls `condition` until it holds or `ms` pass; says whether it held (no timing is asserted). */
async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) {
    if (await condition()) return true;
  }
  return condition();
}

/** The watchdog shell a server process started (its child running `lms-pg-watchdog`). */
function watchdogOf(pid: number): number | undefined {
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1];
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === String(pid) && command.includes('lms-pg-watchdog')) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

describe('kill -9 of the server', () => {
  let second: ReturnType<typeof startServer>;

  it('takes PostgreSQL with it, and the next start works', { timeout: 120_000 }, async () => {
    const first = startServer();
    await first.ready;
    const postmaster = postmasterPid(clusterDir)!;
    expect(isAlive(postmaster)).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(await waitFor(() => !isAlive(postmaster), 30_000)).toBe(true);

    second = startServer();
    await second.ready;
    expect(isAlive(postmasterPid(clusterDir)!)).toBe(true);
  });

  it('leaves a postmaster behind if its watchdog died too; the next start stops it and starts', {
    timeout: 120_000,
  }, async () => {
    const orphan = postmasterPid(clusterDir)!;
    const watchdog = watchdogOf(second.child.pid!);
    expect(watchdog).toEqual(expect.any(Number));
    process.kill(watchdog!, 'SIGKILL');
    await waitFor(() => !isAlive(watchdog!), 10_000);
    second.child.kill('SIGKILL');
    await second.exited;
    // Nobody stops it now: it is an orphan on the cluster.
    expect(isAlive(orphan)).toBe(true);

    const third = startServer();
    await third.ready;
    expect(third.output()).toContain(`stopping PostgreSQL (pid ${orphan}) left behind`);
    expect(isAlive(orphan)).toBe(false);
    const postmaster = postmasterPid(clusterDir)!;
    expect(postmaster).not.toBe(orphan);

    // A live server's PostgreSQL is not taken over: a second server on the cluster is refused.
    const intruder = startServer();
    await expect(intruder.ready).rejects.toThrow(/Another LMS server \(pid \d+\) is running/);
    expect(await intruder.exited).not.toBe(0);
    expect(isAlive(postmaster)).toBe(true);

    // A clean stop stops PostgreSQL too.
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(isAlive(postmaster)).toBe(false);
  });
});

describe('a postmaster.pid whose pid now belongs to another process', () => {
  it('is removed before the start, which PostgreSQL would otherwise refuse', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'lms-stale-'));
    try {
      const cluster = path.join(other, 'pg');
      await mkdir(cluster);
      // This test's own process: alive, but not a postmaster working in that cluster.
      await writeFile(path.join(cluster, 'postmaster.pid'), `${process.pid}\n${cluster}\n`);
      await clearLeftoverPostmaster(other, cluster, () => {});
      expect(existsSync(path.join(cluster, 'postmaster.pid'))).toBe(false);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe('PostgreSQL dies under a running server', () => {
  let embedded: EmbeddedDatabase;
  let db: Database;
  let app: FastifyInstance;
  let api: string;
  const gaveUp: Error[] = [];

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await embedded?.stop();
  });

  it('is restarted; health answers 200 again and an acknowledged write is kept', {
    timeout: 120_000,
  }, async () => {
    embedded = await startEmbeddedPostgres(dir, { onGiveUp: (error) => gaveUp.push(error) });
    await ensureDatabase(embedded.adminUrl, 'lms');
    db = connect(embedded.url('lms'));
    await migrate(db);
    app = await buildApp({ db, databaseUrl: embedded.url('lms') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
    expect((await fetch(`${api}/health`)).status).toBe(200);

    // An acknowledged write: committed through the server's own pool (no password hashing, which
    // is slow on a loaded machine and beside the point here).
    const { rows } = await sql<{ id: string }>`
      insert into branch (code, name) values ('REC01', 'สาขากู้คืน') returning id`.execute(db);

    const killed = postmasterPid(clusterDir)!;
    process.kill(killed, 'SIGKILL');
    const healthy = await waitFor(async () => {
      const pid = postmasterPid(clusterDir);
      if (!pid || pid === killed) return false;
      return (await fetch(`${api}/health`)).status === 200;
    }, 60_000);
    expect(healthy).toBe(true);
    expect(gaveUp).toEqual([]);

    const kept = await sql<{ name: string }>`select name from branch where id = ${rows[0]!.id}`.execute(db);
    expect(kept.rows).toEqual([{ name: 'สาขากู้คืน' }]);
  });
});

describe('PostgreSQL lost under the product while it sends customer messages and imports', () => {
  // main.ts as `npm start` runs it (messages on, the 'log' provider), on this file's cluster. At
  // each loss the booking/session listener, the outbox worker and an import job hold connections.
  let product: ReturnType<typeof startProduct>;
  let db: Database;
  let url = '';
  let api = '';
  let token = '';
  let world: Awaited<ReturnType<typeof bookingScenario>>;
  let lockHolder: pg.Client | undefined;

  const startProduct = () =>
    startProcess(['src/main.ts'], /LMS is running at http:\/\/localhost:(\d+)\//, {
      ...process.env,
      DATABASE_URL: '',
      LMS_DATA_DIR: dir,
      LMS_WEB_DIST: path.join(dir, 'no-web-app'),
      LMS_DEMO: 'false',
      LMS_MESSAGES: 'log',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    });

  const alive = () => product.child.exitCode === null && product.child.signalCode === null;

  beforeAll(async () => {
    product = startProduct();
    api = `http://127.0.0.1:${(await product.ready)[1]}/api`;
    const password = readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
    const pgPort = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    url = localUrl(password, pgPort, 'lms');
    db = connect(url, 2);
    world = await bookingScenario(db, { deliveryOrders: 2, vehicles: 2 });
    const user = await createUser(db, { roles: [ROLE_ADMIN], branchIds: [world.branchId] });
    token = await signIn(api, user);
  }, 120_000);

  afterAll(async () => {
    await lockHolder?.end().catch(() => {});
    if (product && alive()) {
      product.child.kill('SIGTERM');
      await product.exited;
    }
    await db?.destroy();
  });

  /** An import job of regions, left waiting on a lock this test holds: connected when PostgreSQL goes. */
  async function importJobWaitingOnALock(): Promise<{ jobId: string; holder: number; code: string }> {
    lockHolder = new pg.Client({ connectionString: url });
    lockHolder.on('error', () => {});
    await lockHolder.connect();
    await lockHolder.query('begin');
    await lockHolder.query('lock table region in access exclusive mode');
    const { rows } = await lockHolder.query<{ pid: number }>('select pg_backend_pid() as pid');
    const region = entityByName('region');
    const label = (name: string) => region.fields.find((f) => f.name === name)!.label;
    const code = `RJOB${Date.now()}`;
    const csv = `${label('code')},${label('nameTh')}\r\n${code},ภาคนำเข้า\r\n`;
    const form = new FormData();
    form.append('file', new Blob([csv]), 'ภาค.csv');
    const response = await fetch(`${api}/region/import/jobs?dryRun=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const job = (await response.json()) as { id: string };
    expect(response.status, JSON.stringify(job)).toBe(201);
    const waiting = await waitFor(async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
        where datname = 'lms' and wait_event_type = 'Lock'`.execute(db);
      return rows[0]!.n > 0;
    }, 30_000);
    expect(waiting).toBe(true);
    return { jobId: job.id, holder: rows[0]!.pid, code };
  }

  /** Reads the branch's live calendar stream into `text` until aborted. */
  async function openStream() {
    const controller = new AbortController();
    const response = await fetch(`${api}/bookingCalendar/events?branchId=${world.branchId}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const stream = { text: '', close: () => controller.abort() };
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        stream.text += decoder.decode(value, { stream: true });
      }
    })().catch(() => {});
    return stream;
  }

  /**
   * Each way of losing the database, and how the import waiting on the lock may end. Its own backend
   * terminated, it always fails. With the postmaster killed, every backend exits when it notices, and
   * PostgreSQL decides the race: the lock holder's backend may exit and free the table before the
   * import's notices, and the import then commits (its WAL is on disk; recovery keeps it). Either
   * way nothing is half-written: failed and no row, or done and the row there.
   */
  const variants: [string, (holder: number) => Promise<void>, readonly ('failed' | 'done')[]][] = [
    [
      'every backend of the server terminated',
      async (holder) => {
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = 'lms' and pid <> pg_backend_pid() and pid <> ${holder}`.execute(db);
      },
      ['failed'],
    ],
    [
      'the postmaster killed (SIGKILL)',
      async () => {
        process.kill(postmasterPid(clusterDir)!, 'SIGKILL');
      },
      ['failed', 'done'],
    ],
  ];

  for (const [name, kill, outcomes] of variants) {
    it(`${name}: the server lives, answers again, hears again and sends again`, {
      timeout: 180_000,
    }, async () => {
      const { jobId, holder, code } = await importJobWaitingOnALock();
      // The listener and the outbox worker are connected too (the worker keeps its connection).
      expect(
        await waitFor(async () => {
          const { rows } = await sql<{ name: string }>`select distinct application_name as name
            from pg_stat_activity where datname = 'lms' and application_name like 'lms-%'`.execute(db);
          const names = rows.map((row) => row.name);
          return names.some((n) => n.startsWith('lms-listen')) && names.includes('lms-contact-worker');
        }, 10_000),
      ).toBe(true);
      await kill(holder);
      const healthy = await waitFor(
        async () => (await fetch(`${api}/health`).catch(() => undefined))?.status === 200,
        60_000,
      );
      // Let the lock go only now: ended right after the postmaster's SIGKILL, its backend could
      // still roll back and free the table for the import's backend to commit before either
      // noticed the postmaster gone (a full run saw the job "done").
      await lockHolder?.end().catch(() => {});
      lockHolder = undefined;
      expect(alive(), product.output()).toBe(true);
      expect(healthy).toBe(true);

      // The job lost its transaction and says so in Thai once the database is back, or (the
      // postmaster's race above) it committed whole: never a row without a finished job.
      let job: { phase?: string; messages?: string[] } = {};
      await waitFor(async () => {
        job = (await call(api, 'GET', `/region/import/jobs/${jobId}`, { token })).body;
        return job.phase === 'failed' || job.phase === 'done';
      }, 30_000);
      expect(outcomes).toContain(job.phase);
      const { rows: imported } = await sql<{ n: number }>`select count(*)::int as n from region
        where code = ${code}`.execute(db);
      if (job.phase === 'failed') {
        expect(job.messages).toEqual([jobMessages.databaseLost]);
        expect(imported[0]!.n).toBe(0);
      } else expect(imported[0]!.n).toBe(1);

      // LISTEN again: a notification reaches a live calendar stream.
      const stream = await openStream();
      const heard = await waitFor(async () => {
        const probe = randomUUID();
        await sql`select pg_notify('lms_booking', ${JSON.stringify({
          branchId: world.branchId,
          kind: 'confirmed',
          bookingId: probe,
          slotIds: [],
          dates: [],
        })})`.execute(db);
        await waitFor(() => stream.text.includes(probe), 500);
        return stream.text.includes(probe);
      }, 30_000);
      expect(heard).toBe(true);

      // A booking made now: its event reaches the stream, its message is queued and sent.
      const deliveryOrderId = world.deliveryOrderIds[variants.findIndex(([n]) => n === name)]!;
      const draft = await call(api, 'POST', `/doBooking/draft?branchId=${world.branchId}`, {
        token,
        body: oneDoDraft(world, deliveryOrderId),
      });
      expect(draft.status, JSON.stringify(draft.body)).toBe(201);
      const confirmed = await call(
        api,
        'POST',
        `/doBooking/confirm?id=${draft.body.draft.id}&branchId=${world.branchId}`,
        { token },
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
      const bookingId = confirmed.body.id as string;
      expect(await waitFor(() => stream.text.includes(bookingId), 10_000)).toBe(true);
      stream.close();
      const sent = await waitFor(async () => {
        const { rows } = await sql<{ status: string }>`select status from contact_message
          where booking_id = ${bookingId}`.execute(db);
        return rows.length > 0 && rows.every((row) => row.status === 'sent');
      }, 30_000);
      expect(sent).toBe(true);
      expect(alive(), product.output()).toBe(true);
      expect(product.output()).not.toMatch(/Unhandled|uncaught/i);
    });
  }
});
