import { type Answer, type HasPart, type Operation, pathOf, type RequestPart } from '@lms/domain';
import type { ApiClient, RequestOptions } from './ApiContext.tsx';
import type { Query } from './query.ts';

/**
 * One call of the API by its operation in the contract (docs/architecture.md "The API contract"):
 * the path, method and every part's type come from the operation, so a screen never writes a
 * path and cannot send what the server would refuse as shaped.
 */

/** What one call takes: its path parameters, query and body as the operation declares them. */
export type CallInput<O extends Operation> = (HasPart<O, 'params'> extends true
  ? { readonly params: RequestPart<O, 'params'> }
  : { readonly params?: undefined }) &
  (HasPart<O, 'querystring'> extends true
    ? { readonly query?: RequestPart<O, 'querystring'> }
    : { readonly query?: undefined }) &
  (HasPart<O, 'body'> extends true
    ? { readonly body: RequestPart<O, 'body'> }
    : { readonly body?: undefined }) & {
    readonly options?: RequestOptions;
  };

/** Inputs an operation may be called without (no parameters, no body). */
type Optional<O extends Operation> =
  object extends CallInput<O> ? [input?: CallInput<O>] : [input: CallInput<O>];

const pathFor = (operation: Operation, params: unknown) =>
  pathOf(operation, (params ?? {}) as Readonly<Record<string, string>>);

/** Calls `operation` and answers its 2xx answer, typed from the contract. */
export function call<O extends Operation>(
  api: ApiClient,
  operation: O,
  ...[input]: Optional<O>
): Promise<Answer<O>> {
  const path = pathFor(operation, input?.params);
  const query = input?.query as Query | undefined;
  switch (operation.method) {
    case 'GET':
      return api.get<Answer<O>>(path, query, input?.options);
    case 'POST':
      return api.post<Answer<O>>(path, input?.body, query, input?.options);
    case 'PUT':
      return api.put<Answer<O>>(path, input?.body, query, input?.options);
    case 'DELETE':
      return api.delete(path, query, input?.options) as Promise<Answer<O>>;
  }
}

/** Calls an operation whose answer is bytes (a file, a PDF, a spreadsheet). */
export function callForBytes<O extends Operation>(
  api: ApiClient,
  operation: O,
  ...[input]: Optional<O>
): Promise<{ blob: Blob; fileName?: string }> {
  const path = pathFor(operation, input?.params);
  const query = input?.query as Query | undefined;
  return operation.method === 'GET'
    ? api.blob(path, query, input?.options)
    : api.postBlob(path, input?.body, query, input?.options);
}

/** The path of an operation for what only takes a path (an `<img src>`, a link, an SWR key). */
export function operationPath<O extends Operation>(operation: O, params?: RequestPart<O, 'params'>): string {
  return pathFor(operation, params);
}
