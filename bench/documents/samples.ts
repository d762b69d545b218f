/**
 * Writes docs/documents/<kind>.pdf, the PDF the server would send (sample rows, no database), and
 * <kind>.png, its page 1 drawn by pdf.js in Node. The PDFs are also the Chromium baselines' input
 * (packages/entity-pages/src/parts/DocumentSamples.stories.tsx). Run: `npx pnpm@10.34.8 exec tsx bench/documents/samples.ts`,
 * then look at the images before committing them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  appointmentModel,
  daySheetModel,
  deliveryNoteModel,
  tripSheetModel,
} from '../../apps/server/src/documents/kinds.ts';
import type { DocumentModel } from '../../apps/server/src/documents/model.ts';
import { openPdf, renderDocument } from '../../apps/server/src/documents/render.ts';
import { pdfPagePng } from '../../apps/server/test/pdfImage.ts';
import { sampleBooking, sampleContext, sampleDeliveryOrder, sampleShipment } from './sampleData.ts';

async function pdfOf(model: DocumentModel): Promise<Uint8Array> {
  const doc = openPdf({ title: model.title });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  renderDocument(doc, model);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

const out = path.join(import.meta.dirname, '../../docs/documents');
mkdirSync(out, { recursive: true });
const ctx = sampleContext(true);
const booking = sampleBooking(1, 4);
const samples: Record<string, DocumentModel> = {
  appointment: appointmentModel(booking, ctx),
  tripSheet: tripSheetModel(sampleShipment(1), ctx),
  deliveryNote: deliveryNoteModel(sampleDeliveryOrder(1), ctx),
  daySheet: daySheetModel(
    {
      date: '2026-11-25',
      shiftOfDayId: 's1',
      shift: { name: 'กะเช้า', start_time: '08:00', end_time: '12:00' },
    },
    Array.from({ length: 6 }, (_, i) => sampleBooking(i + 1, 3)),
    ctx,
  ),
};
for (const [kind, model] of Object.entries(samples)) {
  const pdf = await pdfOf(model);
  writeFileSync(path.join(out, `${kind}.pdf`), pdf);
  writeFileSync(path.join(out, `${kind}.png`), await pdfPagePng(pdf, 1, 1.25));
  console.log(`docs/documents/${kind}.pdf, .png`);
}
