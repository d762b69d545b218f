import { type ComponentType, lazy } from 'react';

/** A screen in a chunk of its own, and a way to fetch that chunk before the screen is drawn. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Fetches and runs the screen's chunk (once; later calls answer the same promise). */
  preload(): Promise<unknown>;
};

/**
 * A screen in a chunk of its own, fetched the first time it is drawn: the shell (sign-in, layout,
 * home) stays small on the wire (docs/performance.md, bench/web). `preload()` starts that fetch
 * sooner — the opened page's chunk beside the session's check (`preloadScreenAt`), not after it.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    // A failed fetch is not kept: drawing the screen tries again (and shows that failure).
    loading ??= load().then(
      (screen) => ({ default: screen }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
