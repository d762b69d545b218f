import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * An event handler that keeps one identity across renders while calling the newest one passed:
 * the grid's memoized rows then draw again only when their own data changes, not because a
 * parent passed a new arrow (issue 41: picking a row drew every row of the page). For handlers
 * called from events only, never during render (the newest is set after each commit).
 */
export function useSteady<Args extends unknown[], Result>(handler: (...args: Args) => Result) {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
