import { type ComponentType, createElement, lazy } from 'react';

/** A component in a chunk of its own, and a way to fetch that chunk before it is drawn. */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /** Fetches and runs the component's chunk (once; later calls answer the same promise). */
  preload(): Promise<unknown>;
};

/**
 * A component in a chunk of its own (React's `lazy`), drawn directly once its chunk has run.
 *
 * React's `lazy` suspends the first time it is drawn even when its chunk is already there (its
 * promise is read in a later microtask), so the nearest Suspense boundary shows its fallback, and
 * React then holds back the reveal of every suspended boundary until 300 ms after the latest
 * fallback (its `FALLBACK_THROTTLE_MS`). A screen whose chunk was fetched beside the session's
 * check waited ~230 ms for nothing that way (docs/performance.md, the DO list from the cache);
 * a dialog mounted closed on idle set that clock for whatever was revealed next. Once the chunk
 * has run this draws the component itself: no suspension, no fallback, no throttle. Before that it
 * is React's `lazy`, whose first drawing never commits (it suspends), so the switch from one to the
 * other loses no state.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let loaded: ComponentType<P> | undefined;
  const preload = () => {
    // A failed fetch is not kept: drawing the component tries again (and shows that failure).
    loading ??= load().then(
      (component) => {
        loaded = component;
        return { default: component };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per component at module level, as React's own `lazy`.
  function Deferred(props: P) {
    const Loaded = loaded;
    return Loaded ? createElement(Loaded, props) : createElement(Lazy, props);
  }
  return Object.assign(Deferred, { preload });
}
