// Helpers for the README commands. Node built-ins only: these run before any install.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pnpmVersion = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).packageManager.split(
  '@',
)[1];
const toolsDir = path.join(root, '.tools');
export const pnpmBin = path.join(toolsDir, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

export function log(message) {
  console.log(`\x1b[36m[lms]\x1b[0m ${message}`);
}

/** Runs a command, inheriting the terminal; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The pinned pnpm, installed once into .tools/ with the npm that comes with Node. */
export function ensurePnpm() {
  const installed =
    existsSync(pnpmBin) &&
    JSON.parse(readFileSync(path.join(toolsDir, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version ===
      pnpmVersion;
  if (installed) return;
  log(`installing pnpm ${pnpmVersion} into .tools/`);
  const result = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      toolsDir,
      '--no-save',
      '--no-package-lock',
      '--loglevel=error',
      `pnpm@${pnpmVersion}`,
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('could not install pnpm');
}

export function pnpm(args, options) {
  return run(process.execPath, [pnpmBin, ...args], options);
}

/** Installs dependencies from the lockfile when they are missing or older than it. */
export async function ensureDependencies() {
  ensurePnpm();
  const marker = path.join(root, 'node_modules', '.pnpm', 'lock.yaml');
  const lock = path.join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies (pnpm install --frozen-lockfile)');
  const code = await pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
  if (code !== 0) throw new Error('pnpm install failed');
}

export function findChromium() {
  return [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && existsSync(p),
  );
}

/** The same places scripts/chromium.ts's `headlessShellPath` looks. */
export function findHeadlessShell() {
  return [
    process.env.CHROMIUM_HEADLESS_SHELL_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium-headless-shell',
  ].find((p) => p && existsSync(p));
}

/**
 * Debian's Chromium, its headless shell (the end-to-end tests' lighter browser; they fall back to
 * Chromium without it) and a Thai fallback font: installed through apt-get when we are root.
 */
export async function ensureChromium() {
  if (findChromium() && findHeadlessShell() && existsSync('/usr/share/fonts/truetype/tlwg')) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    if (findChromium()) return;
    throw new Error(
      'Chromium is needed for the browser tests. Install it (Debian: sudo apt-get install chromium fonts-thai-tlwg) or set CHROMIUM_PATH.',
    );
  }
  log('installing chromium, chromium-headless-shell and fonts-thai-tlwg with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], { env })) !== 0) throw new Error('apt-get update failed');
  const install = (packages) =>
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
  const code = await install(['chromium', 'fonts-thai-tlwg']);
  if (code !== 0 || !findChromium()) throw new Error('apt-get could not install chromium');
  // Only faster, not needed: without it the end-to-end tests run on Chromium itself.
  if ((await install(['chromium-headless-shell'])) !== 0)
    log('chromium-headless-shell could not be installed: the end-to-end tests use chromium');
}
