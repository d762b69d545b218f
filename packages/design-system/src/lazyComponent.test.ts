import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazyComponent.ts';

const Drawn: ComponentType<{ readonly label: string }> = ({ label }) => createElement('p', null, label);

/** What React draws at once: the component, or the boundary's fallback while it is suspended. */
const drawnAtOnce = (Component: ComponentType<{ readonly label: string }>) =>
  renderToString(
    createElement(
      Suspense,
      { fallback: createElement('p', null, 'fallback') },
      createElement(Component, { label: 'drawn' }),
    ),
  );

describe('lazyComponent', () => {
  it('fetches its chunk once, however often it is preloaded', async () => {
    const load = vi.fn(async () => Drawn);
    const component = lazyComponent(load);
    expect(load).not.toHaveBeenCalled();
    const first = component.preload();
    const second = component.preload();
    expect(second).toBe(first);
    await expect(first).resolves.toEqual({ default: Drawn });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps no failed fetch: the next try fetches again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Drawn);
    const component = lazyComponent(load);
    await expect(component.preload()).rejects.toThrow('offline');
    await expect(component.preload()).resolves.toEqual({ default: Drawn });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('draws the component at once when its chunk has run, where React’s lazy shows the fallback first', async () => {
    const chunk = Promise.resolve(Drawn);
    await chunk;
    // React's own lazy, its chunk already there: suspended on its first drawing all the same.
    const plain = lazy(() => chunk.then((component) => ({ default: component })));
    expect(drawnAtOnce(plain)).toContain('fallback');

    const component = lazyComponent(() => chunk);
    // Not fetched yet: suspended, as React's lazy.
    expect(drawnAtOnce(component)).toContain('fallback');
    await component.preload();
    const html = drawnAtOnce(component);
    expect(html).toContain('drawn');
    expect(html).not.toContain('fallback');
  });
});
