import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createLeaveGuard, type HistoryUpdate } from './leaveGuard.ts';

/** A guard over a memory history at `/province/create`, three entries deep, holding moves off that path. */
function guarded() {
  const history = createMemoryHistory({
    initialEntries: ['/', '/province', '/province/create'],
    v5Compat: true,
  });
  const guard = createLeaveGuard(history);
  const seen: HistoryUpdate[] = [];
  guard.listen((update) => seen.push(update));
  const release = guard.block(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );
  return { history, guard, seen, release };
}

describe('the leave guard', () => {
  it('holds a push the test asks about, then makes it on proceed', () => {
    const { history, guard, seen } = guarded();
    guard.navigator.push({ pathname: '/', search: '', hash: '' });
    expect(guard.isBlocked()).toBe(true);
    expect(history.location.pathname).toBe('/province/create');
    expect(seen).toEqual([]);
    guard.proceed();
    expect(guard.isBlocked()).toBe(false);
    expect(history.location.pathname).toBe('/');
    expect(seen.map((u) => [u.action, u.location.pathname])).toEqual([['PUSH', '/']]);
  });

  it('drops a held move on reset, and lets through what the test does not ask about', () => {
    const { history, guard, seen } = guarded();
    let changes = 0;
    guard.subscribe(() => changes++);
    guard.navigator.replace('/home');
    guard.reset();
    expect(guard.isBlocked()).toBe(false);
    expect(changes).toBe(2);
    expect(history.location.pathname).toBe('/province/create');
    guard.navigator.push('/province/create?step=2');
    expect(guard.isBlocked()).toBe(false);
    expect(seen.map((u) => u.location.search)).toEqual(['?step=2']);
  });

  it('undoes a held back, shows nothing of it, and goes back on proceed', () => {
    const { history, guard, seen } = guarded();
    history.go(-1);
    expect(guard.isBlocked()).toBe(true);
    expect(history.location.pathname).toBe('/province/create');
    expect(seen).toEqual([]);
    guard.proceed();
    expect(history.location.pathname).toBe('/province');
    expect(seen.map((u) => [u.action, u.location.pathname])).toEqual([['POP', '/province']]);
    // Once there, the test is asked about the new page: back again is held too.
    history.go(-1);
    expect(guard.isBlocked()).toBe(true);
  });

  it('holds nothing once its test is taken back', () => {
    const { history, guard, release } = guarded();
    release();
    guard.navigator.push('/');
    history.go(-1);
    expect(guard.isBlocked()).toBe(false);
    expect(history.location.pathname).toBe('/province/create');
  });
});
