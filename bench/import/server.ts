/**
 * The real server (apps/server/src/main.ts) in its own process, for the import bench: the figure
 * that matters is the memory and CPU of the process that runs the import, not of the bench that
 * seeded the data and wrote the files. Figures come from /proc (Linux): VmHWM is the process's peak
 * RSS, reset per phase through clear_refs; utime + stime its CPU, every thread.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../../apps/server');
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

export interface ProcessFigures {
  /** Resident now and at its peak since the last `resetPeak`, MB. */
  readonly rssMb: number;
  readonly peakMb: number;
  /** CPU seconds since the start, user + system, every thread. */
  readonly cpuSeconds: number;
}

export interface ServerProcess {
  readonly api: string;
  readonly pid: number;
  readonly figures: () => ProcessFigures;
  readonly resetPeak: () => void;
  readonly stop: () => Promise<void>;
}

/** /proc/<pid>'s resident set and peak (kB lines of `status`) and CPU ticks (`stat`). */
export function processFigures(pid: number): ProcessFigures {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    rssMb: Math.round(kb('VmRSS') / 1024),
    peakMb: Math.round(kb('VmHWM') / 1024),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
  };
}

/**
 * Starts the server on an existing database (no demo seeding) and a free port; answers once it
 * listens. `nodeFlags` go to its Node (`BENCH_SERVER_FLAGS`, e.g. `--trace-gc`).
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  nodeFlags: string[],
): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', ...nodeFlags, 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LMS_DEMO: 'false',
      LMS_DATA_DIR: dataDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A bench that fails leaves no server behind.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const api = await new Promise<string>((resolve, reject) => {
    let out = '';
    let listening = false;
    child.stdout!.on('data', (data: Buffer) => {
      // Once it listens, its output (warnings and errors: LOG_LEVEL=warn) is shown as it comes.
      if (listening) return void process.stdout.write(`  server: ${data}`);
      out += data.toString();
      const port = /running at http:\/\/localhost:(\d+)\//.exec(out)?.[1];
      listening = port !== undefined;
      if (port) resolve(`http://127.0.0.1:${port}/api`);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
  const pid = child.pid!;
  return {
    api,
    pid,
    figures: () => processFigures(pid),
    resetPeak: () => writeFileSync(`/proc/${pid}/clear_refs`, '5'),
    stop: async () => {
      process.off('exit', orphan);
      child.kill('SIGTERM');
      await exited;
    },
  };
}
