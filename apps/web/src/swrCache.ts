import { LIMITS } from '@lms/domain';
import type { Cache } from 'swr';

/**
 * SWR's cache with the spec's garbage collection (§9: 300000 ms): an entry no screen has read or
 * written for that long is dropped. A screen still showing it simply fetches it again on its next
 * render, as it would after any cache miss.
 */
export function gcCache(gcMs: number = LIMITS.queryCacheGcMs, now: () => number = Date.now) {
  const entries = new Map<string, unknown>();
  const touched = new Map<string, number>();
  const cache = {
    get(key: string) {
      if (entries.has(key)) touched.set(key, now());
      return entries.get(key);
    },
    set(key: string, value: unknown) {
      touched.set(key, now());
      entries.set(key, value);
    },
    delete(key: string) {
      touched.delete(key);
      entries.delete(key);
    },
    keys: () => entries.keys(),
    /** Drops what has not been touched for `gcMs`; answers how many went. */
    sweep(): number {
      let dropped = 0;
      for (const [key, at] of touched) {
        if (now() - at >= gcMs) {
          cache.delete(key);
          dropped++;
        }
      }
      return dropped;
    },
  };
  return cache as Cache & { sweep(): number };
}
