import { healthApi } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { type Database, migrationLevel, serverVersion } from '../db/database.ts';
import { typed } from '../http/contract.ts';

/** Public by design: load balancers and the start page probe it before anyone signs in. */
export function healthRoutes(db: Database) {
  return async (app: FastifyInstance) => {
    typed(app).route({
      ...healthApi.health,
      config: { access: { public: true } },
      handler: async () => ({
        status: 'ok' as const,
        database: { version: await serverVersion(db), migration: await migrationLevel(db) },
      }),
    });
  };
}
