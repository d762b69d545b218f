import { readFile, writeFile } from 'node:fs/promises';
import { platform } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { PNG } from 'pngjs';
import type { BrowserCommand, BrowserCommandContext } from 'vitest/node';

/**
 * The cheap half of a story's screenshot comparison (vitest.setup.ts). Vitest's `toMatchScreenshot`
 * decodes the stored baseline and the new capture in JavaScript (pngjs) and compares them pixel by
 * pixel: ~0.15 s of the Vitest process per full-page story, on the path every story waits on
 * (docs/performance.md, "Screenshots compared as Chromium's bytes first"). Chromium encodes the
 * same pixels to the same bytes, and most stories draw exactly what they drew last time: when the
 * capture is byte for byte the stored baseline, the story matches and nothing is decoded. Anything
 * else goes to `toMatchScreenshot`, which owns the threshold, the diffs and `-u`.
 */

/** The capture `toMatchScreenshot` takes (its default screenshot options), so the bytes are comparable. */
const CAPTURE = {
  animations: 'disabled',
  caret: 'hide',
  fullPage: false,
  maskColor: '#ff00ff',
  omitBackground: false,
  scale: 'device',
  // Playwright waits for the subject without end by default; a subject it cannot capture in time
  // (replaced under the selector, say) goes to toMatchScreenshot, whose wait is bounded the same.
  timeout: 5_000,
} as const;

/** The capture, or `null` when Playwright could not take it in time. */
const capture = (context: BrowserCommandContext, selector: string) =>
  context.iframe
    .locator(selector)
    .screenshot(CAPTURE)
    .catch(() => null);

/** Where `toMatchScreenshot` keeps a story's baseline (its default path, for a name it needs not sanitize). */
function baselineOf(context: BrowserCommandContext, name: string): string {
  const testPath = context.testPath;
  if (!testPath) throw new Error('a story screenshot needs the story file’s path');
  return join(dirname(testPath), '__screenshots__', basename(testPath), `${name}-chromium-${platform()}.png`);
}

/** Captures the story's subject: `true` when the bytes are the stored baseline's. */
export const captureMatchesBaseline: BrowserCommand<[selector: string, name: string]> = async (
  context,
  selector,
  name,
) => {
  const [now, stored] = await Promise.all([
    capture(context, selector),
    readFile(baselineOf(context, name)).catch(() => null),
  ]);
  return now !== null && stored?.equals(now) === true;
};

/**
 * After `toMatchScreenshot` passed a story that the bytes did not match, stores the story as
 * Chromium captures it now, so that the next run matches at once:
 * - with `-u`, always: the baseline becomes what the story draws now, as `-u` asks, though Vitest
 *   itself rewrites only a baseline beyond the threshold;
 * - otherwise only when the stored baseline has exactly the captured pixels (a baseline Vitest
 *   wrote in its own encoder's bytes, for a new story): a baseline never drifts run by run;
 * - never where baselines must not change (CI's `--update=none`).
 */
export const storeBaselineAsCaptured: BrowserCommand<[selector: string, name: string]> = async (
  context,
  selector,
  name,
) => {
  const update = context.project.serializedConfig.snapshotOptions.updateSnapshot;
  if (update === 'none') return false;
  const baseline = baselineOf(context, name);
  const [now, stored] = await Promise.all([capture(context, selector), readFile(baseline).catch(() => null)]);
  if (!now || !stored || stored.equals(now)) return false;
  if (update !== 'all') {
    const [was, is] = [PNG.sync.read(stored), PNG.sync.read(now)];
    if (was.width !== is.width || was.height !== is.height || !was.data.equals(is.data)) return false;
  }
  await writeFile(baseline, now);
  return true;
};

declare module 'vitest/browser' {
  interface BrowserCommands {
    captureMatchesBaseline: (selector: string, name: string) => Promise<boolean>;
    storeBaselineAsCaptured: (selector: string, name: string) => Promise<boolean>;
  }
}
