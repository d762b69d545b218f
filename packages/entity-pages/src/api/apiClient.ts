import type { UploadAnswer } from '@lms/domain';
import type { Query } from './query.ts';

export type { UploadAnswer };

/** Per-call switches (spec §7): the token and the 401 log-out are on unless switched off. */
export interface RequestOptions {
  /** Send the stored bearer token (default true). */
  readonly auth?: boolean;
  /** Send `Content-Type: application/json` (default true; uploads switch it off). */
  readonly json?: boolean;
  /** On 401, log out (default true); sign-in switches it off so a wrong password stays on the page. */
  readonly redirectOnUnauthorized?: boolean;
  readonly signal?: AbortSignal;
}

/**
 * What screens need from the server. The host app supplies the real client (`createApiClient`
 * with the session's token and 401 handling: spec §7/§8); stories and tests supply
 * `fetchApiClient` (the same rules, no token) against MSW.
 */
export interface ApiClient {
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, query?: Query, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, query?: Query, options?: RequestOptions): Promise<T>;
  delete(path: string, query?: Query, options?: RequestOptions): Promise<void>;
  /** A binary answer (file, image, thumbnail) fetched with the token, never with it in a URL. */
  blob(path: string, query?: Query, options?: RequestOptions): Promise<{ blob: Blob; fileName?: string }>;
  /**
   * A binary answer to a JSON body (a batch of documents as one PDF); `onReceived` hears the bytes
   * received so far while the server streams it (a batch's progress).
   */
  postBlob(
    path: string,
    body: unknown,
    query?: Query,
    options?: RequestOptions & { readonly onReceived?: (bytes: number) => void },
  ): Promise<{ blob: Blob; fileName?: string }>;
  /** A multipart form as built by the caller (the import's one `file`), JSON answer. */
  postForm<T>(path: string, form: FormData, query?: Query, options?: RequestOptions): Promise<T>;
  /** Multipart upload, repeated field `files` (spec §7). */
  upload(
    path: string,
    files: readonly File[],
    query?: Query,
    options?: RequestOptions,
  ): Promise<UploadAnswer>;
}
