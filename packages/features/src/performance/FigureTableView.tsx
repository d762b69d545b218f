import { DataGrid, type DataGridColumn } from '@lms/design-system';
import { type FigureCell, type FigureTable, formatNumber } from '@lms/domain';
import type { ReactNode } from 'react';
import { performanceText as text } from './performanceText.ts';

type Row = { readonly key: string; readonly cells: readonly FigureCell[] };

const show = (cell: FigureCell): string =>
  cell === null ? '–' : typeof cell === 'number' ? formatNumber(cell, Number.isInteger(cell) ? 0 : 2) : cell;

/** One of the domain's `performanceTables` as a grid (its chart, if any, above it): the table behind a chart, and what the export writes. */
export function FigureTableView({
  table,
  children,
}: {
  readonly table: FigureTable;
  readonly children?: ReactNode;
}) {
  const columns: DataGridColumn<Row>[] = table.columns.map((header, index) => ({
    key: String(index),
    header,
    width: index === 0 ? 280 : 110,
    align: index === 0 ? 'start' : 'end',
    pin: index === 0 ? 'start' : undefined,
    alwaysVisible: index === 0,
    render: (row) => show(row.cells[index] ?? null),
  }));
  const rows = table.rows.map((cells, index) => ({ key: `${index}`, cells }));
  return (
    <section aria-labelledby={`figures-${table.key}`}>
      <h3 id={`figures-${table.key}`}>{table.title}</h3>
      {children}
      <DataGrid
        label={table.title}
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.key}
        emptyMessage={text.empty}
      />
    </section>
  );
}
