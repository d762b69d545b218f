import { existsSync } from 'node:fs';

/** Debian's Chromium (installed by scripts/test.mjs); CHROMIUM_PATH overrides it. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((candidate) => candidate && existsSync(candidate));
  if (!found)
    throw new Error('Chromium not found: install Debian\'s "chromium" package or set CHROMIUM_PATH');
  return found;
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
