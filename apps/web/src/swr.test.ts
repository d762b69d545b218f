import { LIMITS } from '@lms/domain';
import { ApiError, createApiClient } from '@lms/entity-pages';
import type { SWRConfiguration } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs, swrOptions } from './swr.ts';

/** The client's error for a fetch that never reached a server (the browser's TypeError). */
async function unreachable(): Promise<unknown> {
  const client = createApiClient({
    baseUrl: 'http://lms.test/api',
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
  });
  return client.get('province').catch((error: unknown) => error);
}

/** The delays SWR is asked to wait before each retry of one failing key, until the rule stops. */
function retryDelays(error: unknown): number[] {
  const onErrorRetry = swrOptions.onErrorRetry as NonNullable<SWRConfiguration['onErrorRetry']>;
  const delays: number[] = [];
  for (let retryCount = 1; retryCount <= 10; retryCount++) {
    const before = vi.getTimerCount();
    const startedAt = Date.now();
    let asked = false;
    onErrorRetry(
      error,
      '/province',
      swrOptions as never,
      () => {
        asked = true;
        return Promise.resolve(true);
      },
      { retryCount, dedupe: true },
    );
    if (vi.getTimerCount() === before) break;
    vi.runOnlyPendingTimers();
    expect(asked).toBe(true);
    delays.push(Date.now() - startedAt);
  }
  return delays;
}

describe('SWR retries (spec §9: retry 3, exponential, capped at 30 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a request whose connection failed, though the client gives it status 400 (spec §8)', async () => {
    const error = await unreachable();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(LIMITS.fetchFailureStatus);
    expect(retryDelays(error)).toEqual([1000, 2000, 4000]);
  });

  it('retries a server failure three times, exponentially', () => {
    expect(retryDelays(new ApiError(503, ['เซิร์ฟเวอร์ไม่พร้อม']))).toEqual([1000, 2000, 4000]);
  });

  it('never retries what the server refused (4xx): asking again gets the same answer', () => {
    expect(retryDelays(new ApiError(400, ['ข้อมูลไม่ถูกต้อง']))).toEqual([]);
    expect(retryDelays(new ApiError(403, ['ไม่มีสิทธิ์']))).toEqual([]);
    expect(retryDelays(new ApiError(404, ['ไม่พบข้อมูล']))).toEqual([]);
  });

  it('waits 1 s, then twice as long each time, never more than 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
