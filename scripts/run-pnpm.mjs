// `npm run <x>` entry for scripts that need the workspace's tools: install, then hand over to pnpm.
import { ensureDependencies, pnpm } from './lib.mjs';

await ensureDependencies();
process.exit(await pnpm(process.argv.slice(2)));
