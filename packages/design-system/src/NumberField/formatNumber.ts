import { messages } from '../messages.ts';

/** Spec §9: numbers in English locale with `scale` fixed decimals (default 2); '-' when empty. */
export function formatNumber(value: number | null | undefined, scale = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return messages.emptyValue;
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: scale,
    maximumFractionDigits: scale,
  }).format(value);
}
