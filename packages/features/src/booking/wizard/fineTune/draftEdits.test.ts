import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DraftAllocation } from '../../shared/types.ts';
import { allocationErrors, moveLine, moveToNewAllocation } from './draftEdits.ts';

const line = (n: number, qty: number) => ({ deliveryOrderId: `do${n}`, lineId: `line${n}`, qty });

/** One allocation carrying DO 1 (10 units) and DO 2 (20 units) in slot A at 09:30, as a suggestion leaves it. */
const single: readonly DraftAllocation[] = [
  { slotId: 'A', vehicles: 2, deliveryTime: '09:30', lines: [line(1, 10), line(2, 20)] },
];

/** Quantity of each line over all allocations. */
const totals = (allocations: readonly DraftAllocation[]) => {
  const sums: Record<string, number> = {};
  for (const allocation of allocations)
    for (const l of allocation.lines) sums[l.lineId] = (sums[l.lineId] ?? 0) + l.qty;
  return sums;
};

describe('moveToNewAllocation (fine tune: split across slots)', () => {
  it('splits part of a line into a new allocation on the chosen slot, one vehicle and no delivery time', () => {
    expect(moveToNewAllocation(single, 0, 'line1', 4, 'B')).toEqual([
      { slotId: 'A', vehicles: 2, deliveryTime: '09:30', lines: [line(1, 6), line(2, 20)] },
      { slotId: 'B', vehicles: 1, deliveryTime: null, lines: [line(1, 4)] },
    ]);
  });

  it('leaves the draft it was given as it was', () => {
    const before = structuredClone(single);
    moveToNewAllocation(single, 0, 'line1', 4, 'B');
    expect(single).toEqual(before);
  });

  it('moves a whole line away: the source keeps its other lines', () => {
    expect(moveToNewAllocation(single, 0, 'line2', 20, 'B')).toEqual([
      { slotId: 'A', vehicles: 2, deliveryTime: '09:30', lines: [line(1, 10)] },
      { slotId: 'B', vehicles: 1, deliveryTime: null, lines: [line(2, 20)] },
    ]);
  });

  it('never moves more than the line has', () => {
    expect(moveToNewAllocation(single, 0, 'line1', 25, 'B')).toEqual([
      { slotId: 'A', vehicles: 2, deliveryTime: '09:30', lines: [line(2, 20)] },
      { slotId: 'B', vehicles: 1, deliveryTime: null, lines: [line(1, 10)] },
    ]);
  });

  it('appends after the allocations there are, and an allocation left with no line disappears', () => {
    const two: DraftAllocation[] = [
      { slotId: 'A', vehicles: 1, lines: [line(1, 10)] },
      { slotId: 'B', vehicles: 1, lines: [line(2, 20)] },
    ];
    expect(moveToNewAllocation(two, 0, 'line1', 10, 'C')).toEqual([
      { slotId: 'B', vehicles: 1, lines: [line(2, 20)] },
      { slotId: 'C', vehicles: 1, deliveryTime: null, lines: [line(1, 10)] },
    ]);
    expect(moveToNewAllocation(two, 1, 'line2', 5, 'A').map((a) => a.slotId)).toEqual(['A', 'B', 'A']);
  });

  it('keeps a new allocation on the same slot apart (another vehicle there), not merged', () => {
    expect(moveToNewAllocation(single, 0, 'line2', 5, 'A')).toEqual([
      { slotId: 'A', vehicles: 2, deliveryTime: '09:30', lines: [line(1, 10), line(2, 15)] },
      { slotId: 'A', vehicles: 1, deliveryTime: null, lines: [line(2, 5)] },
    ]);
  });

  it('changes nothing for no quantity, or a line or allocation that is not there', () => {
    for (const qty of [0, -1, Number.NaN])
      expect(moveToNewAllocation(single, 0, 'line1', qty, 'B')).toEqual(single);
    expect(moveToNewAllocation(single, 0, 'line9', 1, 'B')).toEqual(single);
    expect(moveToNewAllocation(single, 3, 'line1', 1, 'B')).toEqual(single);
  });

  it('keeps every line’s total quantity, whatever is moved', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('line1', 'line2'),
        fc.double({ min: 0.5, max: 40, noNaN: true }),
        (lineId, qty) => {
          const next = moveToNewAllocation(single, 0, lineId, qty, 'B');
          const after = totals(next);
          for (const [id, total] of Object.entries(totals(single))) expect(after[id]).toBeCloseTo(total, 9);
          expect(next.every((allocation) => allocation.lines.every((l) => l.qty > 0))).toBe(true);
          expect(next).toHaveLength(2);
        },
      ),
    );
  });
});

describe('moveLine (between allocations that exist)', () => {
  it('merges into the same line of the target, and drops an allocation left with no line', () => {
    const two: DraftAllocation[] = [
      { slotId: 'A', vehicles: 1, lines: [line(1, 4)] },
      { slotId: 'B', vehicles: 1, lines: [line(1, 6), line(2, 20)] },
    ];
    expect(moveLine(two, 0, 1, 'line1', 4)).toEqual([
      { slotId: 'B', vehicles: 1, lines: [line(1, 10), line(2, 20)] },
    ]);
  });
});

describe('allocationErrors', () => {
  it('reads allocations.<i> of a 422 into index → message, ignoring other fields', () => {
    expect(
      allocationErrors({ 'allocations.1': 'ความจุ: เกิน', allocations: 'ไม่ครบ', 'allocations.x': 'no' }),
    ).toEqual({ 1: 'ความจุ: เกิน' });
    expect(allocationErrors(undefined)).toEqual({});
  });
});
