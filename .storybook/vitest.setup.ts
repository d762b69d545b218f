import * as a11yAnnotations from '@storybook/addon-a11y/preview';
import { setProjectAnnotations } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { afterEach, expect } from 'vitest';
import { commands } from 'vitest/browser';
import * as projectAnnotations from './preview.tsx';

setProjectAnnotations([a11yAnnotations, projectAnnotations]);

// `findBy…`/`waitFor` wait 1 s by default: a story that renders in 300 ms alone took over 1 s while
// the suite's other projects shared the 2 cores (docs/performance.md, the test suite). Waiting
// longer changes no assertion; slowness is measured by the benches, not here.
configure({ asyncUtilTimeout: 8_000 });

// Screenshots must not catch a spinner mid-turn or a caret mid-blink. Once per tab: this file runs
// again before each story file in the shared iframe, and each copy was one more universal rule
// for every element's style (101 of them by a full run's end).
if (!document.getElementById('stories-still')) {
  const still = document.createElement('style');
  still.id = 'stories-still';
  still.textContent =
    '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';
  document.head.append(still);
}

/**
 * Every story that passed its play function is compared with its committed screenshot
 * baseline, once fonts have loaded (animations are off: see above). First as Chromium's bytes
 * (storyScreenshot.ts), then, when those differ, by Vitest's pixel comparison with its threshold.
 */
afterEach(async ({ task }) => {
  // Before anything below can return: the report leaves with the test's result.
  slimA11yReports(task.meta);
  // `state`, not `errors`: errors pile up across retries, so a retried story would skip its
  // screenshot and pass without being compared.
  if (task.result?.state !== 'pass') return;
  await document.fonts.ready;
  // The file name as toMatchScreenshot would make it (its sanitizing drops what \w does not
  // match, Thai letters too), so that storyScreenshot.ts finds the same baseline.
  const name = task.name
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .toLowerCase()
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-');
  // Overlays render in portals outside the story root: then the whole page is the subject.
  const root = document.querySelector<HTMLElement>('[data-story-root]');
  const overlay = [
    ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [data-overlay]'),
  ].some(drawn);
  const onRoot = !overlay && root !== null && root.getBoundingClientRect().height > 0;
  // A selector that stays true while the story settles (a generated one may name the body by the
  // live announcer's passing text).
  const [subject, selector] = onRoot ? [root, '[data-story-root]'] : [document.body, 'body'];
  // A play function may have scrolled (a click low on a tall page); Chromium paints only what
  // is near the viewport, so the same story would be captured differently. Always from the top.
  window.scrollTo(0, 0);
  // A picture the browser does not draw the same way in every run declares how much of it may
  // differ (pdf.js's glyphs come out a shade heavier in the full suite than alone); every other
  // story keeps the project's threshold.
  const tolerance = Number(
    document.querySelector('[data-screenshot-tolerance]')?.getAttribute('data-screenshot-tolerance'),
  );
  if (await commands.captureMatchesBaseline(selector, name)) return;
  await expect.element(subject).toMatchScreenshot(
    name,
    tolerance > 0
      ? {
          comparatorName: 'pixelmatch',
          comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: tolerance },
        }
      : undefined,
  );
  await commands.storeBaselineAsCaptured(selector, name);
});

/**
 * Whether an overlay draws anything: it or an element inside it has a box. An overlay that draws
 * nothing leaves the story's root the subject: the snackbars' holder, for one, is marked as soon as
 * one is queued, before the snackbar's own chunk has drawn it (its stacks are then empty and fixed,
 * with no box). Under a full run's load the calendar's `DragTargets` was taken whole-page with
 * nothing over it, twice in three runs, and passed only on its retry.
 */
function drawn(overlay: Element): boolean {
  for (const element of [overlay, ...overlay.querySelectorAll('*')]) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) return true;
  }
  return false;
}

/**
 * In a run from the command line (`npm test`, `vitest run`), a story's a11y report keeps what
 * the test is decided by — the violations, which fail the story (`a11y.test: 'error'`,
 * preview.tsx) — and drops axe's lists of the rules that passed, did not apply or need a
 * person's review (50–60 kB a story). Nothing in such a run reads them, yet each went from the tab
 * to Vitest's main process and into the JSON report (40 MB a full run; docs/performance.md, the
 * test suite). Storybook's own test panel (VITEST_STORYBOOK true) shows them and keeps them whole.
 */
function slimA11yReports(meta: { reports?: { type: string; result?: Record<string, unknown> }[] }) {
  if (import.meta.env.VITEST_STORYBOOK !== 'false') return;
  for (const report of meta.reports ?? []) {
    if (report.type !== 'a11y' || !report.result || !('violations' in report.result)) continue;
    const { violations, testEngine, toolOptions, url, timestamp } = report.result;
    report.result = { violations, testEngine, toolOptions, url, timestamp };
  }
}
