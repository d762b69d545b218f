import type { Meta, StoryObj } from '@storybook/react-vite';
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { expect, waitFor } from 'storybook/test';
import appointmentPdf from './documentSamples/appointment.pdf?url';
import daySheetPdf from './documentSamples/daySheet.pdf?url';
import deliveryNotePdf from './documentSamples/deliveryNote.pdf?url';
import tripSheetPdf from './documentSamples/tripSheet.pdf?url';

/**
 * The printed documents' visual baselines (docs/documents.md): page 1 of each kind's sample PDF
 * (`documentSamples/`, written by `bench/documents/samples.ts` with the server's renderer) drawn by pdf.js — Firefox's
 * viewer — in real Chromium, with the PDF's own embedded Sarabun. A change to the layout, the
 * font or Thai shaping (a tone mark off its consonant) changes the picture and fails its story.
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/** `top`: show only this share of the page from its top, as wide as the viewport allows (a close-up). */
function PdfPage({ url, title, top }: { url: string; title: string; top?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  useEffect(() => {
    let cancelled = false;
    // Glyphs drawn from the PDF's own font program as paths, not through a FontFace: the four
    // samples' subset fonts share pdf.js's font names, and one page must never use another's.
    const task = getDocument({ url, disableFontFace: true, useSystemFonts: false, isEvalSupported: false });
    (async () => {
      const pdf = await task.promise;
      const page = await pdf.getPage(1);
      // The whole page inside the stories' 1200×900 viewport (Chromium leaves a canvas
      // unpainted far below it), drawn at twice the shown size: the screenshot scales pages down
      // and a canvas drawn 1:1 would blur the text.
      const size = page.getViewport({ scale: 1 });
      const shown = Math.min(1000 / size.width, 740 / (size.height * (top ?? 1)));
      const viewport = page.getViewport({ scale: shown * 2 });
      const target = canvas.current;
      if (cancelled || !target) return;
      target.width = viewport.width;
      target.height = viewport.height;
      target.style.width = `${viewport.width / 2}px`;
      target.style.height = `${viewport.height / 2}px`;
      if (top && target.parentElement) target.parentElement.style.height = `${(viewport.height / 2) * top}px`;
      await page.render({ canvas: target, viewport }).promise;
      if (!cancelled) setState('drawn');
    })().catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url, top]);
  return (
    // pdf.js draws the same PDF with glyphs a shade heavier in the full suite than alone (1–2 % of
    // the pixels): the picture catches a layout change; the content is checked exactly by
    // apps/server/test/documentSamples.test.ts (the committed PDFs against a fresh render).
    <figure
      data-screenshot-tolerance="0.05"
      style={{ margin: 0, width: 'fit-content', overflow: 'hidden', background: 'white' }}
    >
      <canvas ref={canvas} role="img" aria-label={`${title} หน้า 1`} data-state={state} />
    </figure>
  );
}

const meta = {
  title: 'Documents/Samples (page 1)',
  component: PdfPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof PdfPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const drawn: Story['play'] = async ({ canvas, args }) => {
  const page = canvas.getByRole('img', { name: `${args.title} หน้า 1` });
  await waitFor(() => expect(page).toHaveAttribute('data-state', 'drawn'), { timeout: 20_000 });
};

export const Appointment: Story = {
  args: { url: appointmentPdf, title: 'ใบนัดส่งสินค้า' },
  play: drawn,
};
export const TripSheet: Story = { args: { url: tripSheetPdf, title: 'ใบคุมรถ' }, play: drawn };
export const DeliveryNote: Story = { args: { url: deliveryNotePdf, title: 'ใบส่งสินค้า' }, play: drawn };
/** A4 landscape. */
export const DaySheet: Story = { args: { url: daySheetPdf, title: 'ใบงานประจำวัน' }, play: drawn };
/** The slip's header and fields large: Thai marks (ที่ ปั้น กุ้ง น้ำ) on their consonants, readable in the picture. */
export const AppointmentCloseUp: Story = {
  args: { url: appointmentPdf, title: 'ใบนัดส่งสินค้า', top: 0.42 },
  play: drawn,
};
