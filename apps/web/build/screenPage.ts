import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What this plugin reads of a built chunk (Rolldown's output chunk). */
interface BuiltChunk {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly facadeModuleId: string | null;
  readonly imports: readonly string[];
}

/**
 * The files a lazy screen's chunk loads before it runs: the chunk and its static imports, in the
 * order a walk from the chunk meets them (the chunk itself first: the largest and the last to arrive
 * when the files are asked only as the shell runs).
 */
export function filesOfScreen(chunks: readonly BuiltChunk[], screenModule: string): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const screen = chunks.find((chunk) => chunk.facadeModuleId === screenModule);
  if (!screen) throw new Error(`screenPage: no chunk is built for ${screenModule}`);
  const files: string[] = [];
  const walk = (chunk: BuiltChunk) => {
    if (files.includes(chunk.fileName)) return;
    files.push(chunk.fileName);
    for (const file of chunk.imports) {
      const next = byFile.get(file);
      if (next) walk(next);
    }
  };
  walk(screen);
  return files;
}

/** `page` with a `<link rel="modulepreload">` for each of `files` it does not already name. */
export function withModulePreloads(page: string, files: readonly string[]): string {
  const links = files
    .filter((file) => !page.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  if (!page.includes('</head>')) throw new Error('screenPage: the page has no </head>');
  return page.replace('</head>', `${links}</head>`);
}

/**
 * Vite plugin: writes `page`, a copy of the staff app's `index.html` that also names a lazy
 * screen's files as module preloads (issue 41, the DO list's first screen). The server sends it for
 * a deep link to that screen (apps/server `http/webApp.ts`), so the browser fetches the screen's
 * files beside the shell's instead of once the shell has run and the router asked for them (over
 * HTTP/2 from an empty cache they had waited ≈ 2.2 s, docs/performance.md). Written after the
 * bundle, before the precompressing and the service worker's precache (closeBundle) see it; the
 * worker keeps `index.html` only (a navigation from the cache needs no preload).
 */
export function screenPage(page: string, screenModule: string): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'lms-screen-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as BuiltChunk[];
      const files = filesOfScreen(chunks, path.resolve(root, screenModule));
      const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      writeFileSync(path.join(outDir, page), withModulePreloads(shell, files));
    },
  };
}
