import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI 3 from the routes' own schemas (the entity schemas come from the declarations), as
 * JSON at /api/docs/json and a browsable page at /api/docs. Registered before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'LMS API',
        version: '0.1.0',
        description:
          'Delivery-order booking back office. Every failure answers `{ messages: [...] }` in Thai; 422 adds `errors: { field: message }`. Branch-owned calls take `branchId`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { docExpansion: 'none', deepLinking: true },
  });
}
