import type { FastifyInstance } from 'fastify';

const contentSecurityPolicy = [
  "default-src 'self'",
  // Map tiles of the location tracking demo (OSM_TILE_URL in entity-pages/src/demo/TrackingMap.tsx).
  "img-src 'self' data: blob: https://tile.openstreetmap.org",
  "style-src 'self' 'unsafe-inline'", // styled-components injects <style> tags
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Security headers on every answer. API answers are never cached, unless the route said
 * otherwise (a stored file's image and thumbnails never change under their URL).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Content-Security-Policy', contentSecurityPolicy);
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
