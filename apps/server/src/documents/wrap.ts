/**
 * Thai has no spaces between words, so a PDF library's line breaker (which breaks at spaces)
 * would either overflow or cut a syllable. We break lines ourselves at the word boundaries of
 * the platform's Thai dictionary breaker, and fall back to grapheme clusters (never inside a
 * consonant + its vowels and tone marks) only for a single word wider than the line.
 */

const words = new Intl.Segmenter('th', { granularity: 'word' });
const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });

export type Measure = (text: string) => number;

const CLOSING = /^[)\].,:;!?%/]+$/;
const OPENING = /[([]$/;

/** Word segments, with brackets and punctuation kept on their word: "(ลบ.ม.)" never loses its ")". */
function tokens(paragraph: string): string[] {
  const out: string[] = [];
  for (const { segment } of words.segment(paragraph)) {
    const last = out.at(-1);
    const glue = last !== undefined && last.trim() !== '' && segment.trim() !== '';
    if (glue && (CLOSING.test(segment) || OPENING.test(last))) out[out.length - 1] = last + segment;
    else out.push(segment);
  }
  return out;
}

/** `text` as lines no wider than `width` (by `measure`); '\n' starts a new line. */
export function wrapText(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
      lineWidth = 0;
    };
    for (const segment of tokens(paragraph)) {
      const segmentWidth = measure(segment);
      if (lineWidth + segmentWidth <= width || line === '') {
        if (segmentWidth > width && line === '') {
          // One word wider than the line (a long code, a run of digits): cut between clusters.
          for (const { segment: cluster } of graphemes.segment(segment)) {
            const clusterWidth = measure(cluster);
            if (lineWidth + clusterWidth > width && line !== '') push();
            line += cluster;
            lineWidth += clusterWidth;
          }
          continue;
        }
        line += segment;
        lineWidth += segmentWidth;
        continue;
      }
      push();
      // A space that ended the previous line does not start the next one.
      if (segment.trim() === '') continue;
      line = segment;
      lineWidth = segmentWidth;
    }
    push();
  }
  return lines;
}
