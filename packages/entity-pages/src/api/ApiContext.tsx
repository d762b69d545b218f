import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from './apiClient.ts';
import { createApiClient } from './client.ts';

export type { ApiClient, RequestOptions, UploadAnswer } from './apiClient.ts';
export { type Query, queryString } from './query.ts';

/** Same-origin client with no token: for stories (MSW), public calls and tests. */
export const fetchApiClient: ApiClient = createApiClient({ getToken: () => null });

const ApiContext = createContext<ApiClient>(fetchApiClient);

export function ApiProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export const useApi = () => useContext(ApiContext);
