import { type ApiKey, apiKeyApi, type NewApiKeyBody } from '@lms/domain';
import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiError } from '../api/ApiError.ts';
import { call, operationPath } from '../api/call.ts';

/** The ERP's API keys (issue 18, docs/integration.md): an administrator's list, create and revoke. */

export const apiKeysKey = operationPath(apiKeyApi.list);

export function useApiKeys() {
  const api = useApi();
  return useSWR<readonly ApiKey[], ApiError>(apiKeysKey, () => call(api, apiKeyApi.list));
}

export function useApiKeyActions() {
  const api = useApi();
  return {
    create: (body: NewApiKeyBody) => call(api, apiKeyApi.create, { body }),
    revoke: (id: string) => call(api, apiKeyApi.revoke, { params: { id } }),
  };
}
