import type { FastifyInstance } from 'fastify';
import { type Database, migrationLevel, serverVersion } from '../db/database.ts';

/** Public by design: load balancers and the start page probe it before anyone signs in. */
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
          },
        },
      },
      async () => ({
        status: 'ok',
        database: { version: await serverVersion(db), migration: await migrationLevel(db) },
      }),
    );
  };
}
