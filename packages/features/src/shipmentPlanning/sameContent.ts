import { useMemo } from 'react';

/**
 * The planning board's memo comparison: equal when the props named are equal as JSON and every
 * other prop is the same value. Every answer of the server is a new plan, so a column compares
 * what it shows by content and its handlers and shared options by identity (issue 41).
 */
export function sameContentOf<P extends object>(...byContent: readonly (keyof P)[]) {
  const content = (props: P) => JSON.stringify(byContent.map((key) => props[key]));
  return (before: P, after: P): boolean =>
    (Object.keys(before) as (keyof P)[]).every(
      (key) => byContent.includes(key) || before[key] === after[key],
    ) && content(before) === content(after);
}

/** The same value as the last drawing's while its content is equal: memoized columns keep skipping. */
export function useSameContent<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}
