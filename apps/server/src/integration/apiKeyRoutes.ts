import { apiKeyApi, ROLE_ADMIN } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import { typed } from '../http/contract.ts';
import type { AuthContext } from '../routes/context.ts';
import { createApiKey, listApiKeys, revokeApiKey } from './apiKeys.ts';

const tags = ['คีย์ API'];
/** Keys are administrators' only: a key is access to branches and roles, like a user. */
const config = { access: { roles: [ROLE_ADMIN] }, apiKey: 'closed' } as const;

/** `GET /api/apiKey`, `POST /api/apiKey`, `POST /api/apiKey/{id}/revoke`. */
export function apiKeyRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    app.route({
      ...apiKeyApi.list,
      schema: { ...apiKeyApi.list.schema, tags },
      config,
      handler: async () => listApiKeys(ctx.db),
    });
    app.route({
      ...apiKeyApi.create,
      schema: { ...apiKeyApi.create.schema, tags },
      config,
      handler: async (request, reply) =>
        reply.status(201).send(await createApiKey(ctx.db, request.body, actingPrincipal(request).userId)),
    });
    app.route({
      ...apiKeyApi.revoke,
      schema: { ...apiKeyApi.revoke.schema, tags },
      config,
      handler: async (request, reply) => {
        await revokeApiKey(ctx.db, request.params.id);
        return reply.status(204).send(null);
      },
    });
  };
}
