import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from './errors.ts';

/** Vite writes every built JavaScript, style and font under `assets/` with a content hash in its name. */
const HASHED_DIR = 'assets';
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page names the current hashed files: the browser revalidates it on every load. */
export const REVALIDATE = 'no-cache';

/** How long a browser may keep a file of the built app, by its path under the build folder. */
export function webCacheControl(relativePath: string): string {
  return relativePath.split(path.sep)[0] === HASHED_DIR ? IMMUTABLE : REVALIDATE;
}

/**
 * The driver's app (issue 39) is a page of its own: its paths (`/driver/trips…`, and the trip links
 * the server sends, `/driver/link/<token>`) load `driver.html`. The rest of `/driver` is the staff's
 * driver records (`/driver`, `/driver/create` …).
 */
const DRIVER_PATHS = /^\/driver\/(trips|link)(\/|\?|$)/;

/** The page a client-side route loads: the driver's app under `/driver`, the staff app elsewhere. */
export const pageFor = (url: string) => (DRIVER_PATHS.test(url) ? 'driver.html' : 'index.html');

/**
 * Serves the built web app beside `/api`: the `.br` or `.gz` written at build time
 * (apps/web/build/precompress.ts) when the browser accepts it, never compressed per request;
 * hashed assets cached for a year, the page revalidated. Unknown GET paths are client-side
 * routes (/province, /doBooking/info …): they load the staff app's page, `/driver…` the driver's
 * (`pageFor`); an unknown asset is a 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  if (!webDist || !existsSync(webDist)) {
    // API only: a path outside /api is unknown too, in Thai rather than Fastify's English.
    app.setNotFoundHandler(() => {
      throw notFound();
    });
    return;
  }
  const root = path.resolve(webDist);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      // `filePath` may be the `.br`/`.gz` sibling: same folder, same rule.
      reply.header('Cache-Control', webCacheControl(path.relative(root, filePath)));
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound();
    // A chunk of an earlier release is gone: a 404, not the page (the app reloads itself then).
    if (request.url.startsWith(`/${HASHED_DIR}/`)) throw notFound();
    return reply.type('text/html').sendFile(pageFor(request.url));
  });
}
