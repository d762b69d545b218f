import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from './lazyScreen.ts';
import { preloadScreenAt, routes } from './routes.ts';

const Screen: ComponentType<object> = () => null;

describe('lazyScreen', () => {
  it('fetches its chunk once, however often it is preloaded', async () => {
    const load = vi.fn(async () => Screen);
    const screen = lazyScreen(load);
    expect(load).not.toHaveBeenCalled();
    const first = screen.preload();
    const second = screen.preload();
    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ default: Screen });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps no failed fetch: the next try fetches again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Screen);
    const screen = lazyScreen(load);
    await expect(screen.preload()).rejects.toThrow('offline');
    await expect(screen.preload()).resolves.toEqual({ default: Screen });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadScreenAt', () => {
  it('starts the chunk of the screen the opened path shows, and no other', () => {
    const screens = routes.flatMap((route) => ('screen' in route ? [route.screen] : []));
    const spies = screens.map((screen) => vi.spyOn(screen, 'preload').mockResolvedValue({ default: Screen }));
    try {
      preloadScreenAt('/deliveryOrder');
      const list = routes.find((route) => route.path === '/deliveryOrder');
      expect(list && 'screen' in list).toBe(true);
      const called = screens.filter((_, i) => spies[i]!.mock.calls.length > 0);
      expect(new Set(called)).toEqual(new Set([list && 'screen' in list ? list.screen : undefined]));
      for (const spy of spies) spy.mockClear();
      // Home is the shell's own; an unknown path has no screen.
      preloadScreenAt('/');
      preloadScreenAt('/no/such/page');
      expect(spies.every((spy) => spy.mock.calls.length === 0)).toBe(true);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});
