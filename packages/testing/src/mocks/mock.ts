import { type Answer, type HasPart, type Operation, pathOf, type RequestPart } from '@lms/domain';
import { type DefaultBodyType, delay, type HttpHandler, HttpResponse, http, type PathParams } from 'msw';

/**
 * A story's or a test's answer to one operation of the contract (docs/architecture.md "The API
 * contract"): the path and method come from the operation and the answer is typed by it, so a
 * mock cannot drift from the API. MSW's own `http.*` is for what the contract does not describe.
 */

export interface MockRequest<O extends Operation> {
  readonly params: RequestPart<O, 'params'>;
  /**
   * The query as the server reads it: lists where the schema says list, numbers and flags typed.
   * An operation that declares none may still carry the acting branch (call.ts `CallQuery`).
   */
  readonly query: HasPart<O, 'querystring'> extends true
    ? RequestPart<O, 'querystring'>
    : { readonly branchId?: string };
  /** The JSON body (undefined when the request has none, or sends a form: read `request.formData()`). */
  readonly body: RequestPart<O, 'body'>;
  /** The request as sent; its body is still unread. */
  readonly request: Request;
}

/** What a resolver answers to leave the request to the next handler (MSW's fall-through): not one it answers. */
export const nextHandler: unique symbol = Symbol('next handler');

/**
 * What a resolver answers: the operation's answer (sent as JSON with its 2xx status), any response,
 * or `nextHandler`.
 */
export type MockAnswer<O extends Operation> = Answer<O> | Response | typeof nextHandler;

/** What answers one request to an operation. */
export type MockResolver<O extends Operation> = (
  request: MockRequest<O>,
) => MockAnswer<O> | Promise<MockAnswer<O>>;

export interface MockOptions {
  /** Answer once, then let the next handler answer (MSW's `once`). */
  readonly once?: boolean;
}

interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly anyOf?: readonly SchemaNode[];
  readonly items?: SchemaNode;
}

const typesOf = (node: SchemaNode | undefined): string[] =>
  node ? [...[node.type ?? []].flat(), ...(node.anyOf ?? []).flatMap(typesOf)] : [];

/** One query value as the server's schema coerces it. */
function coerce(text: string, types: readonly string[]): unknown {
  if (
    (types.includes('integer') || types.includes('number')) &&
    text.trim() !== '' &&
    !Number.isNaN(Number(text))
  )
    return Number(text);
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/** The URL's query read with the operation's schema: repeated parameters as lists where it says list. */
export function queryOf(operation: Operation, url: URL): Record<string, unknown> {
  const properties = (operation.schema.querystring as SchemaNode | undefined)?.properties ?? {};
  const query: Record<string, unknown> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const types = typesOf(properties[name]);
    const values = url.searchParams.getAll(name);
    const items = typesOf(properties[name]?.items);
    query[name] = types.includes('array') ? values.map((v) => coerce(v, items)) : coerce(values[0]!, types);
  }
  return query;
}

const successStatus = (operation: Operation) =>
  Number(Object.keys(operation.schema.response).find((status) => status.startsWith('2')) ?? 200);

/** The JSON body, read from a copy so that the resolver may still read the request. */
async function bodyOf(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'DELETE') return undefined;
  if (!request.headers.get('Content-Type')?.includes('json')) return undefined;
  const text = await request.clone().text();
  return text ? JSON.parse(text) : undefined;
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/** Where the pages of the stories send their calls: the client's default base (api/client.ts). */
const API_BASE = '/api';

/**
 * The path a request to `operation` has on the wire (`/api/…`): what a story compares the calls
 * it recorded with.
 */
export function requestPath<O extends Operation>(
  operation: O,
  ...params: HasPart<O, 'params'> extends true ? [params: RequestPart<O, 'params'>] : []
): string {
  return `${API_BASE}${pathOf(operation, params[0] as Readonly<Record<string, string>> | undefined)}`;
}

/** An answer that never comes: the page stays in its loading state. */
export function neverAnswered(): Promise<never> {
  return delay('infinite') as Promise<never>;
}

/** The MSW handler that answers `operation` with `resolve`. */
export function mock<O extends Operation>(
  operation: O,
  // Not inferred from: the operation alone says what the answer is, literals and all.
  resolve: NoInfer<MockResolver<O>>,
  options: MockOptions = {},
): HttpHandler {
  const status = successStatus(operation);
  return methods[operation.method]<PathParams, DefaultBodyType>(
    `${API_BASE}${operation.url}`,
    async ({ request, params }) => {
      const answer = await resolve({
        params: params as RequestPart<O, 'params'>,
        query: queryOf(operation, new URL(request.url)) as MockRequest<O>['query'],
        body: (await bodyOf(request)) as RequestPart<O, 'body'>,
        request,
      });
      if (answer === nextHandler) return undefined;
      if (answer instanceof Response) return answer;
      return status === 204
        ? new HttpResponse(null, { status })
        : HttpResponse.json(answer as never, { status });
    },
    { once: options.once },
  );
}

/** A Thai refusal in the api.md shape: `mock(op, () => refusal(409, 'ความจุไม่พอ'))`. */
export function refusal(status: number, ...messages: string[]): Response {
  return HttpResponse.json({ messages }, { status });
}

/** A 422 that names the fields it refused, as the server's validation answers (docs/api.md Errors). */
export function fieldRefusal(errors: Readonly<Record<string, string>>, ...messages: string[]): Response {
  return HttpResponse.json({ messages, errors }, { status: 422 });
}
