import { messages } from '../messages.ts';

// Counts follow spec §9's English number locale.
const number = new Intl.NumberFormat('en-US');

/**
 * A count as a list's total shows it: "มากกว่า 10,000" when it is a lower bound (the server stopped
 * counting there, `LIMITS.listExactCountLimit`), else the number. The paging bar and the home's
 * numbers say it this one way.
 */
export function countText(count: number, isLowerBound = false): string {
  return isLowerBound ? `${messages.moreThan} ${number.format(count)}` : number.format(count);
}
