import { extractMessages, MESSAGES, unauthorizedMessages } from '@lms/domain';
import { ApiError, connectionFailure } from './ApiError.ts';
import type { ApiClient, RequestOptions, UploadAnswer } from './apiClient.ts';
import { fileNameFromContentDisposition, type SaveEnvironment, saveBlob } from './download.ts';
import { type Query, queryString } from './query.ts';

/** How the host plugs the session into the client (spec §7: token from the stored login; §8: 401 logs out). */
export interface ApiClientOptions {
  /** Default '/api'; tests give an absolute URL. */
  readonly baseUrl?: string;
  /** The stored bearer token, read at every request (another tab may have renewed it). */
  readonly getToken?: () => string | null;
  /** A 401 on a call that did not switch it off: log the user out (messages already chosen). */
  readonly onUnauthorized?: (messages: readonly string[]) => void;
  readonly fetch?: typeof fetch;
  /** Where downloads are saved; the browser's document by default. */
  readonly saveEnvironment?: SaveEnvironment;
}

/** The host's client: `ApiClient` plus the single-value form and file downloads. */
export interface HttpApiClient extends ApiClient {
  /** The single-value form of spec §7: the answer's `value` field. */
  getValue<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  /** Fetches a file and saves it under the name of its Content-Disposition (or `fallbackName`). */
  download(path: string, query?: Query, fallbackName?: string): Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrorsOf(body: unknown): Record<string, string> | undefined {
  if (!isRecord(body) || !isRecord(body.errors)) return undefined;
  const entries = Object.entries(body.errors).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The JSON of a failed response, or `undefined` when it has none (spec §8). */
async function failureBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function createApiClient(options: ApiClientOptions = {}): HttpApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));

  async function send(
    method: string,
    path: string,
    query: Query | undefined,
    body: BodyInit | undefined,
    requestOptions: RequestOptions = {},
  ): Promise<Response> {
    const { auth = true, json = true, redirectOnUnauthorized = true, signal } = requestOptions;
    const headers: Record<string, string> = {};
    // Multipart uploads let the browser set the content type with its boundary (spec §7).
    if (json) headers['Content-Type'] = 'application/json';
    const token = auth ? options.getToken?.() : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    const url = `${baseUrl}/${path.replace(/^\/+/, '')}${queryString(query)}`;

    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body, signal });
    } catch (error) {
      if (isAbort(error)) throw error;
      if (error instanceof TypeError) throw connectionFailure();
      console.error('Request failed unexpectedly', error);
      throw new ApiError(0, [MESSAGES.unexpectedConnectionFailure.text]);
    }
    if (response.ok) return response;

    const failure = await failureBody(response);
    if (response.status === 401 && redirectOnUnauthorized) {
      const messages = unauthorizedMessages(failure);
      options.onUnauthorized?.(messages);
      throw new ApiError(401, messages);
    }
    const messages = extractMessages(failure, response.status);
    if (messages.includes(MESSAGES.unexpectedShape.text)) {
      console.error(
        `Failure response (status ${response.status}) has messages of an unexpected shape`,
        failure,
      );
    }
    throw new ApiError(response.status, messages, fieldErrorsOf(failure));
  }

  async function parse<T>(response: Response): Promise<T> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      console.error('Could not read the response', error);
      throw new ApiError(0, [MESSAGES.unexpectedConnectionFailure.text]);
    }
    if (response.status === 204 || text.trim() === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(response.status, [MESSAGES.cannotParseResponse.text]);
    }
  }

  const jsonBody = (body: unknown) => JSON.stringify(body ?? {});

  const client: HttpApiClient = {
    get: async (path, query, requestOptions) =>
      parse(await send('GET', path, query, undefined, requestOptions)),
    post: async (path, body, query, requestOptions) =>
      parse(await send('POST', path, query, jsonBody(body), requestOptions)),
    put: async (path, body, query, requestOptions) =>
      parse(await send('PUT', path, query, jsonBody(body), requestOptions)),
    delete: async (path, query, requestOptions) => {
      await send('DELETE', path, query, undefined, requestOptions);
    },
    blob: async (path, query, requestOptions) => {
      const response = await send('GET', path, query, undefined, requestOptions);
      const fileName = fileNameFromContentDisposition(response.headers.get('Content-Disposition'));
      return { blob: await response.blob(), ...(fileName ? { fileName } : {}) };
    },
    postBlob: async (path, body, query, requestOptions) => {
      const response = await send('POST', path, query, jsonBody(body), requestOptions);
      const fileName = fileNameFromContentDisposition(response.headers.get('Content-Disposition'));
      const onReceived = requestOptions?.onReceived;
      return {
        blob: onReceived ? await readCounting(response, onReceived) : await response.blob(),
        ...(fileName ? { fileName } : {}),
      };
    },
    postForm: async (path, form, query, requestOptions) =>
      parse(await send('POST', path, query, form, { ...requestOptions, json: false })),
    upload: async (path, files, query, requestOptions) => {
      const form = new FormData();
      for (const file of files) form.append('files', file);
      return parse<UploadAnswer>(await send('POST', path, query, form, { ...requestOptions, json: false }));
    },
    getValue: async <T>(path: string, query?: Query, requestOptions?: RequestOptions) => {
      const answer = await client.get<{ value: T } | undefined>(path, query, requestOptions);
      return answer?.value as T;
    },
    download: async (path, query, fallbackName = 'download') => {
      const { blob, fileName } = await client.blob(path, query);
      try {
        saveBlob(blob, fileName ?? fallbackName, options.saveEnvironment);
      } catch (error) {
        console.error('Could not save the downloaded file', error);
        throw new ApiError(0, [MESSAGES.downloadFailed.text]);
      }
    },
  };
  return client;
}

/** The body as a blob, read chunk by chunk so the caller hears how much has arrived. */
async function readCounting(response: Response, onReceived: (bytes: number) => void): Promise<Blob> {
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onReceived(received);
  }
  return new Blob(chunks, { type: response.headers.get('Content-Type') ?? '' });
}
