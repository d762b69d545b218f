import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Keeps one child process running: when it dies, whatever the cause (a bug, out of memory, a
 * dependency's crash, a kill), it is started again after a back-off, and why it died is logged.
 * `npm start` runs the server under this (supervisor.ts); a container's restart policy does the
 * same job in production (deploy/). Hand-written: a process manager (pm2, forever) would be a
 * second runtime with its own daemon and config for what is forty lines here.
 */

export interface SuperviseOptions {
  readonly command: string;
  readonly args: readonly string[];
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** One JSON line per event: started, exited (with the cause), restarting, given up. */
  readonly log: (event: Record<string, unknown>) => void;
  /** Delay before the n-th restart in a row (n from 1). */
  readonly backoffMs?: (restart: number) => number;
  /** A child that ran this long before it died starts the back-off from the beginning again. */
  readonly healthyAfterMs?: number;
}

export interface Supervision {
  /** The running child's pid, undefined between a death and the restart. */
  readonly pid: () => number | undefined;
  /** Stops restarting, passes `signal` to the child and settles when it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** 0.5 s, 1 s, 2 s … at most 30 s: the first restart is nearly at once, a crash loop does not spin. */
export const defaultBackoff = (restart: number) => Math.min(500 * 2 ** (restart - 1), 30_000);

/** The last lines a child wrote to stderr: what a fatal error (`heap out of memory`) says before exit. */
const STDERR_TAIL_LINES = 12;

export function supervise(options: SuperviseOptions): Supervision {
  const backoff = options.backoffMs ?? defaultBackoff;
  const healthyAfter = options.healthyAfterMs ?? 60_000;
  let child: ChildProcess | undefined;
  let stopping = false;
  let restarts = 0;
  let timer: NodeJS.Timeout | undefined;
  let exited: Promise<void> = Promise.resolve();

  const start = () => {
    const startedAt = Date.now();
    const tail: string[] = [];
    // An IPC channel: the child exits when it closes, so a supervisor killed outright takes its child along.
    const current = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['inherit', 'inherit', 'pipe', 'ipc'],
    });
    child = current;
    current.stderr?.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      tail.push(...chunk.toString().split('\n').filter(Boolean));
      tail.splice(0, Math.max(0, tail.length - STDERR_TAIL_LINES));
    });
    options.log({ msg: 'server started', pid: current.pid });
    exited = new Promise((resolve) => {
      current.once('exit', (code, signal) => {
        child = undefined;
        resolve();
        if (stopping) return;
        const ranMs = Date.now() - startedAt;
        restarts = ranMs >= healthyAfter ? 1 : restarts + 1;
        const delayMs = backoff(restarts);
        options.log({
          msg: 'server exited; restarting it',
          pid: current.pid,
          code,
          signal,
          ranMs,
          cause: causeOf(code, signal, tail),
          restartInMs: delayMs,
        });
        timer = setTimeout(start, delayMs);
      });
    });
  };
  start();

  return {
    pid: () => child?.pid,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      stopping = true;
      clearTimeout(timer);
      child?.kill(signal);
      await exited;
    },
  };
}

/** Why a child died, in a line: its signal, or the last thing it wrote to stderr. */
function causeOf(code: number | null, signal: NodeJS.Signals | null, tail: readonly string[]): string {
  if (signal) return `killed by ${signal}`;
  const fatal = [...tail].reverse().find((line) => /FATAL|Error|error|heap|abort/.test(line));
  return fatal ?? tail.at(-1) ?? `exit code ${code}`;
}
