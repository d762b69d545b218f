/** `yyyy-MM`. */
export const yearMonth = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The last 24 months, newest first, ending with this one in Asia/Bangkok (the freight and performance screens' pickers). */
export function recentMonths(today: string): string[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return Array.from({ length: 24 }, (_, i) => {
    const date = new Date(Date.UTC(year, month - 1 - i, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}
