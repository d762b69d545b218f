import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdIdleWork, IDLE_HOLD_MAX_MS, whenIdle } from './whenIdle.ts';

/** A browser's idle callbacks, run when the test says the browser is idle. */
function fakeWindow() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  return {
    requestIdleCallback: (callback: () => void) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancelIdleCallback: (id: number) => callbacks.delete(id),
    idle: () => {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('whenIdle', () => {
  let browser: ReturnType<typeof fakeWindow>;
  beforeEach(() => {
    browser = fakeWindow();
    vi.stubGlobal('window', browser);
  });
  afterEach(() => {
    holdIdleWork(Promise.resolve());
    vi.unstubAllGlobals();
  });

  it('waits for the first screen, then for the browser to be idle', async () => {
    let screenUp: () => void = () => undefined;
    holdIdleWork(new Promise<void>((resolve) => (screenUp = resolve)));
    const work = vi.fn();
    whenIdle(work);
    await settle();
    browser.idle();
    expect(work, 'idle while the screen still loads').not.toHaveBeenCalled();
    screenUp();
    await settle();
    expect(work, 'not before the browser is idle').not.toHaveBeenCalled();
    browser.idle();
    expect(work).toHaveBeenCalledOnce();
  });

  it('runs after a first screen that failed, and not at all once cancelled', async () => {
    let fail: () => void = () => undefined;
    holdIdleWork(new Promise<void>((_, reject) => (fail = () => reject(new Error('offline')))));
    const work = vi.fn();
    const cancelled = vi.fn();
    whenIdle(work);
    whenIdle(cancelled)();
    fail();
    await settle();
    browser.idle();
    expect(work).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('holds for a bounded time when the first screen never comes', async () => {
    vi.useFakeTimers();
    try {
      holdIdleWork(new Promise(() => undefined));
      const work = vi.fn();
      whenIdle(work);
      await vi.advanceTimersByTimeAsync(IDLE_HOLD_MAX_MS - 1);
      browser.idle();
      expect(work).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      browser.idle();
      expect(work).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
