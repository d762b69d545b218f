import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { entities } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import {
  CONTROLS,
  codePoints,
  FIRST,
  parseUnicodeRange,
  robotoLatin,
  WEIGHTS,
  without,
} from '../apps/web/build/fontSubsets.ts';
import { filesOfEntry } from '../apps/web/build/pagePrecache.ts';
import {
  ENTRY_BUDGETS_KB,
  type EntryPage,
  entrySizes,
  gzipKb,
  LIST_SCREEN_BUDGET_KB,
  readManifest,
  staticClosure,
} from '../bench/web/sizes.ts';
import { builtWebApp } from './webBuild.ts';

/**
 * Each page's JavaScript stays under its budget (issue 41): the customer's appointment page, the
 * driver's app, the staff shell. Reads the build `npm test` makes before its tests ("build web",
 * scripts/test.mjs); a page that grew past its budget fails here, naming its files.
 */
// The build `npm test` may still be making beside Vitest's start (webBuild.ts).
const dist = await builtWebApp();

type Manifest = ReturnType<typeof readManifest>;
/** The manifest's key of a source module, by the end of its path. */
const keyOf = (manifest: Manifest, suffix: string) =>
  Object.keys(manifest).find((name) => name.endsWith(suffix));
/** What `key` loads statically beyond the staff shell, by manifest key. */
const beyondShell = (manifest: Manifest, key: string) => {
  const shell = staticClosure(manifest, 'index.html');
  return [...staticClosure(manifest, key)].filter((name) => !shell.has(name));
};

