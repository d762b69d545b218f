import Type, { type Static, type TSchema } from 'typebox';

/**
 * The building blocks of the API contract (docs/architecture.md "The API contract"): JSON Schema
 * through TypeBox, so one declaration validates and serializes on the server, documents the
 * OpenAPI and types both the handler and the client.
 */

export const Uuid = Type.String({ format: 'uuid' });
/** A branch-scoped route's query: the acting branch (docs/api.md). */
export const BranchQuery = Type.Object({ branchId: Uuid });

/** A real calendar day, `YYYY-MM-DD` (format `date` refuses 2026-13-45 and 2026-02-30). */
export const IsoDate = Type.String({ format: 'date' });

/** A time of day, `HH:mm`. */
export const TimeOfDay = Type.String({ pattern: '^\\d{2}:\\d{2}$', maxLength: 5 });

/** `T | null`. */
export const Nullable = <T extends TSchema>(type: T) => Type.Union([type, Type.Null()]);

/** A read-only list (the engine and the screens hand out `readonly T[]`). */
export const List = <T extends TSchema>(item: T, options?: Parameters<typeof Type.Array>[1]) =>
  Type.Immutable(Type.Array(item, options));

/** Every failure (docs/api.md Errors): Thai messages, per-field messages on 422. */
export const ErrorBody = Type.Object({
  messages: List(Type.String()),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** Weight (kg), volume (m³) and minutes: what a slot carries, has carried or has left. */
export const Amounts = Type.Object({ weight: Type.Number(), volume: Type.Number(), minute: Type.Number() });
export type Amounts = Static<typeof Amounts>;

/** A 204: no body. */
export const NoContent = Type.Null({ description: 'No content' });

/** A server-sent-event stream (`produces: ['text/event-stream']`); the handler writes it, nothing is serialized. */
export const EventStream = (events: string) => Type.String({ description: `text/event-stream: ${events}` });

/** Bytes (a file, an image, a spreadsheet): the handler streams them. */
export const Bytes = Type.String({ format: 'binary' });

/** `{ id }` in the path. */
export const IdParams = Type.Object({ id: Uuid });

/**
 * One operation of the API: method, path (Fastify syntax, under `/api`) and its schemas. The server
 * registers it (`app.route({ ...contract, handler })`), the client types its call from it.
 */
export interface Operation {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly schema: {
    readonly params?: TSchema;
    readonly querystring?: TSchema;
    readonly body?: TSchema;
    readonly response: Readonly<Record<number, TSchema>>;
    /** Media types of the answer when not JSON (OpenAPI). */
    readonly produces?: readonly string[];
  };
}

export const operation = <const O extends Operation>(o: O): O => o;

/** The operation's path with its `:name` parameters filled in, URL-encoded: `/apiKey/:id/revoke` → `/apiKey/7/revoke`. */
export function pathOf(operation: Operation, params: Readonly<Record<string, string>> = {}): string {
  return operation.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operation.url}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

type Success<R> = R[Extract<keyof R, 200 | 201 | 204>];

/** The answer of an operation (its 2xx schema). */
export type Answer<O extends Operation> = Static<Success<O['schema']['response']>>;
/** The body an operation takes. */
export type Body<O extends Operation> = O['schema']['body'] extends TSchema
  ? Static<O['schema']['body']>
  : never;
/** A part of a request (`params`, `querystring`, `body`) as its schema types it, `undefined` when it has none. */
export type RequestPart<
  O extends Operation,
  K extends 'params' | 'querystring' | 'body',
> = O['schema'][K] extends TSchema ? Static<O['schema'][K]> : undefined;
/** Whether an operation declares a part. */
export type HasPart<
  O extends Operation,
  K extends 'params' | 'querystring' | 'body',
> = O['schema'][K] extends TSchema ? true : false;

/** The query an operation takes (without `branchId`: the client adds the acting branch). */
export type Query<O extends Operation> = O['schema']['querystring'] extends TSchema
  ? Omit<Static<O['schema']['querystring']>, 'branchId'>
  : never;
