import type { Plugin, Rolldown } from 'vite';

/**
 * The staff page for an entity's list (issue 41: the DO list's first screen): `index.html` with a
 * `<link rel="modulepreload">` for each file the list's first screen needs beyond the shell — its
 * first page's request (`pages/firstListPage.ts`) and its screen (`pages/EntityScreen.tsx`), with
 * the chunks they import. The server answers an entity list's path with it
 * (apps/server/src/http/webApp.ts, `pageFor`).
 *
 * Without it the browser asks for those files only once the shell has arrived and run
 * (`preloadScreenAt`, ≈ 2.6 s into an empty cache at Fast 3G): a wave of requests behind a wave.
 * Named in the page, after the shell's own, they go out with the page, and the shell's files keep
 * their place at the head of the six connections of HTTP/1.1. Nothing else differs: the app
 * imports the same files when it runs, and the browser takes the preloaded ones.
 *
 * Only the lists: the other screens' pages are the plain one.
 */
export function listPage(modules: readonly string[], from = 'index.html', fileName = 'list.html'): Plugin {
  return {
    name: 'lms-list-page',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const page = bundle[from];
        if (page?.type !== 'asset') throw new Error(`listPage: the build has no page ${from}`);
        const html = String(page.source);
        const chunks = Object.values(bundle).filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk',
        );
        const files = filesBeyondPage(html, chunks, modules);
        const head = /\n([ \t]*)<\/head>/;
        if (!head.test(html)) throw new Error(`listPage: ${from} has no </head>`);
        const source = html.replace(head, (_end, indent: string) => {
          const links = files.map(
            (file) => `${indent}  <link rel="modulepreload" crossorigin href="/${file}">\n`,
          );
          return `\n${links.join('')}${indent}</head>`;
        });
        this.emitFile({ type: 'asset', fileName, source });
      },
    },
  };
}

/**
 * The files `modules`' chunks load when imported (each chunk, then what it imports statically, in
 * that order), less those the page names already (its entry and modulepreloads: the shell).
 */
function filesBeyondPage(
  html: string,
  chunks: readonly Rolldown.OutputChunk[],
  modules: readonly string[],
): string[] {
  const named = new Set([...html.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((match) => match[1]));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const files: string[] = [];
  const add = (file: string) => {
    if (named.has(file) || files.includes(file)) return;
    files.push(file);
    for (const next of byFile.get(file)?.imports ?? []) add(next);
  };
  for (const id of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`listPage: no chunk for ${id}`);
    add(chunk.fileName);
  }
  return files;
}
