import { describe, expect, it } from 'vitest';
import { canceledAhead, servedStops } from './canceledStop.ts';

describe('a stop cancelled after the plan', () => {
  it('is passed until the truck reaches it, then it is a stop like any other', () => {
    expect(canceledAhead({ canceled: true, arrivedAt: null })).toBe(true);
    expect(canceledAhead({ canceled: true, arrivedAt: '2026-12-03T03:40:00.000Z' })).toBe(false);
    expect(canceledAhead({ arrivedAt: null })).toBe(false);
  });

  it('is not among the stops served, reached ones are', () => {
    const stops = [
      { id: 1, arrivedAt: null },
      { id: 2, canceled: true, arrivedAt: null },
      { id: 3, canceled: true, arrivedAt: '2026-12-03T03:40:00.000Z' },
    ];
    expect(servedStops(stops).map((s) => s.id)).toEqual([1, 3]);
  });
});
