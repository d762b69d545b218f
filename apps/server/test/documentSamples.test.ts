import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfOf, SAMPLE_PDF_DIR, sampleDocuments } from '../../../bench/documents/sampleDocuments.ts';
import { pdfPagePng } from './pdfImage.ts';

/**
 * The committed sample PDFs, which the Chromium baselines draw (DocumentSamples.stories.tsx), are
 * what the renderer makes today: a layout change without regenerated samples fails here, so the
 * baselines cannot go on passing on old PDFs.
 */
describe('the documents’ sample PDFs', () => {
  for (const [kind, model] of Object.entries(sampleDocuments()))
    it(`${kind}: page 1 drawn from the committed sample is page 1 drawn from a fresh one`, async () => {
      const committed = new Uint8Array(readFileSync(path.join(SAMPLE_PDF_DIR, `${kind}.pdf`)));
      const fresh = await pdfOf(model);
      expect(Buffer.compare(await pdfPagePng(committed, 1, 1), await pdfPagePng(fresh, 1, 1))).toBe(0);
    });
});
