import type { Plugin } from 'vite';

/**
 * Vite plugin: `src/session/earlyStart.ts`, an entry of its own (`build.rolldownOptions.input`),
 * as an async module script at the top of index.html's head. Async, it runs as soon as it is
 * fetched, before the shell's files have all arrived and run, and starts the requests the page
 * asked first last time (docs/web.md "What the first screen waits for"). The shell imports the same
 * file, so it is one module, run once, and precached with the page. The driver's and the
 * customer's pages do not get it.
 */
export function earlyStartScript(entryName: string, source: string): Plugin {
  return {
    name: 'lms-early-start',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { path, bundle, server }) {
        if (path !== '/index.html') return [];
        let src = source;
        if (!server) {
          const chunk = Object.values(bundle ?? {}).find(
            (output) => output.type === 'chunk' && output.isEntry && output.name === entryName,
          );
          if (!chunk) throw new Error(`earlyStartScript: the build has no entry named ${entryName}`);
          src = `/${chunk.fileName}`;
        }
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}
