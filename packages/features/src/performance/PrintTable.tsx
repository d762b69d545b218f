import type { FigureCell, FigureTable } from '@lms/domain';
import { formatChange, formatNumber } from '@lms/domain';
import styled from 'styled-components';

/**
 * Column `index` of `table` as both the grid and the paper show it: '–' for nothing to judge,
 * numbers in Thai grouping, a change from the period before signed as the tiles show it.
 */
export function showCell(table: FigureTable, cell: FigureCell, index: number): string {
  if (cell === null) return '–';
  if (typeof cell !== 'number') return cell;
  if (table.changeColumns?.includes(index)) return formatChange(cell);
  return formatNumber(cell, Number.isInteger(cell) ? 0 : 2);
}

/**
 * A figure table for paper only (hidden on screen, where the DataGrid shows it). The grid has fixed
 * column widths, a scrolling box of 70 % of the window and phone cards, none of which prints whole
 * on A4; a plain `<table>` shrinks to the page, repeats its header on every page and is never cut
 * inside a row.
 */
export function PrintTable({ table }: { readonly table: FigureTable }) {
  return (
    <Table>
      <thead>
        <tr>
          {table.columns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={table.rowIds[r] ?? r}>
            {row.map((cell, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed, their order is the key.
              <td key={c} data-number={typeof cell === 'number' || cell === null || undefined}>
                {showCell(table, cell, c)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Table = styled.table`
  display: none;
  @media print {
    display: table;
    width: 100%;
    border-collapse: collapse;
    font-size: 9pt;
    th, td { border: 1px solid #999; padding: 2px 4px; text-align: start; vertical-align: top; }
    td[data-number] { text-align: end; font-variant-numeric: tabular-nums; }
    thead { display: table-header-group; }
    tr { break-inside: avoid; }
  }
`;
