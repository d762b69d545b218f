import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ensureDatabase } from '../src/db/admin.ts';
import { connect, type Database, migrate } from '../src/db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { clearLeftoverPostmaster, isAlive, postmasterPid } from '../src/db/postmaster.ts';

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

/** Starts a server process on the cluster; `ready` settles when it serves or it has exited. */
function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', serverScript, dir], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/^ready /m.test(output)) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => reject(new Error(`server exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, ready, exited, output: () => output };
}

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
