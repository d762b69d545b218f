import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { preloadFonts } from './build/preloadFonts.ts';

/**
 * Libraries every screen needs, in chunks of their own: they change far less often than the
 * app's code, so a release leaves them in the browser's cache (hashed names, immutable).
 */
const vendorGroups = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/,
  },
  {
    name: 'vendor-styled',
    test: /node_modules[\\/](styled-components|stylis|@emotion|tslib|swr|use-sync-external-store)[\\/]/,
  },
];

// In development the API runs beside Vite (npm run dev); the browser talks to one origin.
export default defineConfig({
  plugins: [
    react(),
    // React Aria ships its built-in strings in 30+ languages; the app speaks Thai (and English as the fallback).
    optimizeLocales.vite({ locales: ['th-TH', 'en-US'] }),
    preloadFonts([/sarabun-thai-400-normal-[\w-]+\.woff2$/, /roboto-latin-400-normal-[\w-]+\.woff2$/]),
    precompress(),
  ],
  resolve: {
    // The browser never validates against the API contract: plain schema builders instead of TypeBox (src/typebox).
    alias: [
      {
        find: /^typebox$/,
        replacement: fileURLToPath(new URL('src/typebox/schemaBuilder.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: Number(process.env.WEB_PORT ?? 5173),
    proxy: { '/api': `http://127.0.0.1:${process.env.API_PORT ?? 8080}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/web reads it to tell the shell from each route's chunks.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
});
