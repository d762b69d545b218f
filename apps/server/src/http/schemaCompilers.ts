import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify compiles every route's schemas when an app starts (Ajv validators, fast-json-stringify
 * serializers): ~0.5 s of CPU for this API's routes, most of an app's start. A process that builds
 * many apps compiled the same schemas each time: the server and end-to-end tests build one per
 * file in a shared worker, a second instance beside it, the benches theirs. These factories keep
 * what the process has compiled for every app it builds after, and compile a validator only when
 * a request first needs it (`lazily`).
 *
 * Keyed by the compiler's settings and the schema's JSON text, not the schema object: a route's
 * schemas are built anew by each app (crud/routes.ts), and equal text compiles to the same
 * function. What a compiled function holds between calls is nothing but Ajv's `errors` of its last
 * call, which Fastify reads at once, as it does when one app's routes share a function.
 */

type Compile<Route, Compiled> = (route: Route) => Compiled;
type Factory<Route, Compiled> = (externalSchemas: unknown, options: unknown) => Compile<Route, Compiled>;

const textOf = (value: unknown) => JSON.stringify(value) ?? String(value);

/** `build` with what it made kept per settings and schema text, for the process's life. */
function keeping<Route extends { schema?: unknown }, Compiled>(
  build: Factory<Route, Compiled>,
): Factory<Route, Compiled> {
  const bySettings = new Map<string, Map<string, Compiled>>();
  return (externalSchemas, options) => {
    const settings = `${textOf(externalSchemas)}\u0000${textOf(options)}`;
    const kept = bySettings.get(settings) ?? new Map<string, Compiled>();
    bySettings.set(settings, kept);
    const compile = build(externalSchemas, options);
    return (route) => {
      // The same schema text for a request part or a status compiles the same: no part in the key.
      const key = textOf(route.schema);
      const known = kept.get(key);
      if (known !== undefined) return known;
      const fn = compile(route);
      kept.set(key, fn);
      return fn;
    };
  };
}

type Validator = ((data: unknown) => unknown) & { errors?: unknown };

/**
 * Validators compiled at their first call rather than when an app starts: an app registers every
 * entity's CRUD schemas (~100 to compile, seconds of CPU), a process's requests use a few of them.
 * Fastify reads `errors` of the function it was given, so the inner function's are handed on.
 */
function lazily<Route>(build: Factory<Route, Validator>): Factory<Route, Validator> {
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    return (route) => {
      let compiled: Validator | undefined;
      const validate: Validator = (data) => {
        compiled ??= compile(route);
        const result = compiled(data);
        validate.errors = compiled.errors;
        return result;
      };
      return validate;
    };
  };
}

/** Fastify's own compilers (the defaults it would build per app), shared by every app of the process. */
export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: keeping(lazily(AjvCompiler() as Factory<{ schema?: unknown }, Validator>)) as never,
    buildSerializer: keeping(SerializerSelector() as Factory<{ schema?: unknown }, unknown>) as never,
  },
};
