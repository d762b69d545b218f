import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The web app's CSP, exactly: helmet's defaults (which differ) are not added to it. */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    // The maps' tiles (OSM_TILE_URL in features/src/map/tiles.ts).
    imgSrc: ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
    styleSrc: ["'self'", "'unsafe-inline'"], // styled-components injects <style> tags
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/**
 * Security headers on every answer, by `@fastify/helmet` (docs/security.md): the CSP above,
 * HSTS for a year with subdomains, no framing at all, and helmet's other standard headers as it
 * sets them. API answers are never cached, unless the route said otherwise (a stored file's
 * image and thumbnails never change under their URL).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy,
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
