import {
  IMPORT_REPORT_PAGE,
  type ImportReport,
  type ImportRow,
  type ImportRowFilter,
  type ImportRowsPage,
} from '@lms/domain';

/** At most this many failed rows carry their cells (header → text) to show the error in place. */
const MAX_ROWS_WITH_VALUES = 1000;

/** A row that did not fail, as the report keeps it: sheet row, status, natural key as written. */
export type KeptRow = readonly [row: number, status: Exclude<ImportRow['status'], 'failed'>, key?: string];

/**
 * Every row of a large import, kept small: the failed rows whole (errors, and cells for the first
 * thousand), the others as `[row, status, key]` in sheet order. Stored with a job's report and
 * paged back to the screen (jobs.ts); the report's own `rows` is its first page.
 */
export interface ReportRows {
  readonly failedRows: ImportRow[];
  readonly rest: KeptRow[];
}

/** What an import answers: the report, whose `rows` is the first page, and every row behind it. */
export interface ImportResult extends ImportReport {
  readonly pages: ReportRows;
}

/** One row's outcome as the core hands it over (errors keyed as the report shows them). */
export interface RowOutcome {
  readonly row: number;
  readonly status: ImportRow['status'];
  readonly key?: string;
  readonly errors: Record<string, string>;
  /** The failed row's cells as text, when the input has cells (a sheet). */
  readonly values?: () => Record<string, string>;
}

/** Collects row outcomes as chunks finish, so no chunk's rows outlive it. */
export class ReportBuilder {
  private readonly counts = { created: 0, updated: 0, unchanged: 0, failed: 0 };
  private readonly rows: ReportRows = { failedRows: [], rest: [] };

  add(outcome: RowOutcome): void {
    this.counts[outcome.status]++;
    if (outcome.status !== 'failed') {
      this.rows.rest.push(
        outcome.key === undefined
          ? [outcome.row, outcome.status]
          : [outcome.row, outcome.status, outcome.key],
      );
      return;
    }
    const withValues = outcome.values && this.rows.failedRows.length < MAX_ROWS_WITH_VALUES;
    this.rows.failedRows.push({
      row: outcome.row,
      status: 'failed',
      ...(outcome.key !== undefined ? { key: outcome.key } : {}),
      errors: outcome.errors,
      ...(withValues ? { values: outcome.values!() } : {}),
    });
  }

  /** Rows failed so far. */
  get failed(): number {
    return this.counts.failed;
  }

  report(applied: boolean): ImportResult {
    const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;
    this.rows.failedRows.sort(byRow);
    this.rows.rest.sort((a, b) => a[0] - b[0]);
    const total = this.counts.created + this.counts.updated + this.counts.unchanged + this.counts.failed;
    return {
      total,
      ...this.counts,
      applied,
      rows: pageOf(this.rows, 'all', 0, IMPORT_REPORT_PAGE).rows,
      pages: this.rows,
    };
  }
}

const keptRow = ([row, status, key]: KeptRow): ImportRow => ({
  row,
  status,
  ...(key !== undefined ? { key } : {}),
  errors: {},
});

/** One page of a report's rows: failed rows first (the user fixes those), then in sheet order. */
export function pageOf(
  rows: ReportRows,
  status: ImportRowFilter,
  offset: number,
  limit: number,
): ImportRowsPage {
  if (status === 'failed')
    return { rows: rows.failedRows.slice(offset, offset + limit), total: rows.failedRows.length };
  if (status !== 'all') {
    const kept = rows.rest.filter((r) => r[1] === status);
    return { rows: kept.slice(offset, offset + limit).map(keptRow), total: kept.length };
  }
  const failed = rows.failedRows.slice(offset, offset + limit);
  const from = Math.max(0, offset - rows.failedRows.length);
  const rest = rows.rest.slice(from, from + limit - failed.length).map(keptRow);
  return { rows: [...failed, ...rest], total: rows.failedRows.length + rows.rest.length };
}
