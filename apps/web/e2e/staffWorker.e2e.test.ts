import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bangkokIsoDate, entityApi, entityByName, pageTitle, ROLE_ADMIN, savedViewsApi } from '@lms/domain';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtWebApp } from '../../../tests/webBuild.ts';
import { createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { setupBrowser } from './browser.ts';
import { requestPath, storedSignIn } from './helpers.ts';

/**
 * The staff app's service worker (issue 41, apps/web/build/staffWorker.ts): after a first load the
 * app opens from its cache with no network, its lazy screens included; a new release waits until
 * the user takes it, the old page meanwhile answering from its own precache though the server no
 * longer has its files, and taking it reloads onto the new build — never a blank page. Served from
 * a copy of the build, which the test turns into a "new release" on disk.
 */
// The build `npm test` may still be making beside Vitest's start (tests/webBuild.ts).
const built = await builtWebApp();
const dist = mkdtempSync(path.join(tmpdir(), 'lms-staff-worker-'));
cpSync(built, dist, { recursive: true });
// Plain files only: the test rewrites some of them, and a stale `.br` beside one would be served.
for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' }))
  if (/\.(br|gz)$/.test(file)) unlinkSync(path.join(dist, file));

/** A chunk of `index.html`'s build the DO list does not load: the DO booking screens. */
const bookingChunk = () => {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = Object.entries(manifest).find(([source]) => source.endsWith('src/pages/BookingScreens.tsx'));
  if (!entry) throw new Error('the build has no BookingScreens chunk');
  return entry[1].file;
};

const oldChunk = bookingChunk();
const renamedChunk = oldChunk.replace(/\.js$/, 'n.js');
// The server serves the files it found when it started (@fastify/static, `wildcard: false`): the
// new release's chunk is there from the start, named by nothing until the release.
cpSync(path.join(dist, oldChunk), path.join(dist, renamedChunk));

const server = setupTestServer({ webDist: dist, demoCompany: bangkokIsoDate(new Date()) });
const browser = setupBrowser();
afterAll(() => rmSync(dist, { recursive: true, force: true }));

let storage: Record<string, string> = {};
beforeAll(async () => {
  const { rows } = await sql<{ id: string }>`select id from branch where code = 'BKK'`.execute(server.db);
  const admin = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [rows[0]!.id] });
  storage = await storedSignIn(server.origin, admin);
}, 180_000);

const doList = entityByName('deliveryOrder');
const firstCell = (page: Page) => page.locator('[role="gridcell"]').first();
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** The DO list's first screen, then the worker installed and in control of the page (a reload). */
async function installed(page: Page) {
  await page.goto(`${server.origin}${doList.path}`);
  await firstCell(page).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await firstCell(page).waitFor();
  expect(await controlled(page)).toBe(true);
}

/**
 * A new release on the server: the page marked, the booking chunk under a new name (every file
 * that names it, the worker's precache list with the page's new revision) and its old file gone.
 */
function release() {
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(js|html)$/.test(file)) continue;
    const full = path.join(dist, file);
    const text = readFileSync(full, 'utf8');
    let next = text.replaceAll(path.basename(oldChunk), path.basename(renamedChunk));
    if (file === 'index.html')
      next = next.replace('<head>', '<head><meta name="lms-release" content="next">');
    if (file === 'sw.js') next = next.replace(/(url:"index\.html",revision:")[0-9a-f]+"/, '$1release-next"');
    if (next !== text) writeFileSync(full, next);
  }
  unlinkSync(path.join(dist, oldChunk));
}

const isRelease = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="lms-release"]') !== null);

