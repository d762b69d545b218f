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
interface FontkitFont {
  layout(text: string, features?: unknown): { glyphs: Glyph[] };
  glyphForCodePoint(codePoint: number): Glyph;
}

/**
 * Keeps copied/extracted text true. Sarabun draws ำ (SARA AM) as two glyphs, ํ (NIKHAHIT, carrying
 * the code point ำ) and า (SARA AA, carrying none); fontkit caches a glyph with the code points of
 * its first use, and pdfkit writes one ToUnicode entry per glyph. Unpatched, every later า
 * extracts as nothing ("สินค้" for "สินค้า"). Here ํ maps to ํ and า to า everywhere, so
 * ำ extracts as its compatibility decomposition ํา (NFKD) and nothing is lost.
 */
function keepExtractableThai(font: FontkitFont): void {
  const saraAa = font.glyphForCodePoint(SARA_AA).id;
  const layout = font.layout.bind(font);
  font.layout = (text, features) => {
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
}

/** The same glyph (fontkit's are shared and cached), seen with other code points. */
const withCodePoints = (glyph: Glyph, codePoints: number[]): Glyph =>
  Object.create(glyph, { codePoints: { value: codePoints } });

/** Registers Sarabun regular and bold on a new document. */
export function useFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont(FONT.regular, regular);
  doc.registerFont(FONT.bold, bold);
  for (const name of [FONT.bold, FONT.regular]) {
    doc.font(name);
    // pdfkit's embedded font keeps its fontkit font in `font` (not in the public types).
    keepExtractableThai((doc as unknown as { _font: { font: FontkitFont } })._font.font);
  }
}
