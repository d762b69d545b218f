import path from 'node:path';
import type { Plugin } from 'vite';
import { generateSW } from 'workbox-build';
import { pagePrecache } from './pagePrecache.ts';

/** The staff app's service worker, at the site's root (`src/shell/staffWorker.ts` registers it). */
export const STAFF_WORKER = 'sw.js';

/**
 * Paths the staff app's page must not answer: the API, the server's own pages (the customer's
 * appointment page) and the driver's app (its own page and worker, `/driver/` scope), and a missing
 * hashed file (a 404 the app reloads on, src/staleChunks.ts).
 */
export const NOT_THE_STAFF_PAGE = [/^\/api\//, /^\/public\//, /^\/driver\/(trips|link)(\/|$)/, /^\/assets\//];

/**
 * Workbox's service worker for the staff app (issue 41: the DO list from the cache in < 1.5 s).
 * It precaches `index.html` with every file that page reaches (the shell and each screen's lazy
 * chunks, as Vite's manifest lists them) and the fonts, and answers every navigation of the staff
 * app with the precached page: no revalidation round trip, and no page that names chunks its own
 * cache lacks. A new release waits (no `skipWaiting`) until the page asks for it (the update prompt),
 * or until every tab of the old one has closed: the old page keeps its own files until then.
 *
 * A plugin of our own rather than a second `VitePWA` (the driver's app has that one): the plugin
 * builds one worker per config, and its virtual modules are the driver's. The worker itself is
 * Workbox's (`generateSW`), as the driver's.
 */
export function staffWorker(fonts: RegExp): Plugin {
  let outDir = '';
  return {
    name: 'lms-staff-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { warnings } = await generateSW({
        globDirectory: outDir,
        globPatterns: ['**/*.{js,css,html,woff2}'],
        globIgnores: ['driver-sw.js', STAFF_WORKER, 'workbox-*.js'],
        swDest: path.join(outDir, STAFF_WORKER),
        manifestTransforms: [pagePrecache(outDir, 'index.html', [], [fonts])],
        // Hashed names are their own revision: the precache may take what the first load left in
        // the HTTP cache instead of downloading it again.
        dontCacheBustURLsMatching: /^assets\//,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: NOT_THE_STAFF_PAGE,
        cleanupOutdatedCaches: true,
        inlineWorkboxRuntime: true,
        sourcemap: false,
        mode: 'production',
      });
      // Workbox warns of a file it left out (past its size limit, say): the page would then miss
      // it offline, so the build fails instead.
      if (warnings.length > 0) throw new Error(`the staff app's service worker: ${warnings.join('; ')}`);
    },
  };
}
