import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

/**
 * Routes registered from the API contract (`@lms/domain` `api/`): the contract's TypeBox schemas
 * validate the request, serialize the answer, document it (OpenAPI) and type the handler.
 * `typed(app).route({ ...someApi.call, config, handler })`.
 */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();
