import type { BookingOption as ApiBookingOption } from '@lms/domain';

/** An option and the order options are offered in (booking.md Ranking). */

export type BookingOption = ApiBookingOption;

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
