// npm start: install what is missing, build the web app, start the server (embedded PostgreSQL).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, log, pnpm, root } from './lib.mjs';

await ensureDependencies();

const dist = path.join(root, 'apps/web/dist/index.html');
if (!existsSync(dist) || newestSource() > statSync(dist).mtimeMs) {
  log('building the web app');
  if ((await pnpm(['--filter', '@lms/web', 'build'])) !== 0) process.exit(1);
}

log('starting the server');
// The server handles SIGINT/SIGTERM itself and stops PostgreSQL cleanly; pnpm only passes them on.
const code = await pnpm(['--filter', '@lms/server', 'start']);
process.exit(code);

/** Newest modification time among the sources the web build reads. */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '__screenshots__')
        continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of [
    'apps/web',
    'packages/domain',
    'packages/design-system',
    'packages/entity-pages',
    'packages/features',
  ]) {
    walk(path.join(root, dir));
  }
  return newest;
}
