import type { Browser } from 'playwright-core';
import { profiledPage } from './mainThreadProfile.ts';
import { CPU_SLOWDOWN, FAST_3G, list, mainThread, median, PHONE, throttled } from './throttle.ts';

/** Issue 41's goals for the driver's app: usable from an empty cache, and installed, offline. */
const DRIVER_GOALS_MS = { empty: 5000, offline: 1000 };

/**
 * The driver's app on a phone (issue 41): from an empty cache, navigation to /driver/trips until
 * the sign-in form takes input (what a driver opening the app the first time can do), then the
 * sign-in until the day's trips show; installed (its service worker controlling the page, the
 * trips kept on the phone), offline, a reload until the trips show again from the cache.
 * 390×844, Fast 3G and 4× CPU, as the appointment page.
 */
export async function driverUsable(
  browser: Browser,
  origin: string,
  driver: { username: string; password: string },
  runs: number,
) {
  const empty: number[] = [];
  const signIn: number[] = [];
  const offline: number[] = [];
  const wire: number[] = [];
  // The renderer's main-thread time during the offline reload (CDP's TaskDuration, ScriptDuration:
  // the page's own work at the slowed CPU, less sensitive to the machine's load than the wall time).
  const offlineTask: number[] = [];
  const offlineScript: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { context, page, cdp, wire: bytes } = await throttled(browser, PHONE);
    // BENCH_WEB_REQUESTS=1: each request's end, from the navigation's start (where the time goes).
    const origin0 = Date.now();
    if (process.env.BENCH_WEB_REQUESTS)
      page.on('requestfinished', (request) =>
        console.log(
          `    ${String(Date.now() - origin0).padStart(6)} ms  ${request.method()} ${request.url().replace(origin, '')}`,
        ),
      );
    // The day's trips (today's, or tomorrow's planned ones on a demo whose today has none).
    const trips = page
      .getByRole('list', { name: /เที่ยวรถ/ })
      .getByRole('button')
      .first();
    let started = Date.now();
    await page.goto(`${origin}/driver/trips`, { timeout: 120_000 });
    const button = page.getByRole('button', { name: 'เข้าสู่ระบบ' });
    await button.waitFor({ timeout: 120_000 });
    await page.getByLabel('ชื่อผู้ใช้').fill(driver.username);
    empty.push(Date.now() - started);
    await page.getByLabel('รหัสผ่าน').fill(driver.password);
    started = Date.now();
    await button.click();
    await trips.waitFor({ timeout: 120_000 });
    signIn.push(Date.now() - started);
    wire.push(bytes() / 1024);
    // Installed: the worker controls the page and has what it precaches; then no signal at all.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await trips.waitFor({ timeout: 120_000 });
    await context.setOffline(true);
    // The throttling session's own conditions too: offline as DevTools' "Offline" is, so the page's
    // navigator.onLine says so, as a phone's does with no network (Playwright's alone left it true).
    await cdp.send('Network.emulateNetworkConditions', { ...FAST_3G, offline: true });
    await cdp.send('Performance.enable');
    const before = await mainThread(cdp);
    started = Date.now();
    await profiledPage(cdp, origin, async () => {
      await page.reload({ timeout: 120_000 });
      await trips.waitFor({ timeout: 120_000 });
    });
    offline.push(Date.now() - started);
    // BENCH_WEB_REQUESTS=1: the reload's own timeline from the page (the worker's start, each file
    // from the worker's cache, the first paint), what the offline reload waits for.
    if (process.env.BENCH_WEB_REQUESTS) console.log(await page.evaluate<string>(pageTimeline));
    const after = await mainThread(cdp);
    // The counters are the renderer's: kept across a same-site reload, restarted if it got a new one.
    const renewed = after.task < before.task;
    offlineTask.push(renewed ? after.task : after.task - before.task);
    offlineScript.push(renewed ? after.script : after.script - before.script);
    await context.close();
  }
  console.log(
    `driver's app, 390×844, ${CPU_SLOWDOWN}× CPU, Fast 3G, ${runs} runs (usable = the sign-in form takes input)`,
  );
  console.log(
    `  empty cache, usable: ${list(empty, 'ms')} (median ${median(empty).toFixed(0)} ms)   goal < ${DRIVER_GOALS_MS.empty} ms; on the wire ${list(wire, 'kB')}`,
  );
  console.log(`  sign-in → the day's trips: ${list(signIn, 'ms')} (median ${median(signIn).toFixed(0)} ms)`);
  console.log(
    `  installed, offline, reload → the trips: ${list(offline, 'ms')} (median ${median(offline).toFixed(0)} ms)   goal < ${DRIVER_GOALS_MS.offline} ms`,
  );
  console.log(
    `    its main thread: tasks ${list(offlineTask, 'ms')} (median ${median(offlineTask).toFixed(0)} ms), of which script ${list(offlineScript, 'ms')}`,
  );
}

/**
 * The page's navigation, resource and paint timings as lines, from the navigation's start. Run in
 * the page as text: the bench's compiler would name its inner functions with a helper the page lacks.
 */
const pageTimeline = `(() => {
  const [nav] = performance.getEntriesByType('navigation');
  const ms = (t) => t.toFixed(0).padStart(6) + ' ms';
  const lines = nav
    ? [
        ms(nav.workerStart) + '  the service worker started',
        ms(nav.fetchStart) + "  the page's fetch",
        ms(nav.responseEnd) + "  the page's answer",
        ms(nav.domInteractive) + '  DOM interactive',
        ms(nav.domContentLoadedEventEnd) + '  DOMContentLoaded done',
      ]
    : [];
  for (const r of performance.getEntriesByType('resource'))
    lines.push(ms(r.startTime) + ' → ' + ms(r.responseEnd) + '  ' + r.name.replace(location.origin, ''));
  for (const p of performance.getEntriesByType('paint')) lines.push(ms(p.startTime) + '  ' + p.name);
  lines.push(ms(performance.now()) + '  the trips shown (now)');
  return lines.map((line) => '      ' + line).join('\\n');
})()`;
