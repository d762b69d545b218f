import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { matchPath, type PageDef, pages } from '@lms/domain';
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

/**
 * An entity's list (`/deliveryOrder`, `/province` …): the staff page with the list's first screen's
 * files named in it (apps/web/build/listPage.ts), so an empty cache fetches them beside the shell
 * rather than after it has run. Which paths are lists is the domain's pages'.
 */
export const LIST_PAGE = 'list.html';

const isList = (page: PageDef | undefined) => page !== undefined && 'kind' in page && page.kind === 'list';

/**
 * The page a client-side route loads: the driver's app under `/driver/trips|link`, an entity's list
 * its own page when the build has it, the staff app elsewhere.
 */
export function pageFor(url: string, listPageBuilt = true): string {
  if (DRIVER_PATHS.test(url)) return 'driver.html';
  if (listPageBuilt && isList(matchPath(pages, url.split(/[?#]/, 1)[0] ?? url))) return LIST_PAGE;
  return 'index.html';
}

/**
 * Serves the built web app beside `/api`: the `.br` or `.gz` written at build time
 * (apps/web/build/precompress.ts) when the browser accepts it, never compressed per request;
 * hashed assets cached for a year, the page revalidated. Unknown GET paths are client-side
 * routes (/province, /doBooking/info …): they load the staff app's page (an entity's list the one
 * naming its screen's files), `/driver…` the driver's (`pageFor`); an unknown asset is a 404.
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
  // A build from before the list's page: every staff path loads index.html, as it did.
  const listPageBuilt = existsSync(path.join(root, LIST_PAGE));
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
    return reply.type('text/html').sendFile(pageFor(request.url, listPageBuilt));
  });
}
