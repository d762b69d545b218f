import { describe, expect, it } from 'vitest';
import { gcCache } from './swrCache.ts';

describe('the SWR cache', () => {
  it('drops entries nobody touched for 300000 ms and keeps the ones in use', () => {
    let clock = 0;
    const cache = gcCache(300_000, () => clock);
    cache.set('/province', { data: 1 });
    cache.set('/vehicle', { data: 2 });
    clock = 200_000;
    cache.get('/vehicle');
    clock = 300_000;
    expect(cache.sweep()).toBe(1);
    expect(cache.get('/province')).toBeUndefined();
    expect(cache.get('/vehicle')).toEqual({ data: 2 });
    expect([...cache.keys()]).toEqual(['/vehicle']);
  });

  it('uses the spec’s 300000 ms by default', () => {
    let clock = 0;
    const cache = gcCache(undefined, () => clock);
    cache.set('/unit', { data: 1 });
    clock = 299_999;
    expect(cache.sweep()).toBe(0);
    clock = 300_000;
    expect(cache.sweep()).toBe(1);
  });
});
