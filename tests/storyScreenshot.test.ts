import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserCommandContext } from 'vitest/node';
import { captureMatchesBaseline, storeBaselineAsCaptured } from '../.storybook/storyScreenshot.ts';

/** A 32×32 gradient, one pixel of it `shade`, written with one PNG row filter: same pixels, other bytes. */
function picture(shade: number, filterType: 0 | 4): Buffer {
  const png = new PNG({ width: 32, height: 32 });
  for (let i = 0; i < png.data.length; i += 4) png.data.fill(i % 251, i, i + 3).writeUInt8(255, i + 3);
  png.data[0] = shade;
  return PNG.sync.write(png, { filterType });
}

type Update = 'all' | 'new' | 'none';

let dir = '';
let storyFile = '';
let baseline = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'story-shot-'));
  storyFile = path.join(dir, 'Button.stories.tsx');
  baseline = path.join(
    dir,
    '__screenshots__',
    'Button.stories.tsx',
    `primary-chromium-${process.platform}.png`,
  );
  mkdirSync(path.dirname(baseline), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What the commands use of Vitest's context: the story's path, the update mode, Playwright's capture. */
function contextCapturing(capture: () => Promise<Buffer>, updateSnapshot: Update = 'new') {
  return {
    testPath: storyFile,
    project: { serializedConfig: { snapshotOptions: { updateSnapshot } } },
    iframe: { locator: () => ({ screenshot: capture }) },
  } as unknown as BrowserCommandContext;
}

describe('a story screenshot compared as Chromium’s bytes first', () => {
  it('matches only a capture that is byte for byte the stored baseline', async () => {
    writeFileSync(baseline, picture(0, 4));
    const match = (bytes: Buffer) =>
      captureMatchesBaseline(
        contextCapturing(async () => bytes),
        'body',
        'primary',
      );
    expect(await match(picture(0, 4))).toBe(true);
    // The same pixels in other bytes, and other pixels: left to toMatchScreenshot's decoding.
    expect(await match(picture(0, 0))).toBe(false);
    expect(await match(picture(9, 4))).toBe(false);
  });

  it('leaves a story without a baseline, or one Playwright cannot capture, to toMatchScreenshot', async () => {
    expect(
      await captureMatchesBaseline(
        contextCapturing(async () => picture(0, 4)),
        'body',
        'primary',
      ),
    ).toBe(false);
    writeFileSync(baseline, picture(0, 4));
    const timedOut = contextCapturing(() => Promise.reject(new Error('Timeout 5000ms exceeded')));
    expect(await captureMatchesBaseline(timedOut, 'body', 'primary')).toBe(false);
  });

  it('stores the capture over a baseline of the very same pixels in other bytes', async () => {
    writeFileSync(baseline, picture(0, 0));
    expect(
      await storeBaselineAsCaptured(
        contextCapturing(async () => picture(0, 4)),
        'body',
        'primary',
      ),
    ).toBe(true);
    expect(readFileSync(baseline).equals(picture(0, 4))).toBe(true);
  });

  it('keeps a baseline one pixel away, unless -u asks for what the story draws now', async () => {
    writeFileSync(baseline, picture(0, 0));
    const capture = async () => picture(1, 4);
    expect(await storeBaselineAsCaptured(contextCapturing(capture), 'body', 'primary')).toBe(false);
    expect(readFileSync(baseline).equals(picture(0, 0))).toBe(true);
    expect(await storeBaselineAsCaptured(contextCapturing(capture, 'all'), 'body', 'primary')).toBe(true);
    expect(readFileSync(baseline).equals(picture(1, 4))).toBe(true);
  });

  it('writes nothing where baselines must not change (--update=none)', async () => {
    writeFileSync(baseline, picture(0, 0));
    expect(
      await storeBaselineAsCaptured(
        contextCapturing(async () => picture(0, 4), 'none'),
        'body',
        'primary',
      ),
    ).toBe(false);
    expect(readFileSync(baseline).equals(picture(0, 0))).toBe(true);
  });
});