describe('the web app’s entries', () => {
  it('each load no more JavaScript than their budget (gzip)', () => {
    if (!existsSync(path.join(dist, '.vite/manifest.json')))
      throw new Error(`${dist} has no build: build the web app first (npm run build; npm test does it)`);
    const sizes = entrySizes(dist);
    for (const page of Object.keys(ENTRY_BUDGETS_KB) as EntryPage[]) {
      const { kb, files } = sizes[page];
      expect(kb, `${page}: ${kb.toFixed(1)} kB in ${files.join(', ')}`).toBeLessThan(ENTRY_BUDGETS_KB[page]);
    }
  });

  it('the staff shell carries the entities’ heads, not their fields (they load with the entity pages)', () => {
    const shell = entrySizes(dist)['index.html'].files.map((file) =>
      readFileSync(path.join(dist, file), 'utf8'),
    );
    const inShell = (text: string) => shell.some((code) => code.includes(text));
    // Every title is there (the sidebar, the route table) …
    for (const entity of entities) expect(inShell(entity.title), `${entity.name}'s title`).toBe(true);
    // … and no field's note: a declaration's fields are what the heads keep out (issue 41).
    const notes = entities.flatMap((entity) =>
      entity.fields.flatMap((field) =>
        field.typeNote ? [`${entity.name}.${field.name}: ${field.typeNote}`] : [],
      ),
    );
    expect(notes.length).toBeGreaterThan(20);
    expect(notes.filter((note) => inShell(note.slice(note.indexOf(': ') + 2)))).toEqual([]);
  });

  it('the driver’s app loads its deeper screens later, and its service worker precaches them for offline', () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; imports?: string[]; dynamicImports?: string[] }
    >;
    const worker = readFileSync(path.join(dist, 'driver-sw.js'), 'utf8');
    const entryFiles = new Set(entrySizes(dist)['driver.html'].files);
    // A stop's screen is not in what the page loads first …
    const stopScreen = Object.keys(manifest).find((key) =>
      key.endsWith('features/src/driver/StopScreen.tsx'),
    );
    expect(stopScreen, 'the stop screen is a chunk of its own').toBeDefined();
    expect(entryFiles.has(manifest[stopScreen!]!.file)).toBe(false);
    // … but every file the app may fetch later is in the worker's precache: offline, a stop opens.
    const lazyFiles = [...filesOfEntry(manifest, 'driver.html')].filter(
      (file) => file.endsWith('.js') && !entryFiles.has(file),
    );
    expect(lazyFiles).toContain(manifest[stopScreen!]!.file);
    for (const file of lazyFiles) expect(worker, `${file} precached`).toContain(`"${file}"`);
  });

  it('each page names its icon inline, so no browser asks for /favicon.ico (apps/web/build/pageIcon.ts)', () => {
    // The server answers an unknown path with the app's page: the icon's request would cost a
    // round trip and 9 kB of HTML on one of HTTP/1.1's six connections.
    for (const page of ['index.html', 'driver.html', 'appointment.html']) {
      const html = readFileSync(path.join(dist, page), 'utf8');
      expect(html, page).toMatch(/<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,/);
    }
  });

  it('the shell and the list’s screen come in a few files each (apps/web/build/chunkPlan.ts)', () => {
    // Over HTTP/1.1 a browser fetches six at a time, a round trip each: the DO list's first screen
    // took 9.4 s from 23 + 41 files and 4.9 s from 8 + 7 (docs/performance.md).
    const manifest = readManifest(dist);
    const beyond = beyondShell(manifest, keyOf(manifest, 'src/pages/EntityScreen.tsx')!);
    expect(entrySizes(dist)['index.html'].files.length).toBeLessThanOrEqual(10);
    expect(beyond.length, beyond.join(', ')).toBeLessThanOrEqual(10);
  });

  it('the list’s first page is asked with a few files beyond the shell, not with the entity pages’ chunk', () => {
    const manifest = readManifest(dist);
    const firstList = keyOf(manifest, 'src/pages/firstListPage.ts');
    const screen = keyOf(manifest, 'src/pages/EntityScreen.tsx');
    expect(firstList, 'the list’s first page is a chunk of its own (preloadScreenAt)').toBeDefined();
    const beyond = (entry: string) => beyondShell(manifest, entry);
    // preloadScreenAt asks it before the screen's chunk; its files go first, and the request goes
    // out once they have run (docs/web.md): a few files and a fifth of the screen's bytes.
    const kb = (files: string[]) => files.reduce((sum, name) => sum + gzipKb(dist, manifest[name]!.file), 0);
    expect(beyond(firstList!)).not.toContain(screen);
    expect(beyond(firstList!).length).toBeLessThanOrEqual(4);
    expect(kb(beyond(firstList!)) * 4).toBeLessThan(kb(beyond(screen!)));
  });

  it('the list’s page is the staff page naming, after the shell, every file of the list’s first page and screen', () => {
    const manifest = readManifest(dist);
    const key = (suffix: string) => keyOf(manifest, suffix)!;
    const beyond = (entry: string) => beyondShell(manifest, entry).map((name) => manifest[name]!.file);
    const firstPage = beyond(key('src/pages/firstListPage.ts'));
    const screen = beyond(key('src/pages/EntityScreen.tsx')).filter((file) => !firstPage.includes(file));
    const page = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const list = readFileSync(path.join(dist, 'list.html'), 'utf8');
    const preload = /^\s*<link rel="modulepreload" crossorigin href="\/([^"]+)">\n/gm;
    const named = (html: string) => [...html.matchAll(preload)].map((match) => match[1]!);
    const added = named(list).slice(named(page).length);
    // The page's own lines are all there, in their order; the list's come after them …
    expect(list.replace(/^\s*<link rel="modulepreload"[^\n]*\n/gm, '')).toBe(
      page.replace(/^\s*<link rel="modulepreload"[^\n]*\n/gm, ''),
    );
    expect(named(list).slice(0, named(page).length)).toEqual(named(page));
    // … the first page's files first (preloadScreenAt asks them first), then the screen's, each once.
    expect(added.slice(0, firstPage.length).sort()).toEqual([...firstPage].sort());
    expect(added.slice(firstPage.length).sort()).toEqual([...screen].sort());
    expect(added).toContain(manifest[key('src/pages/EntityScreen.tsx')]!.file);
  });

  it('the list’s screen loads the list: the form, the filters, the bulk dialogs, the record’s page and the parts load when asked', () => {
    const manifest = readManifest(dist);
    const key = (suffix: string) => keyOf(manifest, suffix);
    const screen = beyondShell(manifest, key('src/pages/EntityScreen.tsx')!);
    const later = [
      'entity-pages/src/form/EntityFormDialog.tsx',
      'entity-pages/src/pages/FilterPanel.tsx',
      'entity-pages/src/import/ImportDialog.tsx',
      'entity-pages/src/bulk/BulkDialogs.tsx',
      'entity-pages/src/pages/EntityDetailPage.tsx',
      'features/src/parts/PrintMenu.tsx',
      'features/src/parts/shipmentParts.tsx',
      'features/src/parts/BookingLead.tsx',
    ];
    for (const suffix of later) {
      const chunk = key(suffix);
      expect(chunk, `${suffix} is a chunk of its own`).toBeDefined();
      expect(manifest[chunk!]!.isDynamicEntry, `${suffix} is imported when needed`).toBe(true);
      expect(screen, `${suffix} is not loaded with the list`).not.toContain(chunk);
    }
    const files = screen.map((name) => manifest[name]!.file);
    // yup's messages: the form's validation, which the list's own requests do not need.
    const code = files.map((file) => readFileSync(path.join(dist, file), 'utf8'));
    expect(code.filter((text) => text.includes('must be one of the following values'))).toEqual([]);
    const kb = files.reduce((total, file) => total + gzipKb(dist, file), 0);
    expect(kb, `the list's screen: ${kb.toFixed(1)} kB in ${files.length} files`).toBeLessThan(
      LIST_SCREEN_BUDGET_KB,
    );
  });

  it('the appointment page shares no staff code: none of its files is the staff shell’s', () => {
    const sizes = entrySizes(dist);
    const shell = new Set(sizes['index.html'].files);
    // The fonts' few bytes of module preload are the one thing both may load.
    const shared = sizes['appointment.html'].files.filter(
      (f) => shell.has(f) && !/\/fonts-[\w-]+\.js$/.test(f),
    );
    expect(shared).toEqual([]);
  });

  it('Roboto’s Latin in two files a weight: every page’s characters in the first, preloaded; the rest on demand (build/fontSubsets.ts)', () => {
    const assets = readdirSync(path.join(dist, 'assets'));
    const css = assets
      .filter((file) => file.endsWith('.css'))
      .map((file) => readFileSync(path.join(dist, 'assets', file), 'utf8'))
      .join('\n');
    const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)]
      .map((match) => match[1] ?? '')
      .filter((face) => /font-family:\s*["']?Roboto/.test(face));
    const { dir: roboto, latin } = robotoLatin(
      path.resolve(import.meta.dirname, '../packages/design-system/package.json'),
    );
    const printable = codePoints(without(latin, CONTROLS));
    const worker = readFileSync(path.join(dist, 'driver-sw.js'), 'utf8');
    for (const weight of WEIGHTS) {
      const of = (part: string) => {
        const face = faces.find((f) => f.includes(`roboto-${part}-${weight}-normal-`));
        if (!face) throw new Error(`no @font-face for roboto-${part}-${weight} in the built CSS`);
        const file = /url\(\/assets\/([^)]+)\)/.exec(face)?.[1] ?? '';
        const range = /unicode-range:([^;}]+)/.exec(face)?.[1] ?? '';
        return {
          file,
          bytes: statSync(path.join(dist, 'assets', file)).size,
          codes: codePoints(parseUnicodeRange(range)),
        };
      };
      const first = of('first');
      const more = of('more');
      // Together exactly @fontsource's Latin characters, each in one file; the first as declared.
      expect([...first.codes, ...more.codes].sort((a, b) => a - b)).toEqual(printable);
      expect(first.codes).toEqual(codePoints(FIRST));
      // The file every page loads: well under @fontsource's whole Latin file.
      const whole = statSync(path.join(roboto, 'files', `roboto-latin-${weight}-normal.woff2`)).size;
      expect(first.bytes, `${first.file} against ${whole} bytes`).toBeLessThan(whole * 0.65);
      // The driver's app works offline: its worker precaches both.
      expect(worker).toContain(`assets/${first.file}`);
      expect(worker).toContain(`assets/${more.file}`);
      if (weight === 400)
        expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toContain(
          `rel="preload" href="/assets/${first.file}"`,
        );
    }
  });
});
