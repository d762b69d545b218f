import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Page `n` of a PDF as a PNG, drawn by pdf.js (Firefox's viewer) on @napi-rs/canvas with the
 * PDF's own embedded fonts (never the system's): what a reader sees, for docs and baselines.
 */
export async function pdfPagePng(bytes: Uint8Array, n = 1, scale = 1.5): Promise<Buffer> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const page = await pdf.getPage(n);
  const viewport = page.getViewport({ scale });
  // pdf.js's Node canvas factory (@napi-rs/canvas); its type says only Object.
  const factory = pdf.canvasFactory as { create(width: number, height: number): unknown };
  const { canvas, context } = factory.create(viewport.width, viewport.height) as {
    canvas: { toBuffer(type: 'image/png'): Buffer };
    context: CanvasRenderingContext2D;
  };
  context.fillStyle = 'white';
  context.fillRect(0, 0, viewport.width, viewport.height);
  await page.render({ canvasContext: context, viewport, canvas: canvas as unknown as HTMLCanvasElement })
    .promise;
  const png = canvas.toBuffer('image/png');
  await pdf.destroy();
  return png;
}
