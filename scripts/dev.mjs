// npm run dev: the API with reload (tsx watch) and the Vite dev server proxying /api to it.
import { ensureDependencies, log, pnpm } from './lib.mjs';

await ensureDependencies();
const apiPort = process.env.API_PORT ?? '8080';
const env = { ...process.env, NODE_ENV: 'development', API_PORT: apiPort };
log(`API on :${apiPort} (reloads on change), web on http://localhost:${process.env.WEB_PORT ?? 5173}/`);
const server = pnpm(['--filter', '@lms/server', 'exec', 'tsx', 'watch', 'src/main.ts'], {
  env: { ...env, PORT: apiPort },
});
const web = pnpm(['--filter', '@lms/web', 'dev'], { env });
process.exit(Math.max(await server, await web));
