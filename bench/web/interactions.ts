import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { profiledPage } from './mainThreadProfile.ts';
import { renderCounterScript, takeRenders } from './renderCount.ts';
import { CPU_SLOWDOWN, mainThread } from './throttle.ts';

/** `BENCH_WEB_RENDERS=1`: each interaction's time and the components it drew (renderCount.ts). */
const RENDERS = !!process.env.BENCH_WEB_RENDERS;

/** `BENCH_WEB_PROFILE_INTERACTION=<name>`: the main thread of each interaction of that name (as printed). */
const PROFILED = process.env.BENCH_WEB_PROFILE_INTERACTION;

/** Issue 41's goal: interaction to next paint on the grid, the wizard and the planning board, p75. */
const INP_GOAL_MS = 200;

/**
 * Interaction to next paint (issue 41) on the staff's busiest screens at 4× CPU (no network
 * throttling: INP is the main thread's answer to a tap, not the network's): the DO list's grid
 * (sorting by three columns, typing a search, picking rows), the booking wizard's steps (picking
 * DOs, the suggestion, the summary) and the planning board (the automatic plan, a day's trips).
 * Each interaction's duration is the browser's Event Timing (the longest entry of its
 * `interactionId`: input delay + processing + the next frame), as web-vitals reads it; the
 * figure is their p75 per screen, beside the goal. 1366×768, signed in as the planner.
 */