describe("the staff app's service worker", () => {
  it('opens the DO list from its cache after a first load, asking its first page once, and its other screens with no network', async () => {
    const page = await browser.newPage({ storage: { origin: server.origin, items: storage } });
    await installed(page);

    // The list's first page was asked once: the early request (sent as its chunk ran) answered the
    // page's own, the URL built the same way (shell/routes.ts, pages/EntityScreen.tsx). It was
    // sent before the page's own first request (its saved views), which goes once the list is drawn.
    const apiRequests: string[] = [];
    const requests: string[] = [];
    page.on('request', (request) => {
      const pathname = new URL(request.url()).pathname;
      requests.push(pathname);
      if (request.resourceType() === 'fetch') apiRequests.push(pathname);
    });
    await page.reload();
    await firstCell(page).waitFor();
    const listPath = requestPath(entityApi(doList).list);
    expect(apiRequests.filter((pathname) => pathname === listPath)).toHaveLength(1);
    expect(apiRequests.indexOf(listPath)).toBeLessThan(apiRequests.indexOf(requestPath(savedViewsApi.list)));
    // Opened again, the page asked its first page before its entity chunk was even fetched: the
    // early script (src/session/earlyStart.ts) replays what this page asked last time.
    const entityChunk = requests.findIndex((pathname) => /\/EntityScreen-[\w-]+\.js$/.test(pathname));
    expect(entityChunk, requests.join(' ')).toBeGreaterThan(-1);
    expect(requests.indexOf(listPath), requests.join(' ')).toBeLessThan(entityChunk);

    // No network: the page and every chunk come from the worker; the API's answers (fetches) do not.
    await page.context().setOffline(true);
    const failed: string[] = [];
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'fetch') return;
      // A navigation aborts the requests still under way (net::ERR_ABORTED), which says nothing
      // about the cache: those files are asked of the worker again below.
      if (request.failure()?.errorText === 'net::ERR_ABORTED') aborted.push(request.url());
      else failed.push(`${request.resourceType()} ${request.url()} (${request.failure()?.errorText})`);
    });
    await page.reload();
    // The page itself came from the worker (Chromium's offline page would be titled by the host);
    // the app may already have named the screen (shell/DocumentTitle.tsx).
    expect([pageTitle(null), pageTitle(doList.title)]).toContain(await page.title());
    await page.locator('#root *').first().waitFor();
    // Every chunk the first screen asks for answered before leaving it: a navigation aborts the
    // requests still under way (net::ERR_ABORTED), which says nothing about the cache.
    await page.waitForLoadState('networkidle');
    await page.goto(`${server.origin}/doBooking`);
    await page.locator('#root *').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await controlled(page)).toBe(true);
    // An aborted file (a lazy chunk asked on idle, after the network was idle for Playwright) is
    // still there offline: the worker answers it from its precache.
    const fromWorker = await page.evaluate(
      (urls) =>
        Promise.all(
          urls.map((url) =>
            fetch(url).then(
              (r) => (r.ok ? null : `${url} (${r.status})`),
              () => `${url} (no answer)`,
            ),
          ),
        ),
      aborted,
    );
    failed.push(...fromWorker.filter((miss): miss is string => miss !== null));
    // The message names them: a retried failure shows only its first line in the run's summary.
    expect(failed, `failed offline: ${failed.join(', ')}`).toEqual([]);
    await page.context().setOffline(false);
  });

  it('keeps the old release whole until the user takes the new one, then reloads onto it', async () => {
    const page = await browser.newPage({ storage: { origin: server.origin, items: storage } });
    await installed(page);

    release();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const offer = page.getByText('LMS มีรุ่นใหม่');
    await offer.waitFor({ timeout: 30_000 });

    // Still the old release, whole: its booking chunk, gone from the server, comes from its precache.
    await page.goto(`${server.origin}/doBooking`);
    await page.getByRole('checkbox').first().waitFor();
    expect(await isRelease(page)).toBe(false);

    await page.goto(`${server.origin}${doList.path}`);
    await firstCell(page).waitFor();
    await page.getByRole('button', { name: 'โหลดหน้าใหม่' }).click();
    await page.waitForFunction(() => document.querySelector('meta[name="lms-release"]') !== null, null, {
      timeout: 30_000,
    });
    await firstCell(page).waitFor();
    await page.goto(`${server.origin}/doBooking`);
    await page.getByRole('checkbox').first().waitFor();
    expect(await isRelease(page)).toBe(true);
  });
});
