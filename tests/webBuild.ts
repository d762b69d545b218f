import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The web app's build: the end-to-end files serve it, tests/entrySizes.test.ts measures it. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');

/**
 * `npm test` builds the web app while Vitest starts and runs the files that do not need the build
 * (scripts/test.mjs, docs/performance.md "The test suite"). While it builds, this file says so:
 * `{ "pid": <npm test's>, "state": "building" | "built" | "failed" }`. Without the file (Vitest run
 * on its own) the build is whatever `npm run build` left.
 */
export const WEB_BUILD_STATE = path.resolve(import.meta.dirname, '../.tmp/web-build.json');

/** Waits at most this long for `npm test`'s build (~10 s alone, ~40 s on a loaded machine). */
const WAIT_MS = 240_000;

/** The web app's build once it is complete: waits for the one `npm test` is making, if any. */
export async function builtWebApp(): Promise<string> {
  for (const deadline = Date.now() + WAIT_MS; ; await sleep(250)) {
    const build = readState();
    if (!build || build.state === 'built') return WEB_DIST;
    if (build.state === 'failed')
      throw new Error(`the web build failed (npm test's "build web", its output above): no ${WEB_DIST}`);
    if (!alive(build.pid)) {
      // An `npm test` stopped while it built: its half-written build is no build, unless one was made since.
      if (builtAfter(statSync(WEB_BUILD_STATE).mtimeMs)) return WEB_DIST;
      throw new Error(`an npm test stopped while it built the web app: build it again (npm run build)`);
    }
    if (Date.now() > deadline)
      throw new Error(`npm test's web build did not end within ${WAIT_MS / 1000} s (pid ${build.pid})`);
  }
}

function readState(): { pid: number; state: string } | undefined {
  try {
    return JSON.parse(readFileSync(WEB_BUILD_STATE, 'utf8'));
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function builtAfter(ms: number): boolean {
  try {
    return statSync(path.join(WEB_DIST, '.vite/manifest.json')).mtimeMs > ms;
  } catch {
    return false;
  }
}
