import { describe, expect, it } from 'vitest';
import { FONT, RUN_CACHE_MAX, shapedRuns } from '../src/documents/fonts.ts';
import { openPdf } from '../src/documents/render.ts';

describe("the process's shaped runs (documents/fonts.ts)", () => {
  it('keep at most RUN_CACHE_MAX texts a font: cleared when full, then filled again', () => {
    const doc = openPdf({ title: 'runs' });
    doc.font(FONT.regular).fontSize(10);
    let serial = 0;
    /** A text never shaped before (the process's other files may have shaped their own). */
    const shapeNew = () => doc.widthOfString(`run-${process.pid}-${++serial}`);
    // The regular font's cache alone: other files of this worker may have filled the bold one.
    const regular = () => shapedRuns(FONT.regular);
    for (let i = 0; i < 2 * RUN_CACHE_MAX; i++) {
      shapeNew();
      if (i % 500 === 0) expect(regular()).toBeLessThanOrEqual(RUN_CACHE_MAX);
    }
    // Within the bound's worth of new texts the cache is cleared once, then keeps each new one.
    let before = regular();
    let cleared = false;
    for (let i = 0; i <= RUN_CACHE_MAX && !cleared; i++) {
      shapeNew();
      cleared = regular() < before;
      before = regular();
    }
    expect(cleared).toBe(true);
    expect(regular()).toBe(1);
    for (let i = 0; i < 10; i++) shapeNew();
    expect(regular()).toBe(11);
    doc.end();
  });
});
