import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * Vite plugin (build only): Roboto's Latin files split in two by what the app's text needs, so a
 * page downloads ≈ 13 kB a weight instead of 22 kB (docs/web.md "Fonts").
 *
 * @fontsource/roboto ships its Latin subset as one file a weight (Latin-1, general punctuation,
 * the euro…: ≈ 220 characters). Every screen's Latin text is codes, numbers, names and a few
 * marks, all in printable ASCII and the handful of marks in `FIRST` below, so that is the file
 * every page loads (and preloads at 400); the rest of the Latin subset is a second file with its
 * own `unicode-range`, which a browser fetches only for a page that shows one of those characters
 * (a brand such as "Nestlé"), drawing it in Roboto all the same. Sarabun's Thai files are already
 * one script each and stay as @fontsource ships them.
 *
 * Cut at build time with `subset-font` (HarfBuzz's subsetter in WebAssembly): the files are written
 * once per input under `node_modules/.cache/lms-fonts/<hash>/` with a stylesheet beside them, and
 * `@fontsource/roboto/latin-<weight>.css` resolves to that stylesheet, so Vite hashes and emits the
 * cut files like any other asset. Development and the stories keep @fontsource's own files.
 */

/** What every page's Latin text uses: printable ASCII, and the marks the app's own strings write. */
export const FIRST: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xa0], // no-break space
  [0xb7, 0xb7], // · between a record and its screen in the title
  [0xd7, 0xd7], // × in sizes
  [0x2013, 0x2014], // – —
  [0x2018, 0x2019], // ‘ ’
  [0x201c, 0x201d], // “ ”
  [0x2026, 0x2026], // …
  [0x2212, 0x2212], // − (minus)
];

export const WEIGHTS = [400, 500, 700] as const;

export type Ranges = readonly (readonly [number, number])[];

/** `U+0000-00FF,U+0131` → ranges. */
export function parseUnicodeRange(text: string): Ranges {
  return text.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-') as [string, string?];
    return [Number.parseInt(from, 16), Number.parseInt(to, 16)] as const;
  });
}

const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');

export function formatUnicodeRange(ranges: Ranges): string {
  return ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(', ');
}

/** `ranges` less `cut`: what is in the first and not in the second, as ranges. */
export function without(ranges: Ranges, cut: Ranges): Ranges {
  const out: [number, number][] = [];
  const inCut = (n: number) => cut.some(([a, b]) => n >= a && n <= b);
  for (const [a, b] of ranges)
    for (let n = a; n <= b; n += 1) {
      if (inCut(n)) continue;
      const last = out.at(-1);
      if (last && last[1] === n - 1) last[1] = n;
      else out.push([n, n]);
    }
  return out;
}

/** Every code point of `ranges`, in order. */
export const codePoints = (ranges: Ranges): number[] =>
  ranges.flatMap(([a, b]) => Array.from({ length: b - a + 1 }, (_, i) => a + i));

/** Control characters draw no glyph: no range of either file names them. */
export const CONTROLS: Ranges = [
  [0, 0x1f],
  [0x7f, 0x9f],
];

/** @fontsource/roboto's folder and its Latin subset's range (its `unicode.json`). */
export function robotoLatin(resolveFrom: string): { readonly dir: string; readonly latin: Ranges } {
  const dir = path.dirname(createRequire(resolveFrom).resolve('@fontsource/roboto/package.json'));
  const ranges = JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<string, string>;
  if (!ranges.latin) throw new Error('fontSubsets: @fontsource/roboto names no latin range');
  return { dir, latin: parseUnicodeRange(ranges.latin) };
}

/** The characters of `ranges`, as the subsetter takes them. */
const textOf = (ranges: Ranges) => String.fromCodePoint(...codePoints(ranges));

const face = (weight: number, file: string, ranges: Ranges) => `@font-face {
  font-family: 'Roboto';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(./${file}) format('woff2');
  unicode-range: ${formatUnicodeRange(ranges)};
}
`;

/** The two files a weight and their stylesheet; answers the stylesheet's path by weight. */
async function cutFonts({ cacheRoot, resolveFrom }: FontSubsetOptions): Promise<Map<number, string>> {
  const { dir: robotoDir, latin } = robotoLatin(resolveFrom);
  const rest = without(latin, [...FIRST, ...CONTROLS]);
  const sources = WEIGHTS.map((weight) => ({
    weight,
    bytes: readFileSync(path.join(robotoDir, 'files', `roboto-latin-${weight}-normal.woff2`)),
  }));
  // Everything the files and the stylesheet are made of: a change to any cuts them again.
  const hash = createHash('sha256').update(JSON.stringify([FIRST, rest, face(0, '', [])]));
  for (const source of sources) hash.update(source.bytes);
  const dir = path.join(cacheRoot, hash.digest('hex').slice(0, 16));
  const sheets = new Map<number, string>();
  for (const { weight, bytes } of sources) {
    const sheet = path.join(dir, `roboto-latin-${weight}.css`);
    sheets.set(weight, sheet);
    if (existsSync(sheet)) continue;
    mkdirSync(dir, { recursive: true });
    const first = `roboto-first-${weight}-normal.woff2`;
    const more = `roboto-more-${weight}-normal.woff2`;
    writeFileSync(path.join(dir, first), await subsetFont(bytes, textOf(FIRST), { targetFormat: 'woff2' }));
    writeFileSync(path.join(dir, more), await subsetFont(bytes, textOf(rest), { targetFormat: 'woff2' }));
    // Written last: a build stopped halfway leaves no stylesheet, and the next one cuts again.
    writeFileSync(sheet, face(weight, first, FIRST) + face(weight, more, rest));
  }
  return sheets;
}

export interface FontSubsetOptions {
  /** Where the cut files are kept between builds. */
  readonly cacheRoot: string;
  /** A file of the package that depends on @fontsource/roboto (pnpm resolves it from there). */
  readonly resolveFrom: string;
}

export function fontSubsets(options: FontSubsetOptions): Plugin {
  let sheets: Promise<Map<number, string>> | undefined;
  return {
    name: 'lms-font-subsets',
    apply: 'build',
    enforce: 'pre',
    async resolveId(id) {
      const weight = /^@fontsource\/roboto\/latin-(\d+)\.css$/.exec(id)?.[1];
      if (!weight) return undefined;
      sheets ??= cutFonts(options);
      const sheet = (await sheets).get(Number(weight));
      if (!sheet) throw new Error(`fontSubsets: no cut of Roboto at weight ${weight}`);
      return sheet;
    },
  };
}
