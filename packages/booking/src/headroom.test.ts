import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AllocationEdit, checkAllocation } from './checkAllocation.ts';
import { slotUseLimits } from './headroom.ts';
import { ARTICLES, order, slot, TODAY, world } from './testing/fixtures.ts';
import type { BookedLine } from './world.ts';

/**
 * A confirm commits in one statement when, under the slots' locks, each slot's use is within what
 * `slotUseLimits` answered from the use read before (apps/server booking/confirm.ts): below those
 * limits, every check must give the allocation it gave.
 */

const lineArb = fc.record({
  articleId: fc.constantFrom(...ARTICLES.map((article) => article.id)),
  qty: fc.integer({ min: 1, max: 40 }),
  unitWeight: fc.integer({ min: 1, max: 400 }),
  unitVolume: fc.integer({ min: 1, max: 500 }).map((litres) => litres / 1000),
});

const scenarioArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }),
  total: fc.integer({ min: 1, max: 4 }),
  vehicles: fc.integer({ min: 1, max: 4 }),
  special: fc.boolean(),
  used: fc.record({
    usedWeight: fc.integer({ min: 0, max: 9000 }),
    usedVolume: fc.integer({ min: 0, max: 30 }),
    usedMinute: fc.integer({ min: 0, max: 900 }),
  }),
  // Where between the use read before and the limit the use under the lock is, per amount.
  later: fc.tuple(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.double({ min: 0, max: 1, noNaN: true }),
  ),
});

const morning = (total: number) => slot({ date: '2025-01-08', total, special: 0 });

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function checkAt(scenario: Scenario, booked: BookedLine[]) {
  const s = morning(scenario.total);
  const lines = scenario.lines.map(
    (l) =>
      [l.articleId, l.qty, l.qty * l.unitWeight, l.qty * l.unitVolume] as [string, number, number, number],
  );
  const w = world({ slots: [s], orders: [order('D1', lines)], booked });
  const edit: AllocationEdit = {
    branchId: 'B1',
    shipToId: 'S1',
    shipCondId: 'SC1',
    today: TODAY,
    special: scenario.special,
    slotId: s.id,
    vehicles: scenario.vehicles,
    lines: scenario.lines.map((l, position) => ({
      deliveryOrderId: 'D1',
      lineId: `D1-${position + 1}`,
      qty: l.qty,
    })),
  };
  return { w, check: checkAllocation(w, edit), slotId: s.id };
}

describe('slotUseLimits', () => {
  it('below the limits, the allocation comes out the same', () => {
    let accepted = 0;
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const before = checkAt(scenario, [{ slotId: morning(1).id, ...scenario.used }]);
        if (!before.check.ok) return;
        const limits = slotUseLimits(before.w, [before.check.allocation], scenario.special);
        if (!limits) return;
        accepted++;
        const limit = limits.get(before.slotId)!;
        const [w, v, m] = scenario.later;
        const later = checkAt(scenario, [
          {
            slotId: before.slotId,
            usedWeight: scenario.used.usedWeight + w * (limit.weight - scenario.used.usedWeight),
            usedVolume: scenario.used.usedVolume + v * (limit.volume - scenario.used.usedVolume),
            usedMinute: scenario.used.usedMinute + m * (limit.minute - scenario.used.usedMinute),
          },
        ]);
        expect(later.check.ok).toBe(true);
        if (!later.check.ok) return;
        // All but the slot's figures after it, which a confirm neither writes nor answers.
        const { slotAfter: _after, ...was } = before.check.allocation;
        const { slotAfter: _now, ...is } = later.check.allocation;
        expect(is).toEqual(was);
      }),
      { numRuns: 1000 },
    );
    // The property was not vacuous: most scenarios that fit had room to spare.
    expect(accepted).toBeGreaterThan(50);
  });

  it('adds up the allocations of one slot and answers none for a slot filled to the rounding', () => {
    const s = morning(2);
    const w = world({ slots: [s], orders: [order('D1', [['CEMENT', 100, 5000, 4]])] });
    const edit: AllocationEdit = {
      branchId: 'B1',
      shipToId: 'S1',
      shipCondId: 'SC1',
      today: TODAY,
      slotId: s.id,
      vehicles: 2,
      lines: [{ deliveryOrderId: 'D1', lineId: 'D1-1', qty: 100 }],
    };
    const check = checkAllocation(w, edit);
    if (!check.ok) throw new Error(check.message);
    const one = slotUseLimits(w, [check.allocation], false)!.get(s.id)!;
    const two = slotUseLimits(w, [check.allocation, check.allocation], false);
    // Two vehicles of 4,500 kg (the fixtures' booking share): 9,000 − 5,000 taken, less the rounding.
    expect(one.weight).toBeCloseTo(9000 - 5000 - 1e-3, 6);
    // Twice 5,000 kg does not fit 9,000: no room to spare.
    expect(two).toBeUndefined();
  });
});
