import { type Answer, healthApi } from '@lms/domain';
import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiError } from '../api/ApiError.ts';
import { call, operationPath } from '../api/call.ts';

export type Health = Answer<typeof healthApi.health>;

export function useHealth() {
  const api = useApi();
  return useSWR<Health, ApiError>(operationPath(healthApi.health), () => call(api, healthApi.health));
}
