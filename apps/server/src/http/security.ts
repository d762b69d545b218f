import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The web app's CSP, exactly: helmet's defaults (which differ) are not added to it. */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    // The maps' tiles' origin joins these when a deployment sets them (LMS_MAP_TILES).
    imgSrc: ["'self'", 'data:', 'blob:'],
    styleSrc: ["'self'", "'unsafe-inline'"], // styled-components injects <style> tags
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/**
 * Security headers on every answer, helmet's (docs/security.md): the CSP above (images also from the
 * maps' tiles' origin when a deployment sets one), HSTS for a year with subdomains, no framing at
 * all, and helmet's other standard headers as it sets them. API answers are never cached, unless
 * the route said otherwise (a stored file's image and thumbnails never change under their URL).
 */
export function registerSecurityHeaders(app: FastifyInstance, tilesOrigin?: string): void {
  const imgSrc = [...contentSecurityPolicy.directives.imgSrc, ...(tilesOrigin ? [tilesOrigin] : [])];
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      ...contentSecurityPolicy,
      directives: { ...contentSecurityPolicy.directives, imgSrc },
    },
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

/**
 * The headers helmet sets for `options`, worked out once. They depend on the options alone (no
 * nonces here), and `@fastify/helmet` built helmet's middleware again on every request (its options
 * checked, the CSP written: ~6 µs) in two hooks, one of them async: a few per cent of a request by
 * id (docs/performance.md). What helmet removes (`X-Powered-By`) neither node nor Fastify sets.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
