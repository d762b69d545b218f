import { LIMITS } from '@lms/domain';
import type { SWRConfiguration } from 'swr';

/** Spec §9: retry 3 times with exponential delay capped at 30 s; no refetch on focus or reconnect. */
export const swrOptions: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    const status = (error as { status?: number }).status ?? 0;
    // A client error will not change by asking again.
    if (status >= 400 && status < 500) return;
    if (retryCount > LIMITS.queryRetryCount) return;
    setTimeout(
      () => revalidate({ retryCount }),
      Math.min(1000 * 2 ** (retryCount - 1), LIMITS.queryRetryDelayCapMs),
    );
  },
};
