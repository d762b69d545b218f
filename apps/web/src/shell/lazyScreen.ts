import { type ComponentType, lazy } from 'react';

/**
 * A screen in a chunk of its own, fetched the first time it is drawn: the shell (sign-in, layout,
 * home) stays small on the wire (docs/performance.md, bench/web).
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(async () => ({ default: await load() }));
}
