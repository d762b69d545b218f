import { type Answer, healthApi } from '@lms/domain';
import { type ApiError, call, operationPath, useApi } from '@lms/entity-pages';
import useSWR from 'swr';

export type Health = Answer<typeof healthApi.health>;

export function useHealth() {
  const api = useApi();
  return useSWR<Health, ApiError>(operationPath(healthApi.health), () => call(api, healthApi.health));
}
