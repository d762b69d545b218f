import { type ApiKey, apiKeyApi, type CreatedApiKey, type NewApiKeyBody, pathOf } from '@lms/domain';
import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiError } from '../api/ApiError.ts';

/** The ERP's API keys (issue 18, docs/integration.md): an administrator's list, create and revoke. */

export const apiKeysKey = apiKeyApi.list.url;

export function useApiKeys() {
  const api = useApi();
  return useSWR<readonly ApiKey[], ApiError>(apiKeysKey, (path: string) => api.get<readonly ApiKey[]>(path));
}

export function useApiKeyActions() {
  const api = useApi();
  return {
    create: (body: NewApiKeyBody) => api.post<CreatedApiKey>(apiKeyApi.create.url, body),
    revoke: (id: string) => api.post<void>(pathOf(apiKeyApi.revoke, { id })),
  };
}
