import type { Allocation } from './allocation.ts';
import type { IsoDate } from './world.ts';

/** An option and the order options are offered in (booking.md Ranking). */

export interface BookingOption {
  /** 1 = best. */
  readonly rank: number;
  readonly allocations: readonly Allocation[];
  /** The day the last allocation is delivered: when the whole order has arrived. */
  readonly completionDate: IsoDate;
  readonly firstDate: IsoDate;
  readonly vehicles: number;
  /** Baht; null when a vehicle type used has no price. */
  readonly fee: number | null;
  /** How full the option's own vehicles are: the tighter of weight and volume, %. */
  readonly fillPercent: number;
  /** Priority of the first allocation's shift (lower first). */
  readonly shiftPriority: number;
}

export type UnrankedOption = Omit<BookingOption, 'rank'>;

const order = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

/** A key that tells identical options apart from different ones, and breaks the last ties. */
export function optionKey(option: Pick<BookingOption, 'allocations'>): string {
  return option.allocations
    .map(
      (allocation) =>
        `${allocation.slotId}:${allocation.vehicles}:${allocation.lines.map((line) => `${line.lineId}=${line.qty}`).join(',')}`,
    )
    .join('|');
}

/**
 * Earliest completion date, then fewest vehicles, then lowest fee (unpriced last), then shift
 * priority, then fullest vehicles; the option key makes the order total.
 */
export function compareOptions(a: UnrankedOption, b: UnrankedOption): number {
  return (
    order(a.completionDate, b.completionDate) ||
    a.vehicles - b.vehicles ||
    (a.fee ?? Number.POSITIVE_INFINITY) - (b.fee ?? Number.POSITIVE_INFINITY) ||
    a.shiftPriority - b.shiftPriority ||
    b.fillPercent - a.fillPercent ||
    order(optionKey(a), optionKey(b))
  );
}
