import { type ApiKey, apiKeyApi, type NewApiKeyBody } from '@lms/domain';
import { type ApiError, call, operationPath, useApi } from '@lms/entity-pages';
import useSWR from 'swr';

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
