/**
 * bench/web: what the browser downloads and how long the DO list takes to appear.
 * Run: `npm run bench -- web` (BENCH_WEB_DIST=<dir> measures an existing build instead of
 * building apps/web; BENCH_RUNS, default 3). Prints the gzip size of the shell and of every
 * route chunk beside the budgets, then the time to the first screen of the DO list in Chromium
 * with 4× CPU slowdown and DevTools' "Fast 3G" network, from an empty cache and again from the
 * cache. Figures only: nothing here passes or fails.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../../apps/server/src/app.ts';
import { createDatabase, databaseUrl } from '../../apps/server/src/db/admin.ts';
import { connect, migrate } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { seedDemoCompany } from '../../apps/server/src/seed/demo.ts';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';
import { buildSizes, ROUTE_BUDGET_KB, SHELL_BUDGET_KB } from './sizes.ts';

const webRoot = fileURLToPath(new URL('../../apps/web/', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Chrome DevTools' "Fast 3G" preset: 562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
const CPU_SLOWDOWN = 4;
const USER = 'planner.bkk';

// 1. Sizes.
let dist = process.env.BENCH_WEB_DIST;
if (!dist) {
  await build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'warn' });
  dist = path.join(webRoot, 'dist');
}
const sizes = buildSizes(dist);
const kb = (n: number) => `${n.toFixed(1).padStart(6)} kB`;
console.log(`web build: ${dist}`);
console.log(
  `  shell (sign-in + layout + home): ${kb(sizes.shellKb)} gzip   goal < ${SHELL_BUDGET_KB} kB  (${sizes.shellFiles.length} files)`,
);
console.log(`  every JS file of the app:        ${kb(sizes.totalKb)} gzip`);
if (sizes.routes.length > 0) {
  console.log(
    `  route chunks (own = the route's lazy chunk, goal < ${ROUTE_BUDGET_KB} kB each; shared = its chunks beyond the shell)`,
  );
  for (const route of sizes.routes) {
    console.log(
      `    ${route.chunk.padEnd(40)} own ${kb(route.ownKb)}  shared ${kb(route.sharedKb)}  total ${kb(route.ownKb + route.sharedKb)}`,
    );
  }
}

// 2. Time to the DO list's first screen: the demo company on an embedded PostgreSQL, the real server.
const dir = await mkdtemp(path.join(tmpdir(), 'lms-bench-web-'));
const embedded = await startEmbeddedPostgres(dir);
await createDatabase(embedded.adminUrl, 'lms_bench_web');
const db = connect(databaseUrl(embedded.adminUrl, 'lms_bench_web'), 10);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await migrate(db);
  const credentials = await seedDemoCompany(db);
  const user = credentials?.find((c) => c.username === USER);
  if (!user) throw new Error(`the demo company has no ${USER}`);
  await sql`update app_user set must_change_password = false where username = ${USER}`.execute(db);
  app = await buildApp({ db, webDist: dist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const login = await fetch(`${origin}/api/auth/webLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  const answer = (await login.json()) as { token: string; expiresAt: string; userId: string; info: object };
  const storage = {
    'lms-auth-jwt': answer.token,
    'lms-auth-exp': answer.expiresAt,
    'lms-auth-info': JSON.stringify({ ...answer.info, userId: answer.userId }),
  };

  const cold: number[] = [];
  const warm: number[] = [];
  const wire: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A fresh context: empty cache, signed in as the app leaves localStorage after a sign-in.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    }, storage);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
    });
    const firstScreen = async () => {
      const started = Date.now();
      await page.goto(`${origin}/deliveryOrder`);
      await page.locator('[role="gridcell"]').first().waitFor({ timeout: 120_000 });
      return Date.now() - started;
    };
    cold.push(await firstScreen());
    wire.push(bytes / 1024);
    warm.push(await firstScreen());
    await context.close();
  }
  const list = (values: number[], unit: string) => values.map((v) => `${v.toFixed(0)} ${unit}`).join(', ');
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `DO list, first screen (navigation → first grid cell), ${CPU_SLOWDOWN}× CPU slowdown, Fast 3G, ${RUNS} runs`,
  );
  console.log(
    `  empty cache: ${list(cold, 'ms')} (median ${median(cold).toFixed(0)} ms); on the wire ${list(wire, 'kB')}`,
  );
  console.log(`  from cache:  ${list(warm, 'ms')} (median ${median(warm).toFixed(0)} ms)`);
} finally {
  await browser.close();
  await app?.close();
  await db.destroy();
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}
