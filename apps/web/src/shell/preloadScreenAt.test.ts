import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadScreenAt, routes } from './routes.ts';

const Screen: ComponentType<object> = () => null;

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

  it('settles once the screen’s chunk has, whether it came or failed', async () => {
    const list = routes.find((route) => route.path === '/deliveryOrder');
    if (!list || !('screen' in list)) throw new Error('no DO list route');
    let fail: () => void = () => undefined;
    const chunk = vi
      .spyOn(list.screen, 'preload')
      .mockReturnValue(new Promise((_, reject) => (fail = () => reject(new Error('offline')))));
    try {
      let settled = false;
      preloadScreenAt('/deliveryOrder').then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(settled, 'the screen’s chunk is still on its way').toBe(false);
      fail();
      await vi.waitFor(() => expect(settled).toBe(true));
      // Home is the shell's own: nothing to wait for.
      await expect(preloadScreenAt('/')).resolves.toBeUndefined();
    } finally {
      chunk.mockRestore();
    }
  });
});
