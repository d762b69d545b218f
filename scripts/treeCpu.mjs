// node scripts/treeCpu.mjs <command> [args…]: runs the command and prints the CPU seconds of it and of
// every process it started, however they end (docs/performance.md, "Measuring the suite's CPU").
//
// `/usr/bin/time` counts only the children each parent waited for. A Vitest worker leaves its
// headless shell to the system when it exits (e2e/browser.ts: the browser goes with the worker),
// and the shell's CPU, most of an e2e file's, is then counted nowhere. This follows the tree in
// /proc instead: every descendant seen is kept with its last reading, also after it was orphaned.
// Linux only (it reads /proc); Node built-ins only, as every script here.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const TICK_S = 0.01; // USER_HZ is 100 on Linux.
/** How often the tree is read: a process that ends between two readings loses at most this much. */
const EVERY_MS = 100;

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/treeCpu.mjs <command> [args…]');
  process.exit(2);
}

/** pid → { ppid, cpu: own user+system seconds, start: start time in ticks (tells a reused pid). } */
function readAll() {
  const all = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces: fields start after its closing parenthesis.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      all.set(Number(entry), {
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        ppid: Number(f[1]),
        cpu: (Number(f[11]) + Number(f[12])) * TICK_S,
        start: f[19],
      });
    } catch {
      // Gone between the listing and the read.
    }
  }
  return all;
}

const started = Date.now();
const child = spawn(command, args, { stdio: 'inherit' });
/**
 * What a process is, for the split printed at the end: its command name, and for Node and
 * Chromium the role its command line gives (Vitest's main process or a worker, a renderer or the
 * GPU process), which tells the suite's parts apart.
 */
function kindOf(pid, comm) {
  if (comm !== 'node' && !comm.startsWith('chrom') && !comm.startsWith('headless')) return comm;
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = argv.find((arg) => arg.startsWith('--type='));
    if (type) return `${comm} ${type.slice(7)}`;
    if (comm !== 'node') return `${comm} browser`;
    if (argv.some((arg) => arg.includes('vitest.mjs'))) return 'node vitest main';
    if (argv.some((arg) => arg.includes('/vitest/dist/workers/') || arg.includes('forks')))
      return 'node vitest worker';
    return 'node';
  } catch {
    return comm;
  }
}

/** `${pid}:${start}` → last CPU seconds seen, for every process that was ever in the tree. */
const seen = new Map();
/** The tree's processes as `${pid}:${start}`: a pid the system reuses later is another process. */
const members = new Set();
/** `${pid}:${start}` → what the process is (kindOf), as read while it was young. */
const kinds = new Map();
const keyOf = (pid, all) => `${pid}:${all.get(pid)?.start}`;

function sample() {
  const all = readAll();
  if (members.size === 0 && all.has(child.pid)) members.add(keyOf(child.pid, all));
  // Descendants: a process whose parent is in the tree; an orphan stays in by its own key.
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of all) {
      const key = keyOf(pid, all);
      if (!members.has(key) && members.has(keyOf(p.ppid, all))) {
        members.add(key);
        grew = true;
      }
    }
  }
  for (const [pid, p] of all) {
    const key = keyOf(pid, all);
    if (members.has(key)) {
      seen.set(key, p.cpu);
      // Read again while it is young: a forked child (Chromium's renderers) takes its own
      // command line just after its start.
      if (!kinds.has(key) || p.cpu < 0.2) kinds.set(key, kindOf(pid, p.comm));
    }
  }
}

const timer = setInterval(sample, EVERY_MS);
sample();
child.on('exit', (code, signal) => {
  clearInterval(timer);
  // The command's own children it waited for are in its final reading; a last look for the rest.
  sample();
  const cpu = [...seen.values()].reduce((sum, s) => sum + s, 0);
  const wall = (Date.now() - started) / 1000;
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.error(`treeCpu: ${cpu.toFixed(1)} CPU-s, ${wall.toFixed(1)} s wall, load ${load}`);
  const byKind = new Map();
  for (const [key, seconds] of seen) byKind.set(kinds.get(key), (byKind.get(kinds.get(key)) ?? 0) + seconds);
  for (const [kind, seconds] of [...byKind].sort((a, b) => b[1] - a[1]))
    if (seconds >= 0.05) console.error(`  ${seconds.toFixed(1).padStart(7)} CPU-s  ${kind}`);
  process.exit(code ?? (signal ? 1 : 0));
});
