import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type PluginOption, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { planChunks, planGroups } from './build/chunkPlan.ts';
import { earlyStartScript } from './build/earlyStartScript.ts';
import { fontSubsets } from './build/fontSubsets.ts';
import { listPage } from './build/listPage.ts';
import { pageIcon } from './build/pageIcon.ts';
import { pagePrecache } from './build/pagePrecache.ts';
import { precompress } from './build/precompress.ts';
import { preloadFonts } from './build/preloadFonts.ts';
import { staffWorker } from './build/staffWorker.ts';
import { tokensCss } from './build/tokensCss.ts';

/** Above the chunk plan's groups (build/chunkPlan.ts): a library's module goes to its vendor chunk. */
const VENDOR_PRIORITY = 100;

/**
 * Libraries every screen needs, in chunks of their own: they change far less often than the
 * app's code, so a release leaves them in the browser's cache (hashed names, immutable).
 */
const vendorGroups = [
  {
    name: 'vendor-react',
    priority: VENDOR_PRIORITY,
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/,
  },
  {
    name: 'vendor-styled',
    priority: VENDOR_PRIORITY,
    test: /node_modules[\\/](styled-components|stylis|@emotion|tslib|swr|use-sync-external-store)[\\/]/,
  },
];

/** The fonts the first screen draws with (Thai and Latin at the body weight): preloaded, and precached for drivers. */
const firstFonts = [/sarabun-thai-400-normal-[\w-]+\.woff2$/, /roboto-first-400-normal-[\w-]+\.woff2$/];
/**
 * The driver's app also draws bold (headings, the stop's status), and offline it has only what it
 * precached: Roboto's rarer Latin characters too (build/fontSubsets.ts).
 */
const driverFonts = [
  ...firstFonts,
  /sarabun-thai-(500|700)-normal-[\w-]+\.woff2$/,
  /roboto-first-(500|700)-normal-[\w-]+\.woff2$/,
  /roboto-more-(400|500|700)-normal-[\w-]+\.woff2$/,
];

// Vite serves every path with index.html in development: the driver's paths get their own page.
const driverPageInDev = {
  name: 'lms-driver-page-dev',
  configureServer(server: {
    middlewares: { use: (fn: (req: { url?: string }, res: unknown, next: () => void) => void) => void };
  }) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/driver\/(trips|link)(\/|$|\?)/.test(req.url)) req.url = '/driver.html';
      next();
    });
  },
};

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * Three pages: the staff app, the driver's app and the customer's appointment page, the last two
 * each their own small entry sharing none of the staff app's code (issue 41).
 */
const input = {
  main: here('index.html'),
  driver: here('driver.html'),
  appointment: here('appointment.html'),
  // The staff page's first requests, before its shell has run (build/earlyStartScript.ts).
  early: here('src/session/earlyStart.ts'),
};

/** An entity list's first screen: its first page's request, asked first, and its screen. */
const listFirstScreen = {
  firstPage: here('src/pages/firstListPage.ts'),
  list: here('src/pages/EntityScreen.tsx'),
};

// The browser never validates against the API contract: plain schema builders instead of TypeBox (src/typebox).
const resolve = {
  alias: [{ find: /^typebox$/, replacement: here('src/typebox/schemaBuilder.ts') }],
};

/** What turns the sources into modules: the chunk plan's first build needs these and no more. */
const sourcePlugins = (): PluginOption[] => [
  react(),
  // React Aria ships its built-in strings in 30+ languages; the app speaks Thai (and English as the fallback).
  optimizeLocales.vite({ locales: ['th-TH', 'en-US'] }),
  earlyStartScript('early', '/src/session/earlyStart.ts'),
  tokensCss(),
];

/**
 * The automatic chunks of a first build, not written, read into the plan that merges them
 * (build/chunkPlan.ts): ~3 s more a build.
 */
async function chunkPlanGroups() {
  const output = await build({
    configFile: false,
    root: here('.'),
    logLevel: 'silent',
    plugins: sourcePlugins(),
    resolve,
    build: {
      write: false,
      minify: false,
      rolldownOptions: {
        input,
        // The output plugins' modules (the driver's worker registration): not chunks of the app's.
        external: [/^virtual:/],
        output: { codeSplitting: { groups: vendorGroups } },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((result) => ('output' in result ? result.output : []))
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const plan = planChunks(chunks, {
    staff: here('src/main.tsx'),
    driver: here('src/driver/main.tsx'),
    others: [here('src/appointment/main.ts'), here('src/session/earlyStart.ts')],
    ...listFirstScreen,
  });
  return planGroups(plan, VENDOR_PRIORITY);
}

// In development the API runs beside Vite (npm run dev); the browser talks to one origin.
export default defineConfig(async ({ command }) => ({
  plugins: [
    ...sourcePlugins(),
    fontSubsets({
      cacheRoot: here('node_modules/.cache/lms-fonts'),
      resolveFrom: here('../../packages/design-system/package.json'),
    }),
    preloadFonts(firstFonts),
    // list.html: the staff page with the list's first screen's files named in it (build/listPage.ts).
    listPage([listFirstScreen.firstPage, listFirstScreen.list]),
    pageIcon(),
    driverPageInDev,
    // The driver's app works offline (issue 39): Workbox precaches its page and files only (not the
    // staff app's) and answers its paths with its page. The web manifest is our own file
    // (public/driver.webmanifest), linked from driver.html alone, so the staff app is not installable
    // as the driver's.
    VitePWA({
      filename: 'driver-sw.js',
      scope: '/driver/',
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,woff2,png,webmanifest}'],
        manifestTransforms: [
          pagePrecache(
            fileURLToPath(new URL('dist', import.meta.url)),
            'driver.html',
            ['driver.webmanifest', 'driver-icon-192.png', 'driver-icon-512.png'],
            driverFonts,
          ),
        ],
        navigateFallback: '/driver.html',
        navigateFallbackAllowlist: [/^\/driver\/(trips|link)(\/|$)/],
        // The API is never cached by the worker: the app keeps its own copy (IndexedDB) and queue.
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
    // The staff app's own worker (issue 41): its page and files from the cache (build/staffWorker.ts).
    staffWorker(/\.woff2$/),
    precompress(),
  ],
  resolve,
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    // The customer's appointment page is the server's (rendered into the built appointment.html).
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
      '/public/appointment/': `http://127.0.0.1:${process.env.API_PORT ?? 8080}`,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web reads it to tell the shell from each route's chunks.
    manifest: true,
    rolldownOptions: {
      input,
      output: {
        codeSplitting: {
          groups: [...vendorGroups, ...(command === 'build' ? await chunkPlanGroups() : [])],
        },
      },
    },
  },
}));
