/**
 * Writes the PDF of each kind the server would send (sample rows, no database) to
 * packages/features/src/parts/documentSamples/<kind>.pdf — the Chromium baselines' input
 * (DocumentSamples.stories.tsx beside it) — and docs/documents/<kind>.png, its page 1 drawn by
 * pdf.js in Node. Run: `npx pnpm@10.34.8 exec tsx bench/documents/samples.ts`,
 * then look at the images before committing them (and update the stories' baselines).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pdfPagePng } from '../../apps/server/test/pdfImage.ts';
import { pdfOf, SAMPLE_PDF_DIR, sampleDocuments } from './sampleDocuments.ts';

const out = path.join(import.meta.dirname, '../../docs/documents');
mkdirSync(out, { recursive: true });
mkdirSync(SAMPLE_PDF_DIR, { recursive: true });
for (const [kind, model] of Object.entries(sampleDocuments())) {
  const pdf = await pdfOf(model);
  writeFileSync(path.join(SAMPLE_PDF_DIR, `${kind}.pdf`), pdf);
  writeFileSync(path.join(out, `${kind}.png`), await pdfPagePng(pdf, 1, 1.25));
  console.log(`${kind}.pdf, docs/documents/${kind}.png`);
}
