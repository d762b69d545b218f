import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_BUDGETS_KB, type EntryPage, entrySizes } from '../bench/web/sizes.ts';

/**
 * Each page's JavaScript stays under its budget (issue 41): the customer's appointment page, the
 * driver's app, the staff shell. Reads the build `npm test` makes before its tests ("build web",
 * scripts/test.mjs); a page that grew past its budget fails here, naming its files.
 */
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');

describe('the web app’s entries', () => {
  it('each load no more JavaScript than their budget (gzip)', () => {
    if (!existsSync(path.join(dist, '.vite/manifest.json')))
      throw new Error(`${dist} has no build: build the web app first (npm run build; npm test does it)`);
    const sizes = entrySizes(dist);
    for (const page of Object.keys(ENTRY_BUDGETS_KB) as EntryPage[]) {
      const { kb, files } = sizes[page];
      expect(kb, `${page}: ${kb.toFixed(1)} kB in ${files.join(', ')}`).toBeLessThan(ENTRY_BUDGETS_KB[page]);
    }
  });

  it('the appointment page shares no staff code: none of its files is the staff shell’s', () => {
    const sizes = entrySizes(dist);
    const shell = new Set(sizes['index.html'].files);
    // The fonts' few bytes of module preload are the one thing both may load.
    const shared = sizes['appointment.html'].files.filter(
      (f) => shell.has(f) && !/\/fonts-[\w-]+\.js$/.test(f),
    );
    expect(shared).toEqual([]);
  });
});
