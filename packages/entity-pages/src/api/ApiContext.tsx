import { createContext, type ReactNode, useContext } from 'react';
import { ApiError } from './ApiError.ts';

/** What screens need from the server. The host app supplies the real client (token, branch). */
export interface ApiClient {
  get<T>(path: string): Promise<T>;
}

const CONNECT_FAILED = 'ไม่สามารถเชื่อมต่อกับเซิร์ฟเวอร์ได้';

/** Plain same-origin JSON client: enough for stories and public calls. */
export const fetchApiClient: ApiClient = {
  async get<T>(path: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`/api${path}`, { headers: { Accept: 'application/json' } });
    } catch {
      throw new ApiError(400, [CONNECT_FAILED]);
    }
    const body = await response.json().catch(() => undefined);
    if (!response.ok) {
      const messages = Array.isArray(body?.messages)
        ? body.messages
        : [`เกิดข้อผิดพลาด (สถานะ ${response.status})`];
      throw new ApiError(response.status, messages);
    }
    return body as T;
  },
};

const ApiContext = createContext<ApiClient>(fetchApiClient);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export const useApi = () => useContext(ApiContext);
