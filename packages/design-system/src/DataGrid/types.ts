import type { Key, ReactNode } from 'react';

export interface DataGridColumn<Row> {
  readonly key: string;
  /** Thai header text; also the label of the field on phone cards and in the column chooser. */
  readonly header: string;
  /** Cell content; the grid does not format numbers or dates, the caller does (spec §9). */
  readonly render?: (row: Row) => ReactNode;
  readonly sortable?: boolean;
  /** CSS width, e.g. '120px' or '2fr'; default `minmax(120px, 1fr)`. */
  readonly width?: string;
  readonly align?: 'start' | 'center' | 'end';
  /** Cannot be hidden through the column chooser. */
  readonly alwaysVisible?: boolean;
  /**
   * Stays in view while the middle columns scroll sideways: `start` for the identifying first
   * column, `end` for the row actions (issue 23: actions past the right edge at 1366 px).
   */
  readonly pin?: 'start' | 'end';
}

export type SortDirection = 'asc' | 'desc';

export interface SortItem {
  readonly key: string;
  readonly direction: SortDirection;
}

/** Sort order, most significant first. */
export type SortModel = readonly SortItem[];

/** Where the column chooser keeps the hidden column keys (e.g. localStorage per page). */
export interface ColumnStorage {
  load(): readonly string[] | null;
  save(hiddenKeys: readonly string[]): void;
}

export interface PagingProps {
  /** 1-based page number. */
  readonly page: number;
  readonly pageSize: number;
  /** Rows on the server across all pages. */
  readonly total: number;
  /** The server counted only this far: there are more than `total` rows (at least through the next page). */
  readonly totalIsLowerBound?: boolean;
  readonly onPageChange: (page: number) => void;
  readonly onPageSizeChange: (pageSize: number) => void;
  readonly pageSizes?: readonly number[];
}

export interface SearchProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
}

export type RowKey = Key;

/** Cycle one column's sort: none → asc → desc → none. Shift keeps the other columns (multi-sort). */
export function nextSort(sort: SortModel, key: string, additive: boolean): SortModel {
  const current = sort.find((item) => item.key === key);
  const next: SortItem | null =
    current === undefined
      ? { key, direction: 'asc' }
      : current.direction === 'asc'
        ? { key, direction: 'desc' }
        : null;
  if (!additive) return next ? [next] : [];
  if (!current) return next ? [...sort, next] : sort;
  return next
    ? sort.map((item) => (item.key === key ? next : item))
    : sort.filter((item) => item.key !== key);
}

/** The rows picked by their checkboxes, as the table and the cards both show them. */
export interface GridSelection {
  readonly selected: ReadonlySet<RowKey>;
  readonly toggle: (key: RowKey) => void;
  readonly toggleAll: () => void;
  readonly allSelected: boolean;
  readonly someSelected: boolean;
}
