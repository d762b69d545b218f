import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * Security headers on every answer, by `@fastify/helmet` (docs/security.md): the CSP above (images
 * also from the maps' tiles' origin when a deployment sets one),
 * HSTS for a year with subdomains, no framing at all, and helmet's other standard headers as it
 * sets them. API answers are never cached, unless the route said otherwise (a stored file's
 * image and thumbnails never change under their URL).
 */
export async function registerSecurityHeaders(app: FastifyInstance, tilesOrigin?: string): Promise<void> {
  const imgSrc = [...contentSecurityPolicy.directives.imgSrc, ...(tilesOrigin ? [tilesOrigin] : [])];
  await app.register(helmet, {
    contentSecurityPolicy: {
      ...contentSecurityPolicy,
      directives: { ...contentSecurityPolicy.directives, imgSrc },
    },
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
