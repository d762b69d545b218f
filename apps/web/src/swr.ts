import { LIMITS } from '@lms/domain';
import { isConnectionFailure } from '@lms/entity-pages';
import type { SWRConfiguration } from 'swr';

/** The wait before retry number `retryCount` (1, 2, 3 …): 1 s, doubling, at most 30 s (spec §9). */
export const retryDelayMs = (retryCount: number): number =>
  Math.min(1000 * 2 ** (retryCount - 1), LIMITS.queryRetryDelayCapMs);

/**
 * Whether a failed read is worth asking again. A refusal by the server (4xx) will not change by
 * asking again; a failed connection will, though spec §8 gives it status 400 too: the retry exists
 * for exactly that case, so it is told apart by the error, not by its status.
 */
export function isRetryable(error: unknown): boolean {
  if (isConnectionFailure(error)) return true;
  const status = (error as { status?: number } | null)?.status ?? 0;
  return status < 400 || status >= 500;
}

/** Spec §9: retry 3 times with exponential delay capped at 30 s; no refetch on focus or reconnect. */
export const swrOptions: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (!isRetryable(error)) return;
    if (retryCount > LIMITS.queryRetryCount) return;
    setTimeout(() => revalidate({ retryCount }), retryDelayMs(retryCount));
  },
};
