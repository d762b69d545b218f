import path from 'node:path';
import { appointmentModel } from '../../apps/server/src/documents/appointment.ts';
import { daySheetModel } from '../../apps/server/src/documents/daySheet.ts';
import { deliveryNoteModel } from '../../apps/server/src/documents/deliveryNote.ts';
import type { DocumentModel } from '../../apps/server/src/documents/model.ts';
import { openPdf, renderDocument } from '../../apps/server/src/documents/render.ts';
import { tripSheetModel } from '../../apps/server/src/documents/tripSheet.ts';
import { sampleBooking, sampleContext, sampleDeliveryOrder, sampleShipment } from './sampleData.ts';

/** Where the committed sample PDFs live: beside the stories that draw them in Chromium. */
export const SAMPLE_PDF_DIR = path.join(
  import.meta.dirname,
  '../../packages/features/src/parts/documentSamples',
);

/** One sample of each kind (พ.ศ. setting), as docs/documents.md shows them. */
export function sampleDocuments(): Record<string, DocumentModel> {
  const ctx = sampleContext(true);
  return {
    appointment: appointmentModel(sampleBooking(1, 4), ctx),
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
}

/** A model's PDF as the server would send it. */
export async function pdfOf(model: DocumentModel): Promise<Uint8Array> {
  const doc = openPdf({ title: model.title });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => doc.on('end', resolve));
  renderDocument(doc, model);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
