import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';

/**
 * Routes registered from the API contract (`@lms/domain` `api/`): the contract's TypeBox schemas
 * validate the request, serialize the answer, document it (OpenAPI) and type the handler.
 * `typed(app).route({ ...someApi.call, config, handler })`.
 */
export const typed = (app: FastifyInstance) => app.withTypeProvider<TypeBoxTypeProvider>();

/**
 * Sends an answer its route has as JSON text already (a list page PostgreSQL wrote, crud/routes.ts):
 * Fastify sends a string of a JSON type as it is, past the schema's serializer, so the text must
 * be what that serializer would give (the route's tests compare the two).
 */
export function sendJsonText(
  reply: { type(contentType: string): unknown; send(payload: never): unknown },
  json: string,
): void {
  reply.type('application/json; charset=utf-8');
  // The reply's send is typed by the route's answer, which the text is, serialized.
  (reply as unknown as { send(payload: string): unknown }).send(json);
}
