import { existsSync } from 'node:fs';

/** Debian's Chromium (installed by scripts/test.mjs); CHROMIUM_PATH overrides it. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found)
    throw new Error('Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH');
  return found;
}

/**
 * Debian's old headless shell (`chromium-headless-shell`, the same engine without the browser's
 * UI), for the end-to-end tests: it takes about half the CPU of the full browser in headless mode
 * for the same pages (docs/performance.md, the test suite). The stories keep the full browser,
 * whose text rendering their screenshot baselines were drawn with. Without the shell the full
 * browser runs the end-to-end tests too; CHROMIUM_HEADLESS_SHELL_PATH overrides it.
 */
export function headlessShellPath(): string {
  const candidates = [
    process.env.CHROMIUM_HEADLESS_SHELL_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium-headless-shell',
  ];
  return candidates.find((candidate) => candidate && existsSync(candidate)) ?? chromiumPath();
}

/** The machines have no network beyond the package registries: keep Chromium from calling out. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--font-render-hinting=none',
];
