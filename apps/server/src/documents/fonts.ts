import { readFileSync } from 'node:fs';

/**
 * Sarabun (SIL Open Font License 1.1, fonts/OFL.txt), the product's Thai typeface, embedded and
 * subset into every PDF by pdfkit. Read once per process.
 */
const regular = readFileSync(new URL('./fonts/Sarabun-Regular.ttf', import.meta.url));
const bold = readFileSync(new URL('./fonts/Sarabun-Bold.ttf', import.meta.url));

export const FONT = { regular: 'Sarabun', bold: 'Sarabun-Bold' } as const;

const SARA_AM = 0x0e33;
const NIKHAHIT = 0x0e4d;
const SARA_AA = 0x0e32;

interface Glyph {
  readonly id: number;
  readonly codePoints: number[];
}
interface GlyphRun {
  glyphs: Glyph[];
  positions: Record<string, number>[];
}
interface FontkitFont {
  layout(text: string, features?: unknown): GlyphRun;
  glyphForCodePoint(codePoint: number): Glyph;
}

/**
 * Shaped runs per font, shared by every document of the process (bounded: cleared when full).
 * A run with its glyph positions holds about 3 KB (heap snapshots of the proof batch, 2026-12-03):
 * 5,000 is ≈ 15 MB at most, room for the labels and names documents repeat; a cap of 1,000
 * cost the 500-note batch no CPU that could be told from the noise (docs/performance.md).
 */
export const RUN_CACHE_MAX = 5_000;

/** Each font's run cache, so that a test can see the bound hold. */
const runCaches = new Map<FontkitFont, Map<string, GlyphRun>>();

/**
 * Keeps copied/extracted text true. Sarabun draws ำ (SARA AM) as two glyphs, ํ (NIKHAHIT, carrying
 * the code point ำ) and า (SARA AA, carrying none); fontkit caches a glyph with the code points of
 * its first use, and pdfkit writes one ToUnicode entry per glyph. Unpatched, every า after the
 * first ำ extracts as nothing ("สินค้" for "สินค้า"), or ำ as "ำา". Here ํ maps to ํ and า to า
 * everywhere, so ำ extracts as its compatibility decomposition ํา (NFKD) and nothing is lost.
 *
 * Also shapes each text once per process: pdfkit caches runs per document only, and Thai shaping
 * is most of a document's time. pdfkit scales a run's positions in place, so each caller gets
 * its own copy of the positions.
 */
function keepExtractableThai(font: FontkitFont): void {
  const saraAa = font.glyphForCodePoint(SARA_AA).id;
  const layout = font.layout.bind(font);
  const runs = new Map<string, GlyphRun>();
  runCaches.set(font, runs);
  const shape = (text: string, features?: unknown): GlyphRun => {
    const run = layout(text, features);
    run.glyphs = run.glyphs.map((glyph) => {
      if (glyph.id === saraAa) return withCodePoints(glyph, [SARA_AA]);
      if (glyph.codePoints.includes(SARA_AM))
        return withCodePoints(
          glyph,
          glyph.codePoints.map((c) => (c === SARA_AM ? NIKHAHIT : c)),
        );
      return glyph;
    });
    return run;
  };
  font.layout = (text, features) => {
    if (features) return shape(text, features);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= RUN_CACHE_MAX) runs.clear();
      run = shape(text);
      runs.set(text, run);
    }
    // The run's own getters (advanceWidth …) read these positions.
    return Object.create(run, { positions: { value: run.positions.map((p) => ({ ...p })) } });
  };
}

/** The same glyph (fontkit's are shared and cached), seen with other code points. */
const withCodePoints = (glyph: Glyph, codePoints: number[]): Glyph =>
  Object.create(glyph, { codePoints: { value: codePoints } });

/** pdfkit's internals that sharing a parsed font needs (pdfkit is pinned; see useFonts). */
interface PdfkitFonts {
  _font: { font: FontkitFont; constructor: new (doc: unknown, font: FontkitFont, id: string) => unknown };
  _fontFamilies: Record<string, unknown>;
  _fontCount: number;
}

let parsed:
  | { EmbeddedFont: PdfkitFonts['_font']['constructor']; fonts: Map<string, FontkitFont> }
  | undefined;

/** How many shaped runs the process keeps for one of the fonts (`FONT`; the bound's test). */
export function shapedRuns(name: string): number {
  const font = parsed?.fonts.get(name);
  return font ? (runCaches.get(font)?.size ?? 0) : 0;
}

/**
 * Sarabun regular and bold on a new document. pdfkit parses a registered font again for every
 * document, and Thai shaping on a cold font costs most of a slip's time (~200 ms against ~12 ms
 * warm): the fontkit fonts are parsed once per process and shared. Each document still gets its
 * own embedded font object, so its own subset, widths and ToUnicode.
 */
export function useFonts(doc: PDFKit.PDFDocument): void {
  const internals = doc as unknown as PdfkitFonts;
  if (!parsed) {
    doc.registerFont(FONT.regular, regular);
    doc.registerFont(FONT.bold, bold);
    const fonts = new Map<string, FontkitFont>();
    for (const name of [FONT.bold, FONT.regular]) {
      doc.font(name);
      keepExtractableThai(internals._font.font);
      fonts.set(name, internals._font.font);
    }
    parsed = { EmbeddedFont: internals._font.constructor, fonts };
    return;
  }
  for (const [name, font] of parsed.fonts)
    internals._fontFamilies[name] = new parsed.EmbeddedFont(doc, font, `F${++internals._fontCount}`);
  doc.font(FONT.regular);
}
