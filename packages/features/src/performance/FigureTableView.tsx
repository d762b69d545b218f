import { DataGrid, type DataGridColumn } from '@lms/design-system';
import type { FigureCell, FigureLink, FigureTable } from '@lms/domain';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { type Navigate, routerClick, useCanOpen } from '../home/CountLink.tsx';
import { PrintTable, showCell } from './PrintTable.tsx';
import { performanceText as text } from './performanceText.ts';

type Row = { readonly key: string; readonly cells: readonly FigureCell[]; readonly link: FigureLink | null };

/**
 * One of the domain's `performanceTables` as a grid (its chart, if any, above it): the table behind
 * a chart, and what the export writes. A row whose records a list can show (`rowLink`, the
 * domain's `figureRowLink`) has its first cell as the link to that list, when the user may open it;
 * Enter on any of its cells opens it too.
 */
export function FigureTableView({
  table,
  rowLink,
  navigate,
  children,
}: {
  readonly table: FigureTable;
  readonly rowLink?: ((rowId: string) => FigureLink | null) | undefined;
  readonly navigate?: Navigate | undefined;
  readonly children?: ReactNode;
}) {
  const canOpen = useCanOpen();
  const columns: DataGridColumn<Row>[] = table.columns.map((header, index) => ({
    key: String(index),
    header,
    width: index === 0 ? 280 : 110,
    align: index === 0 ? 'start' : 'end',
    pin: index === 0 ? 'start' : undefined,
    alwaysVisible: index === 0,
    render: (row) =>
      index === 0 && row.link ? (
        <a href={row.link.href} title={row.link.label} onClick={routerClick(navigate, row.link.href)}>
          {showCell(table, row.cells[0] ?? null, 0)}
        </a>
      ) : (
        showCell(table, row.cells[index] ?? null, index)
      ),
  }));
  const rows: Row[] = table.rows.map((cells, index) => {
    const link = rowLink?.(table.rowIds[index] ?? '') ?? null;
    return { key: `${index}`, cells, link: link && canOpen(link.href) ? link : null };
  });
  // Only a table with something to open offers opening rows (else a phone card's title would be a button that does nothing).
  const open = (row: Row) => {
    if (!row.link) return;
    if (navigate) navigate(row.link.href);
    else window.location.assign(row.link.href);
  };
  return (
    <section aria-labelledby={`figures-${table.key}`}>
      <h3 id={`figures-${table.key}`}>{table.title}</h3>
      {table.note && <Note>{table.note}</Note>}
      {children}
      <OnScreen>
        <DataGrid
          label={table.title}
          columns={columns}
          rows={rows}
          getRowKey={(row) => row.key}
          emptyMessage={text.empty}
          {...(rows.some((row) => row.link) ? { onRowAction: open } : {})}
        />
      </OnScreen>
      <PrintTable table={table} />
    </section>
  );
}

const OnScreen = styled.div`
  @media print {
    display: none;
  }
`;

const Note = styled.p`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.color.textMuted};
`;