export async function interactions(
  browser: Browser,
  origin: string,
  storage: Record<string, string>,
  tomorrow: string,
  /** Books the board's busy day: after the wizard, so the wizard's DOs and days are the demo's. */
  beforeBoard: () => Promise<void>,
) {
  // Bangkok's clock, as the branch's: the board's today is the server's (the demo plans Bangkok's
  // today and tomorrow, and the bench books its busy day on that tomorrow).
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    timezoneId: 'Asia/Bangkok',
  });
  await context.addInitScript((items) => {
    for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    // Every interaction of the page, kept where the bench can read it after navigations within it.
    const seen: Record<number, number> = {};
    (window as unknown as { __interactions: Record<number, number> }).__interactions = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        const id = (entry as PerformanceEventTiming & { interactionId?: number }).interactionId;
        if (id) seen[id] = Math.max(seen[id] ?? 0, entry.duration);
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  }, storage);
  if (RENDERS) await context.addInitScript({ content: renderCounterScript() });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
  const read = () =>
    page.evaluate(() =>
      Object.values((window as unknown as { __interactions: Record<number, number> }).__interactions),
    );
  // Each screen's main-thread time (CDP's TaskDuration / ScriptDuration) from its first
  // interaction to its last one's end: the work its interactions set off, which the machine's
  // load does not stretch the way it stretches the interactions' wall times.
  const screens: [string, number[], number, { task: number; script: number }][] = [];
  let busy = { task: 0, script: 0 };
  const begin = async () => {
    busy = await mainThread(cdp);
  };
  // Interactions under 16 ms leave no entry (Event Timing's floor): counted as 0, so each screen's
  // figure is over every interaction made, not only the slow ones.
  let made = 0;
  const act = async (action: () => Promise<unknown>, count = 1, what = '') => {
    const before = RENDERS ? new Set(await read()) : undefined;
    if (RENDERS) await page.evaluate<string>(takeRenders);
    const threadBefore = RENDERS ? await mainThread(cdp) : undefined;
    if (what && what === PROFILED) await profiledPage(cdp, origin, () => action());
    else await action();
    made += count;
    // Event Timing reports an interaction after its paint: a long one may land later than 300 ms.
    await page.waitForTimeout(RENDERS ? 1500 : 300);
    if (before && threadBefore) {
      const times = (await read()).filter((t) => !before.has(t)).map((t) => t.toFixed(0));
      // The main thread in the 1.5 s after the tap (the answer's drawing too): all, script, layout, style.
      const thread = await mainThread(cdp);
      const spent = (['task', 'script', 'layout', 'style'] as const)
        .map((k) => (thread[k] - threadBefore[k]).toFixed(0))
        .join('/');
      console.log(
        `    ${what.padEnd(22)} ${times.join(' ').padEnd(14)} ms  thread ${spent.padEnd(16)} ${await page.evaluate<string>(takeRenders)}`,
      );
    }
  };
  const done = async (name: string) => {
    const now = await mainThread(cdp);
    screens.push([
      name,
      await read(),
      made,
      { task: now.task - busy.task, script: now.script - busy.script },
    ]);
    made = 0;
  };

  // The DO list: sort by three columns (each twice), search as typed, pick rows.
  await page.goto(`${origin}/deliveryOrder`);
  await page.locator('[role="gridcell"]').first().waitFor({ timeout: 120_000 });
  await begin();
  for (let i = 0; i < 3; i += 1) {
    for (let twice = 0; twice < 2; twice += 1)
      await act(
        () =>
          page
            .getByRole('columnheader')
            .nth(i + 1)
            .click(),
        1,
        `sort column ${i + 1}`,
      );
  }
  await act(
    () => page.getByRole('searchbox').first().pressSequentially('DO6', { delay: 150 }),
    3,
    'search typed',
  );
  await page.getByRole('searchbox').first().fill('');
  // The search goes to the URL once typing pauses (300 ms), then the page is fetched again: its
  // rows' boxes are looked for once that page is on screen.
  await page.waitForURL((url) => !url.searchParams.get('q')?.length, { timeout: 10_000 }).catch(() => {});
  const rowBoxes = page.getByRole('checkbox', { name: /^เลือก (?!ทั้งหมด)/ });
  await rowBoxes
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => console.log("  (the DO list's rows have no boxes to pick)"));
  for (const box of (await rowBoxes.all()).slice(0, 4)) await act(() => box.click(), 1, 'row picked');
  await done('DO list (grid)');

  // The booking wizard: pick DOs, the suggestion, its first option, the summary.
  await page.goto(`${origin}/doBooking`);
  // Each DO's own box (not the page's "เลือกทั้งหมด"): the second picked and put back (DOs of
  // different ship-tos do not book together), the first kept.
  const boxes = page.getByRole('checkbox', { name: /^เลือก (?!ทั้งหมด)/ });
  await boxes.first().waitFor({ timeout: 120_000 });
  await begin();
  await act(() => boxes.nth(1).click(), 1, 'DO picked');
  await act(() => boxes.nth(1).click(), 1, 'DO put back');
  await act(() => boxes.first().click(), 1, 'DO picked');
  await act(
    () => page.getByRole('button', { name: 'ถัดไป: ดูคำแนะนำการจัดรถ' }).click(),
    1,
    'to the suggestion',
  );
  const first = page.getByRole('button', { name: 'เลือกตัวเลือกที่ 1' });
  const offered = await first.waitFor({ timeout: 120_000 }).then(
    () => true,
    () => false,
  );
  if (offered) {
    await act(() => first.click(), 1, 'option picked');
    await act(() => page.getByRole('button', { name: 'ถัดไป: สรุปการจอง' }).click(), 1, 'to the summary');
    await page.getByRole('button', { name: 'ยืนยันการจอง' }).waitFor({ timeout: 120_000 });
  } else {
    // What the step showed instead (an error, no option, still loading): the bench says what it saw.
    const shown = (
      (await page
        .locator('main')
        .textContent()
        .catch(() => null)) ?? ''
    ).replace(/\s+/g, ' ');
    console.log(
      `  (the wizard offered no option for these DOs: its first steps only; the page: ${shown.slice(0, 600)})`,
    );
  }
  await done('booking wizard');

  // The planning board on tomorrow, the busy day the bench booked (busyDay.ts): the day typed in
  // first and not counted (typing a date is eight keys, each an interaction of its own), then the
  // automatic plan, stops moved up, to another truck and taken off, each as the planner taps.
  await beforeBoard();
  await page.goto(`${origin}/shipmentPlanning`);
  const plan = page.getByRole('button', { name: 'จัดรถอัตโนมัติ' });
  await plan.waitFor({ timeout: 120_000 });
  const [year, month, day] = tomorrow.split('-');
  await page.getByRole('spinbutton', { name: /^วัน/ }).first().click();
  await page.keyboard.type(`${day}${month}${year}`, { delay: 50 });
  await page
    .getByText(`${day}/${month}/${year}`)
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(2000);
  await page.evaluate(() => {
    const seen = (window as unknown as { __interactions: Record<number, number> }).__interactions;
    for (const id of Object.keys(seen)) delete seen[Number(id)];
  });
  await begin();
  if (await plan.isEnabled()) await act(() => plan.click(), 1, 'automatic plan');
  else console.log('  (the automatic plan was off on the board)');
  const moves = page.getByRole('button', { name: /^ขึ้น: / });
  await moves
    .first()
    .waitFor({ timeout: 60_000 })
    .catch(async () => {
      await page.screenshot({ path: path.join(tmpdir(), 'bench-web-planning.png') });
      console.log(
        `  (the planning board shows no trip to work on: ${path.join(tmpdir(), 'bench-web-planning.png')})`,
      );
    });
  // A trip's first stop cannot move up: each time the first stop that can. Each move goes to the
  // server and the board is inert until its answer; the next tap waits for it, as a planner's would.
  const enabled = (label: string) => page.locator(`button[aria-label^="${label}: "]:not([disabled])`).first();
  // Settled: no request out (the automatic plan's button is off while one is; the board's inert
  // state comes a frame late) and the board's stops drawn, none disabled.
  // (No named function inside: tsx would wrap it in a helper the page does not have.)
  const settled = () =>
    page
      .waitForFunction(
        () => {
          const buttons = [...document.querySelectorAll('button')];
          const auto = buttons.find((b) => b.textContent?.includes('จัดรถอัตโนมัติ'));
          const offs = buttons.filter((b) => b.getAttribute('aria-label')?.startsWith('เอาออก: '));
          return (
            !!auto &&
            offs.length > 0 &&
            [auto, ...offs].every(
              (b) => !b.hasAttribute('disabled') && b.getAttribute('aria-disabled') !== 'true',
            )
          );
        },
        undefined,
        { timeout: 60_000 },
      )
      .then(
        // The planner reads the answer before the next tap: half a second, as a person takes at least.
        () => page.waitForTimeout(500),
        (error: Error) =>
          console.log(`  (the planning board stayed disabled after a move: ${error.message.split('\n')[0]})`),
      );
  await settled();
  for (let i = 0; i < 4; i += 1)
    if ((await enabled('ขึ้น').count()) > 0) {
      await act(() => enabled('ขึ้น').click(), 1, 'stop moved up');
      await settled();
    }
  // A stop to another truck, by keyboard: its select focused (not counted), ArrowDown picks the
  // next truck (the board's move pickers are the browser's own select, NativeSelectField, whose
  // list a pointer opens outside the page: the page's share of a pick is the change, this tap).
  for (let i = 0; i < 2; i += 1) {
    const select = page.getByRole('combobox', { name: /ย้าย .* ไปรถ/ }).nth(i * 3);
    if ((await select.count()) === 0) break;
    await select.focus();
    await act(() => page.keyboard.press('ArrowDown'), 1, 'stop to a truck');
    await settled();
  }
  for (let i = 0; i < 2; i += 1)
    if ((await enabled('เอาออก').count()) > 0) {
      await act(() => enabled('เอาออก').click(), 1, 'stop taken off');
      await settled();
    }
  await done('planning board');
  await context.close();

  console.log(
    `interaction to next paint, ${CPU_SLOWDOWN}× CPU, 1366×768 (p75 of each screen's interactions)`,
  );
  // Each read holds the page's interactions since its last navigation.
  for (const [name, values, count, cpu] of screens) {
    const sorted = [...Array(Math.max(0, count - values.length)).fill(0), ...values].sort((a, b) => a - b);
    const p75 = sorted[Math.ceil(sorted.length * 0.75) - 1] ?? Number.NaN;
    console.log(
      `  ${name.padEnd(16)} p75 ${p75.toFixed(0).padStart(4)} ms   worst ${(sorted.at(-1) ?? Number.NaN).toFixed(0).padStart(4)} ms   ${values.length} of ${Math.max(count, values.length)} interactions ≥ 16 ms   goal p75 < ${INP_GOAL_MS} ms   main thread ${(cpu.task / count).toFixed(0)} ms an interaction (script ${(cpu.script / count).toFixed(0)})`,
    );
  }
}
