// `npm run backup` / `npm run restore`: install what is missing, then the server's backup command
// (apps/server/src/backup/cli.ts, docs/operations.md). Arguments after `--` are passed on.
import { ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
process.exit(
  await run(process.execPath, ['--import', 'tsx', 'apps/server/src/backup/cli.ts', ...process.argv.slice(2)]),
);
