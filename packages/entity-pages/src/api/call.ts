import { type Answer, type HasPart, type Operation, pathOf, type RequestPart } from '@lms/domain';
import type { ApiClient, RequestOptions, UploadAnswer } from './apiClient.ts';
import type { Query } from './query.ts';

/**
 * One call of the API by its operation in the contract (docs/architecture.md "The API contract"):
 * the path, method and every part's type come from the operation, so a screen never writes a
 * path and cannot send what the server would refuse as shaped.
 */

/**
 * The query a call sends: the operation's, where the client drops a null or undefined value. An
 * operation that declares none may still carry the acting branch, which the server's access rule
 * reads from the query of a branch-scoped route (the entities' single-record calls).
 */
export type CallQuery<O extends Operation> =
  HasPart<O, 'querystring'> extends true
    ? { readonly [K in keyof RequestPart<O, 'querystring'>]: RequestPart<O, 'querystring'>[K] | null }
    : { readonly branchId?: string };

/** An empty input: what a call may be given when nothing of it is required. */
type NoInput = Record<string, never>;

/** What one call takes: its path parameters, query and body as the operation declares them. */
export type CallInput<O extends Operation, Options = RequestOptions> = (HasPart<O, 'params'> extends true
  ? { readonly params: RequestPart<O, 'params'> }
  : { readonly params?: undefined }) &
  (HasPart<O, 'querystring'> extends true
    ? NoInput extends CallQuery<O>
      ? { readonly query?: CallQuery<O> }
      : { readonly query: CallQuery<O> }
    : { readonly query?: CallQuery<O> }) &
  (HasPart<O, 'body'> extends true
    ? { readonly body: RequestPart<O, 'body'> }
    : { readonly body?: undefined }) & {
    readonly options?: Options;
  };

/** Inputs an operation may be called without (no parameters, no required query, no body). */
type Optional<O extends Operation, Options = RequestOptions> =
  NoInput extends CallInput<O, Options> ? [input?: CallInput<O, Options>] : [input: CallInput<O, Options>];

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

/** What a call for bytes may be told besides the client's switches: the bytes received so far (a batch's progress). */
export type BytesOptions = RequestOptions & { readonly onReceived?: (bytes: number) => void };

/** Calls an operation whose answer is bytes (a file, a PDF, a spreadsheet). */
export function callForBytes<O extends Operation>(
  api: ApiClient,
  operation: O,
  ...[input]: Optional<O, BytesOptions>
): Promise<{ blob: Blob; fileName?: string }> {
  const path = pathFor(operation, input?.params);
  const query = input?.query as Query | undefined;
  return operation.method === 'GET'
    ? api.blob(path, query, input?.options)
    : api.postBlob(path, input?.body, query, input?.options);
}

/** Posts a multipart form the caller built (the import's one `file`) to an operation that takes one. */
export function callWithForm<O extends Operation>(
  api: ApiClient,
  operation: O,
  form: FormData,
  ...[input]: Optional<O>
): Promise<Answer<O>> {
  return api.postForm<Answer<O>>(
    pathFor(operation, input?.params),
    form,
    input?.query as Query | undefined,
    input?.options,
  );
}

/** Uploads files to an upload operation (spec §7: the repeated field `files`). */
export function callWithFiles<O extends Operation & { readonly method: 'POST' }>(
  api: ApiClient,
  operation: O,
  files: readonly File[],
  ...[input]: Optional<O>
): Promise<UploadAnswer> {
  return api.upload(
    pathFor(operation, input?.params),
    files,
    input?.query as Query | undefined,
    input?.options,
  );
}

/** The path of an operation for what only takes a path (an `<img src>`, a link, an SWR key). */
export function operationPath<O extends Operation>(
  operation: O,
  ...[params]: HasPart<O, 'params'> extends true ? [params: RequestPart<O, 'params'>] : []
): string {
  return pathFor(operation, params);
}
