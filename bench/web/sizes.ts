import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The goals of issue 24: the shell and each route's own chunk, gzip. */
export const SHELL_BUDGET_KB = 150;
export const ROUTE_BUDGET_KB = 60;

/**
 * What each page may load before it works, gzip JavaScript (its entry and every chunk it imports
 * statically): a build past one fails `tests/entrySizes.test.ts` (issue 41, docs/performance.md).
 * The appointment page is the goal itself; the driver's app and the staff shell are today's size
 * plus about 1 kB, a ceiling that fails the build as soon as either grows, while the shell's goal
 * (`SHELL_BUDGET_KB`) is not met. 2026-11-29: the driver's app 175.3 kB (205.9 before its stop
 * screen and its unusual-time question became chunks of their own), the shell 200.2 kB (214.1
 * before the nav groups' fade went to CSS, a snackbar's item to a chunk fetched when idle and the
 * live booking stream's code to one loaded when it opens); then 201.9 kB on the merged tree (the
 * router's ScrollRestoration, another page opening at its top, and the stop list's declaration);
 * then the shell 180.9 kB and the driver's app 161.9 kB on React Router's declarative mode (its data
 * router out of both: the leave guard and the scroll keeper are the app's, `apps/web/src/shell/`)
 * and the sign-in's fields as plain inputs (react-aria's text field out of the shell); then the shell
 * 163.6 kB and the driver's app 152.6 kB with calendar days on `Date.UTC` (@internationalized/date
 * out of both) and the entities' heads (`entities/heads.ts`) in the shell instead of every
 * declaration with its fields; then the shell 147.1 kB and the driver's app 149.9 kB with no
 * react-aria in the shell and none of its press code in the driver's first screens (`PlainButton`,
 * `PlainFieldLabel`, the account menu's button by hand).
 * Then the shell 148.6 kB and the driver's app 150.8 kB on the merged tree of 2026-11-29 evening
 * (the manager's home section's loader, the driver's link on the home, the lists' field sets): the
 * shell's budget is now its goal itself, 150 kB.
 */
export const ENTRY_BUDGETS_KB = {
  'appointment.html': 40,
  // 151 until 2026-12-01, when each driver's screen named the browser's title (WCAG 2.4.2): 151.1 kB.
  'driver.html': 152,
  'index.html': 150,
} as const;
export type EntryPage = keyof typeof ENTRY_BUDGETS_KB;

/**
 * The DO list's screen (`pages/EntityScreen.tsx` and what it imports statically beyond the shell),
 * gzip: today's size plus about 3 kB (issue 41; `tests/entrySizes.test.ts`). 237.6 kB until the
 * form, the filter panel, the bulk dialogs, the import, the record's page and the entities' parts
 * became chunks of their own and the list's fetches stopped importing yup (2026-11-30).
 */
export const LIST_SCREEN_BUDGET_KB = 127;

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
}

export interface RouteSize {
  readonly chunk: string;
  /** The route's own (lazy entry) chunk. */
  readonly ownKb: number;
  /** Chunks it shares with other routes, loaded beyond the shell. */
  readonly sharedKb: number;
}

export interface BuildSizes {
  readonly shellKb: number;
  readonly shellFiles: readonly string[];
  readonly routes: readonly RouteSize[];
  readonly totalKb: number;
}

/** Gzip size in kB as the server sends it: the `.gz` written at build time, else gzip -9 now. */
export function gzipKb(dist: string, file: string): number {
  const full = path.join(dist, file);
  const bytes = existsSync(`${full}.gz`)
    ? readFileSync(`${full}.gz`).length
    : gzipSync(readFileSync(full), { level: 9 }).length;
  return bytes / 1024;
}

export const readManifest = (dist: string) =>
  JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** Every chunk `key` loads statically (itself included), by manifest key. */
export function staticClosure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/** The gzip JavaScript each page (`index.html`, `driver.html`, `appointment.html`) loads before it runs. */
export function entrySizes(
  dist: string,
): Record<EntryPage, { readonly kb: number; readonly files: string[] }> {
  const manifest = readManifest(dist);
  const sizeOf = (page: EntryPage) => {
    if (!manifest[page]?.isEntry) throw new Error(`the build in ${dist} has no entry ${page}`);
    const files = [...staticClosure(manifest, page)].map((key) => manifest[key]!.file);
    return { kb: files.reduce((total, f) => total + gzipKb(dist, f), 0), files };
  };
  return {
    'appointment.html': sizeOf('appointment.html'),
    'driver.html': sizeOf('driver.html'),
    'index.html': sizeOf('index.html'),
  };
}

/**
 * Sizes of a Vite build from its manifest: the shell is the entry with everything it imports
 * statically (what index.html preloads); a route's own chunk is its lazy entry, and its shared
 * chunks are what it imports beyond the shell. A build without a manifest (before code
 * splitting) is all shell.
 */
export function buildSizes(dist: string): BuildSizes {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gzipKb(dist, f), 0);
  if (!existsSync(manifestFile)) {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    return { shellKb: sum(files), shellFiles: files, routes: [], totalKb: sum(files) };
  }
  const manifest = readManifest(dist);
  const closure = (key: string) => staticClosure(manifest, key);
  // The staff app's page (the driver's app and the appointment page are entries of their own: docs/web.md).
  const entry = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const shell = closure(entry);
  const fileOf = (key: string) => manifest[key]!.file;
  const routes = Object.keys(manifest)
    .filter((key) => manifest[key]!.isDynamicEntry)
    .map((key) => {
      const shared = [...closure(key)].filter((k) => k !== key && !shell.has(k));
      return { chunk: key, ownKb: gzipKb(dist, fileOf(key)), sharedKb: sum(shared.map(fileOf)) };
    })
    .sort((a, b) => b.ownKb + b.sharedKb - (a.ownKb + a.sharedKb));
  const allJs = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((f) => f.endsWith('.js')),
  );
  return {
    shellKb: sum([...shell].map(fileOf)),
    shellFiles: [...shell].map(fileOf),
    routes,
    totalKb: sum(allJs),
  };
}
