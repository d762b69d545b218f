import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiError } from '../api/ApiError.ts';

export interface Health {
  readonly status: string;
  readonly database: { readonly version: string; readonly migration: string };
}

export function useHealth() {
  const api = useApi();
  return useSWR<Health, ApiError>('/health', (path: string) => api.get<Health>(path));
}
