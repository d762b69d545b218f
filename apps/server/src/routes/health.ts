import type { FastifyInstance } from 'fastify';
import { type Database, migrationLevel, serverVersion } from '../db/database.ts';
import { DATABASE_UNAVAILABLE } from '../http/errors.ts';

/**
 * Public by design: load balancers and the start page probe it before anyone signs in. It asks
 * the database every time, so 503 while the database is down (a supervisor or load balancer can
 * act on it) and 200 again as soon as it is back.
 */
export function healthRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    app.get(
      '/health',
      {
        config: { access: { public: true } },
        schema: {
          response: {
            200: {
              type: 'object',
              properties: {
                status: { type: 'string' },
                database: {
                  type: 'object',
                  properties: { version: { type: 'string' }, migration: { type: 'string' } },
                },
              },
            },
            503: {
              type: 'object',
              properties: {
                status: { type: 'string' },
                messages: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
      async (request, reply) => {
        try {
          return {
            status: 'ok',
            database: { version: await serverVersion(db), migration: await migrationLevel(db) },
          };
        } catch (error) {
          request.log.error({ err: error }, 'health: database unavailable');
          return reply
            .status(503)
            .header('retry-after', '5')
            .send({ status: 'unavailable', messages: [DATABASE_UNAVAILABLE] });
        }
      },
    );
  };
}
