import { describe, expect, it } from 'vitest';
import { wrapText } from '../src/documents/wrap.ts';

/** One unit per character: enough to test where lines break, not how wide glyphs are. */
const measure = (text: string) => [...text].length;
const wordEnds = (text: string) =>
  new Set([...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((s) => s.index));

describe('Thai line wrapping', () => {
  const sentence = 'บริษัทขนส่งสินค้าจำกัดนัดส่งสินค้าให้ลูกค้าที่คลังสินค้าบางนาเวลาเก้านาฬิกา';

  it('breaks only at word boundaries, never inside a syllable, and loses nothing', () => {
    const lines = wrapText(sentence, 12, measure);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('')).toBe(sentence);
    const boundaries = wordEnds(sentence);
    let at = 0;
    for (const line of lines.slice(0, -1)) {
      at += line.length;
      expect(boundaries.has(at), `break after "${line}"`).toBe(true);
    }
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(12);
  });

  it('keeps brackets and punctuation on their word, and drops the space a line ends on', () => {
    expect(wrapText('น้ำหนัก (กก.) ปริมาตร (ลบ.ม.)', 9, measure)).toEqual([
      'น้ำหนัก',
      '(กก.)',
      'ปริมาตร',
      '(ลบ.ม.)',
    ]);
  });

  it('cuts a word wider than the line between grapheme clusters (a mark stays on its consonant)', () => {
    const lines = wrapText('DO2611000100200300', 5, measure);
    expect(lines.join('')).toBe('DO2611000100200300');
    const thai = wrapText('กุ้งกุ้งกุ้งกุ้ง', 3, measure);
    for (const line of thai) expect(line).not.toMatch(/^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/);
  });

  it('starts a new line at each newline', () => {
    expect(wrapText('ที่อยู่\nโทรศัพท์', 100, measure)).toEqual(['ที่อยู่', 'โทรศัพท์']);
  });
});
