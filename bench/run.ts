/** `npm run bench -- <name>`: runs bench/<name>/run.ts (api, grid, booking …); with no name, lists them. */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const available = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.log(`usage: npm run bench -- <${available.join('|')}>`);
  process.exit(name ? 1 : 0);
}
const entry =
  readdirSync(path.join(dir, name)).find((f) => f === 'run.ts') ??
  readdirSync(path.join(dir, name)).find((f) => f.endsWith('.ts'));
await import(path.join(dir, name, entry!));
