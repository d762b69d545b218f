/**
 * CPU time spent, read from /proc: a figure the machine's load does not inflate the way it does
 * wall-clock times (on 2 cores shared by several sessions, a request waits for a core as long as
 * it runs). `postgresCpuMs` sums the cluster's postmaster and every live backend, plus the
 * backends that have exited (the postmaster's waited-for children).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // USER_HZ is 100 on Linux.

/** utime, stime, cutime, cstime of a process, in ms; undefined when it is gone. */
function times(pid: number): { own: number; children: number; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i]) * TICK_MS;
    return { ppid: Number(fields[1]), own: n(11) + n(12), children: n(13) + n(14) };
  } catch {
    return undefined;
  }
}

/** CPU ms of the PostgreSQL cluster in `clusterDir` (its postmaster.pid names the postmaster). */
export function postgresCpuMs(clusterDir: string): number {
  const postmaster = Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const root = times(postmaster);
  if (!root) return 0;
  let total = root.own + root.children;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const child = times(pid);
    if (child?.ppid === postmaster) total += child.own;
  }
  return total;
}

/** CPU ms of this process (every thread). */
export const processCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** CPU ms of another process and its waited-for children (a load generator run as a child). */
export function pidCpuMs(pid: number): number {
  const t = times(pid);
  return t ? t.own + t.children : 0;
}
