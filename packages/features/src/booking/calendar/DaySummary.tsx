import { maxPercent, StatusBadge } from '../shared/StatusBadge.tsx';
import type { CalendarCell } from '../shared/types.ts';

/** Month view: the day's fullest cell. */
export function DaySummary({ cells }: { readonly cells: readonly CalendarCell[] }) {
  if (cells.length === 0) return null;
  const worst = cells.reduce((a, b) => (maxPercent(b) > maxPercent(a) ? b : a));
  return <StatusBadge colour={worst.colour} label={worst.statusLabel} value={maxPercent(worst)} wrap />;
}
