import { healthApi } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { type Database, migrationLevel, serverVersion } from '../db/database.ts';
import { typed } from '../http/contract.ts';
import { DATABASE_UNAVAILABLE } from '../http/errors.ts';

/**
 * Public by design: load balancers and the start page probe it before anyone signs in. It asks
 * the database every time, so 503 while the database is down (a supervisor or load balancer can
 * act on it) and 200 again as soon as it is back.
 */
export function healthRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    typed(app).route({
      ...healthApi.health,
      config: { access: { public: true } },
      handler: async (request, reply) => {
        try {
          return {
            status: 'ok' as const,
            database: { version: await serverVersion(db), migration: await migrationLevel(db) },
          };
        } catch (error) {
          request.log.error({ err: error }, 'health: database unavailable');
          return reply
            .status(503)
            .header('retry-after', '5')
            .send({ status: 'unavailable' as const, messages: [DATABASE_UNAVAILABLE] });
        }
      },
    });
  };
}
