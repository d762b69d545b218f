import { createContext, type ReactNode, useContext } from 'react';
import { ApiError } from './ApiError.ts';

/** Query parameters: nulls, undefined and empty lists are dropped by the client (spec §7). */
export type Query = Readonly<
  Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>
>;

export interface UploadAnswer {
  readonly files: readonly { readonly id: string }[];
}

/**
 * What screens need from the server. The host app supplies the real client (bearer token,
 * error catalogue, 401 handling: spec §7/§8); stories and tests supply `fetchApiClient`
 * against MSW.
 */
export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<T>;
  post<T>(path: string, body?: unknown, query?: Query): Promise<T>;
  put<T>(path: string, body?: unknown, query?: Query): Promise<T>;
  delete(path: string, query?: Query): Promise<void>;
  /** A binary answer (file, image, thumbnail) fetched with the token, never with it in a URL. */
  blob(path: string, query?: Query): Promise<{ blob: Blob; fileName?: string }>;
  /** Multipart upload, repeated field `files` (spec §7). */
  upload(path: string, files: readonly File[], query?: Query): Promise<UploadAnswer>;
}

const CONNECT_FAILED = 'ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้';

export function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const item of [value].flat()) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function request(method: string, path: string, query?: Query, body?: BodyInit, json = true) {
  let response: Response;
  try {
    response = await fetch(`/api${path}${queryString(query)}`, {
      method,
      headers:
        json && body !== undefined ? { 'Content-Type': 'application/json', Accept: 'application/json' } : {},
      body,
    });
  } catch {
    throw new ApiError(400, [CONNECT_FAILED]);
  }
  if (!response.ok) {
    const payload = await response.json().catch(() => undefined);
    const messages = Array.isArray(payload?.messages)
      ? payload.messages
      : [`เกิดข้อผิดพลาด (สถานะ ${response.status})`];
    throw new ApiError(response.status, messages, payload?.errors);
  }
  return response;
}

const parse = async <T,>(response: Response) =>
  (response.status === 204 ? undefined : response.json()) as Promise<T>;

/** Plain same-origin JSON client with no token: for stories (MSW), public calls and tests. */
export const fetchApiClient: ApiClient = {
  get: async (path, query) => parse(await request('GET', path, query)),
  post: async (path, body, query) => parse(await request('POST', path, query, JSON.stringify(body ?? {}))),
  put: async (path, body, query) => parse(await request('PUT', path, query, JSON.stringify(body ?? {}))),
  delete: async (path, query) => {
    await request('DELETE', path, query);
  },
  blob: async (path, query) => ({ blob: await (await request('GET', path, query)).blob() }),
  upload: async (path, files, query) => {
    const form = new FormData();
    for (const file of files) form.append('files', file);
    return parse(await request('POST', path, query, form, false));
  },
};

const ApiContext = createContext<ApiClient>(fetchApiClient);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export const useApi = () => useContext(ApiContext);
