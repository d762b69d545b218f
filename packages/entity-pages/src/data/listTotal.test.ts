import { describe, expect, it } from 'vitest';
import { filterSetOf, mustCount, shownPage } from './listTotal.ts';

const set = filterSetOf('province', null, { searchTerm: 'PRO' });
const other = filterSetOf('province', null, { searchTerm: 'PRO0' });
const page = (total: number | null, totalIsLowerBound = false) => ({
  items: [],
  total,
  totalIsLowerBound,
  hasMore: true,
  page: 1,
  size: 50,
});

describe('mustCount', () => {
  it('counts a filter set never counted, and one counted before another', () => {
    expect(mustCount(undefined, set, { page: 3, size: 50 })).toBe(true);
    expect(mustCount({ filterSet: other, total: 10, totalIsLowerBound: false }, set, { page: 0, size: 50 })).toBe(
      true,
    );
  });

  it('skips any page of a filter set counted exactly', () => {
    const counted = { filterSet: set, total: 120, totalIsLowerBound: false };
    expect(mustCount(counted, set, { page: 2, size: 50 })).toBe(false);
    expect(mustCount(counted, set, { page: 40, size: 10 })).toBe(false);
  });

  it('counts again when the next page lies past a lower bound', () => {
    const counted = { filterSet: set, total: 10_000, totalIsLowerBound: true };
    expect(mustCount(counted, set, { page: 198, size: 50 })).toBe(false);
    expect(mustCount(counted, set, { page: 199, size: 50 })).toBe(true);
  });
});

describe('shownPage', () => {
  it("keeps a counted answer's total and fills a skipped one with the count of its filters", () => {
    const counted = { filterSet: set, total: 10_000, totalIsLowerBound: true };
    expect(shownPage(page(12, false), counted, set)).toMatchObject({ total: 12, totalIsLowerBound: false });
    expect(shownPage(page(null), counted, set)).toMatchObject({
      total: 10_000,
      totalIsLowerBound: true,
      filterSet: set,
    });
  });

  it('refuses a skipped total that was never counted (a bug, not a zero)', () => {
    expect(() => shownPage(page(null), undefined, set)).toThrow(/never counted/);
  });
});
