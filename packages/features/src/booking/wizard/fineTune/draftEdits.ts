import type { DraftAllocation } from '../../shared/types.ts';

/** Pure edits of a draft's allocations (Fine Tune); the server re-checks every result. */

export function withAllocation(
  allocations: readonly DraftAllocation[],
  index: number,
  change: Partial<DraftAllocation>,
): DraftAllocation[] {
  return allocations.map((allocation, i) => (i === index ? { ...allocation, ...change } : allocation));
}

export function withLineQty(
  allocations: readonly DraftAllocation[],
  index: number,
  lineId: string,
  qty: number,
): DraftAllocation[] {
  return allocations.map((allocation, i) =>
    i === index
      ? {
          ...allocation,
          lines: allocation.lines.map((line) => (line.lineId === lineId ? { ...line, qty } : line)),
        }
      : allocation,
  );
}

/**
 * Moves `qty` of a line from allocation `from` to allocation `to` (merging with the same line
 * there); a line left with nothing disappears, an allocation left with no line too.
 */
export function moveLine(
  allocations: readonly DraftAllocation[],
  from: number,
  to: number,
  lineId: string,
  qty: number,
): DraftAllocation[] {
  const source = allocations[from]?.lines.find((line) => line.lineId === lineId);
  if (!source || from === to || qty <= 0) return [...allocations];
  const moved = Math.min(qty, source.qty);
  return allocations
    .map((allocation, i) => {
      if (i === from)
        return {
          ...allocation,
          lines: allocation.lines
            .map((line) => (line.lineId === lineId ? { ...line, qty: line.qty - moved } : line))
            .filter((line) => line.qty > 1e-9),
        };
      if (i === to) {
        const has = allocation.lines.some((line) => line.lineId === lineId);
        return {
          ...allocation,
          lines: has
            ? allocation.lines.map((line) =>
                line.lineId === lineId ? { ...line, qty: line.qty + moved } : line,
              )
            : [...allocation.lines, { ...source, qty: moved }],
        };
      }
      return allocation;
    })
    .filter((allocation) => allocation.lines.length > 0);
}

/**
 * Splits `qty` of a line off allocation `from` into a new allocation on `slotId`, appended last
 * (one vehicle, no delivery time yet); the source loses what moved, as in `moveLine`. Nothing
 * changes for a quantity of 0 or less, or a line the allocation does not carry.
 */
export function moveToNewAllocation(
  allocations: readonly DraftAllocation[],
  from: number,
  lineId: string,
  qty: number,
  slotId: string,
): DraftAllocation[] {
  const has = allocations[from]?.lines.some((line) => line.lineId === lineId);
  if (!has || !(qty > 0)) return [...allocations];
  const added: DraftAllocation = { slotId, vehicles: 1, deliveryTime: null, lines: [] };
  return moveLine([...allocations, added], from, allocations.length, lineId, qty);
}

/** `allocations.<i>` field errors of a 422 → index → Thai message. */
export function allocationErrors(
  fieldErrors: Readonly<Record<string, string>> | undefined,
): Record<number, string> {
  const errors: Record<number, string> = {};
  for (const [key, message] of Object.entries(fieldErrors ?? {})) {
    const match = /^allocations\.(\d+)$/.exec(key);
    if (match) errors[Number(match[1])] = message;
  }
  return errors;
}
