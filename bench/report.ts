/**
 * What the benches that time requests print: a nearest-rank percentile and their table of
 * figures, one row per case (bench/performance, bench/scale).
 */

/** The nearest-rank p-th percentile (p in 0–100); NaN with no values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The table: its first column left-aligned to `nameWidth`, the figures right-aligned to `cellWidth`, the last (the goal) as it is. */
export function printTable(rows: readonly (readonly string[])[], nameWidth: number, cellWidth: number): void {
  for (const row of rows)
    console.log(
      row
        .map((cell, i) =>
          i === 0 ? cell.padEnd(nameWidth) : i === row.length - 1 ? `  ${cell}` : cell.padStart(cellWidth),
        )
        .join(''),
    );
}
