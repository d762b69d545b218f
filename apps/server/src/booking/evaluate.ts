import { type Allocation, type BookingWorld, checkAllocation } from '@lms/booking';
import type { DateFormatOptions, EvaluatedAllocation, Evaluation } from '@lms/domain';
import type { DraftAllocation, DraftRequest } from './drafts.ts';

export type { EvaluatedAllocation, Evaluation };

/**
 * Re-checks a draft's allocations in order, each against the capacity left after the ones
 * before it (they would share slots once confirmed).
 */
export function evaluateDraft(
  world: BookingWorld,
  request: DraftRequest,
  allocations: readonly DraftAllocation[],
  branchId: string,
  today: string,
  /** The reader's era for the days the refusals name (`BookingWhere.era`). */
  era: DateFormatOptions = {},
): Evaluation {
  let current = world;
  const results: EvaluatedAllocation[] = [];
  for (const [index, draft] of allocations.entries()) {
    const check = checkAllocation(current, {
      branchId,
      today,
      shipToId: request.shipToId,
      shipCondId: request.shipCondId,
      special: request.special,
      slotId: draft.slotId,
      vehicles: draft.vehicles,
      lines: draft.lines,
      deliveryTime: draft.deliveryTime ?? null,
      era,
    });
    if (!check.ok) {
      results.push({ ok: false, index, rule: check.rule, message: check.message, slotId: draft.slotId });
      continue;
    }
    results.push({ ok: true, allocation: check.allocation, deliveryTime: draft.deliveryTime ?? null });
    current = {
      ...current,
      bookedLines: [
        ...current.bookedLines,
        {
          slotId: draft.slotId,
          usedWeight: check.allocation.usedWeight,
          usedVolume: check.allocation.usedVolume,
          usedMinute: check.allocation.usedMinute,
        },
      ],
    };
  }
  const allocated = new Map<string, number>();
  for (const draft of allocations)
    for (const line of draft.lines) allocated.set(line.lineId, (allocated.get(line.lineId) ?? 0) + line.qty);
  const uncovered = world.deliveryOrders.flatMap((order) =>
    order.lines
      .filter((line) => Math.abs((allocated.get(line.id) ?? 0) - line.qty) > 1e-6)
      .map(() => `ใบส่งสินค้า ${order.docNo} ยังจัดรถไม่ครบจำนวน`),
  );
  const ok = results.filter((r) => r.ok);
  const sum = (pick: (a: Allocation) => number) =>
    ok.reduce((total, r) => total + (r.ok ? pick(r.allocation) : 0), 0);
  return {
    allocations: results,
    ok: ok.length === results.length && results.length > 0 && uncovered.length === 0,
    uncovered,
    totals: {
      weight: sum((a) => a.usedWeight),
      volume: sum((a) => a.usedVolume),
      minute: sum((a) => a.usedMinute),
      vehicles: sum((a) => a.vehicles),
      fee: sum((a) => a.fee ?? 0),
    },
  };
}
