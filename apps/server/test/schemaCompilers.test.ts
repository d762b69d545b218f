import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { schemaController } from '../src/http/schemaCompilers.ts';

/** A route's schemas as crud/routes.ts builds them: new objects for every app. */
const routeSchemas = () => ({
  body: {
    type: 'object',
    properties: { weight: { type: 'number', minimum: 0 } },
    required: ['weight'],
    additionalProperties: false,
  },
  response: { 200: { type: 'object', properties: { weight: { type: 'number' } } } },
});

async function appWithRoute() {
  const app = Fastify({ schemaController });
  app.post('/weigh', { schema: routeSchemas() }, async (request) => ({
    ...(request.body as object),
    secret: 'not in the schema',
  }));
  await app.ready();
  return app;
}

describe('schema compilers shared by the apps of one process', () => {
  const factory = schemaController!.compilersFactory!;

  it('compile equal schema text once, whichever object it comes in', () => {
    const validators = factory.buildValidator!({}, { customOptions: {} } as never);
    const route = { method: 'POST', url: '/weigh', httpPart: 'body' };
    const first = validators({ ...route, schema: routeSchemas().body });
    expect(validators({ ...route, schema: routeSchemas().body })).toBe(first);
    // Another app's compiler with the same settings: still the function compiled first.
    expect(
      factory.buildValidator!({}, { customOptions: {} } as never)({ ...route, schema: routeSchemas().body }),
    ).toBe(first);
    const other = validators({ ...route, schema: { ...routeSchemas().body, required: [] } });
    expect(other).not.toBe(first);
    expect((first as (v: unknown) => boolean)({})).toBe(false);
    expect((other as (v: unknown) => boolean)({})).toBe(true);

    const serializers = factory.buildSerializer!({}, {} as never);
    const serializerRoute = { method: 'POST', url: '/weigh', httpStatus: '200' };
    const serialize = serializers({ ...serializerRoute, schema: routeSchemas().response[200] });
    expect(serializers({ ...serializerRoute, schema: routeSchemas().response[200] })).toBe(serialize);
    expect(serialize({ weight: 2, secret: 'x' })).toBe('{"weight":2}');
  });

  it('validate and serialize in every app as in the first', async () => {
    for (const app of [await appWithRoute(), await appWithRoute()]) {
      const bad = await app.inject({ method: 'POST', url: '/weigh', payload: { weight: -1 } });
      expect(bad.statusCode).toBe(400);
      const good = await app.inject({ method: 'POST', url: '/weigh', payload: { weight: 3 } });
      expect(good.statusCode).toBe(200);
      expect(good.json()).toEqual({ weight: 3 });
      await app.close();
    }
  });
});
