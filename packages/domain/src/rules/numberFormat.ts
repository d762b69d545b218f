import { LIMITS, UI_TEXT } from '../constants.ts';

/** Numbers as spec §9 shows them: English locale, fixed decimals (2 by default), '-' when empty. */

const formatters = new Map<number, Intl.NumberFormat>();

function formatterFor(decimals: number): Intl.NumberFormat {
  let formatter = formatters.get(decimals);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      // '-0.00' would read as a debt: a value that rounds to zero shows no sign.
      signDisplay: 'negative',
    });
    formatters.set(decimals, formatter);
  }
  return formatter;
}

/** A number, or a numeric string from the API (decimals travel as strings); anything else is empty. */
export function toNumberOrNull(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

export function formatNumber(
  value: number | string | null | undefined,
  decimals: number = LIMITS.numberDecimalsDefault,
): string {
  const number = toNumberOrNull(value);
  if (number === null) return UI_TEXT.empty;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be an integer 0–20, got ${decimals}`);
  }
  return formatterFor(decimals).format(number);
}
