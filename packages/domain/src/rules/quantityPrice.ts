/**
 * The quantity price helper of spec §3, as booking.md reads it: quantity 0 costs 0, 1 costs the
 * unit price; beyond that, with a step percent each unit after the first costs the unit price
 * raised by that percent, otherwise unit price × quantity. Used to price several vehicles.
 */
export function quantityPrice(quantity: number, unitPrice: number, stepPercent?: number | null): number {
  if (!Number.isInteger(quantity) || quantity < 0) {
    throw new RangeError(`quantity must be a whole number ≥ 0, got ${quantity}`);
  }
  if (!Number.isFinite(unitPrice)) throw new RangeError(`unitPrice must be a number, got ${unitPrice}`);
  if (quantity === 0) return 0;
  if (quantity === 1) return unitPrice;
  const total =
    stepPercent === null || stepPercent === undefined
      ? unitPrice * quantity
      : unitPrice + (quantity - 1) * unitPrice * (1 + stepPercent / 100);
  // Money is kept to the satang.
  return Math.round(total * 100) / 100;
}
