import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../src/db/embedded.ts';
import { isAlive, postmasterPid } from '../src/db/postmaster.ts';

// docs/operations.md, "Supervision": `npm start` runs the server under supervisor.ts, which keeps
// the embedded PostgreSQL and starts the server again whenever it dies, saying why it died.

const serverDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const crashOnSignal = path.join(serverDir, 'test/processes/crashOnSignal.mjs');

let dir: string;
let port: number;
let supervisor: ChildProcess;
let output = '';
let exitCode: Promise<number | null>;

interface Event {
  readonly msg: string;
  readonly pid?: number;
  readonly cause?: string;
}

/** The supervisor's JSON events so far (the server's own log lines are JSON too; they have no `pid` of a start). */
const events = (): Event[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{"time"'))
    .map((line) => JSON.parse(line) as Event);
const serverPids = () =>
  events()
    .filter((e) => e.msg === 'server started')
    .map((e) => e.pid!);

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** Polls until `condition` holds or `ms` pass; the time it took, or undefined. No timing is asserted but the ceiling. */
async function waitFor(condition: () => boolean | Promise<boolean>, ms: number): Promise<number | undefined> {
  const started = Date.now();
  for (const deadline = started + ms; Date.now() < deadline; await sleep(100)) {
    if (await condition()) return Date.now() - started;
  }
  return undefined;
}

/** Kills the running server as `kill`, then waits for a new one to answer; the time until it did. */
async function killAndRecover(kill: (pid: number) => void): Promise<number | undefined> {
  const before = serverPids().at(-1)!;
  kill(before);
  return waitFor(async () => serverPids().at(-1) !== before && (await healthy()), 60_000);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lms-supervisor-'));
  port = await freePort();
  supervisor = spawn(process.execPath, ['--import', 'tsx', 'src/supervisor.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      LMS_DATA_DIR: dir,
      LMS_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_OPTIONS: `--import ${crashOnSignal}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const read = (chunk: Buffer) => {
    output += chunk.toString();
  };
  supervisor.stdout!.on('data', read);
  supervisor.stderr!.on('data', read);
  exitCode = new Promise((resolve) => supervisor.on('exit', (code) => resolve(code)));
  const took = await waitFor(healthy, 90_000);
  if (took === undefined) throw new Error(`the supervised server never answered:\n${output.slice(-3000)}`);
}, 120_000);

afterAll(async () => {
  if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill('SIGKILL');
  const postmaster = postmasterPid(path.join(dir, 'pg'));
  if (postmaster && isAlive(postmaster)) process.kill(postmaster, 'SIGQUIT');
  await rm(dir, { recursive: true, force: true });
});

describe('the supervisor', () => {
  it('starts the server again after SIGKILL, and says it was killed', async () => {
    const took = await killAndRecover((pid) => process.kill(pid, 'SIGKILL'));
    console.info(`supervisor: SIGKILL of the server → /api/health 200 again after ${took} ms`);
    expect(took, output.slice(-2000)).toBeDefined();
    expect(events().some((e) => e.msg.includes('restarting') && e.cause === 'killed by SIGKILL')).toBe(true);
  }, 90_000);

  it('starts the server again after an uncaught error, and logs the error as the cause', async () => {
    const took = await killAndRecover((pid) => process.kill(pid, 'SIGUSR2'));
    console.info(`supervisor: an uncaught error in the server → /api/health 200 again after ${took} ms`);
    expect(took, output.slice(-2000)).toBeDefined();
    const exit = events().findLast((e) => e.msg.includes('restarting'));
    expect(exit?.cause).toMatch(/an uncaught error thrown by the supervisor test/);
  }, 90_000);

  it('kept PostgreSQL running across the restarts, and stops it and the server on SIGTERM', async () => {
    const postmaster = postmasterPid(path.join(dir, 'pg'));
    expect(postmaster && isAlive(postmaster)).toBeTruthy();
    expect(events().filter((e) => e.msg.startsWith('PostgreSQL'))).toEqual([]);
    const server = serverPids().at(-1)!;
    supervisor.kill('SIGTERM');
    expect(await exitCode).toBe(0);
    expect(isAlive(server)).toBe(false);
    expect(await waitFor(() => !isAlive(postmaster!), 20_000)).toBeDefined();
  }, 60_000);
});
