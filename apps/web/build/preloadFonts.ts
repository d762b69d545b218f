import type { Plugin } from 'vite';

/**
 * Vite plugin: `<link rel="preload">` in index.html for the fonts the first screen draws with
 * (Sarabun's Thai subset and Roboto's Latin subset at the body weight), so the browser fetches
 * them beside the JavaScript instead of after the styles are applied.
 */
export function preloadFonts(patterns: readonly RegExp[]): Plugin {
  return {
    name: 'lms-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const files = Object.keys(bundle ?? {});
        return patterns.flatMap((pattern) => {
          const file = files.find((name) => pattern.test(name));
          if (!file) throw new Error(`preloadFonts: no built font matches ${pattern}`);
          return [
            {
              tag: 'link',
              attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
              injectTo: 'head' as const,
            },
          ];
        });
      },
    },
  };
}
