import { type CSSProperties, type MouseEvent, memo, type ReactNode } from 'react';
import * as S from './GridTable.styles.ts';
import type { DataGridColumn, RowKey } from './types.ts';

/** Width of the selection column, also the offset of a pinned first column beside it. */
export const selectionWidth = 48;

/** A click on the row's own controls (buttons, links, checkboxes) is theirs, not the row's. */
export const isControl = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('button, a, input, select, textarea, [role="button"]');

/** Where a pinned column sticks: after the selection column and the pinned columns before it (measured). */
export function pinStyle(
  column: { readonly key: string; readonly pin?: string },
  pinOffsets: Readonly<Record<string, number>>,
  hasSelection: boolean,
): CSSProperties | undefined {
  if (column.pin !== 'start') return undefined;
  const start = pinOffsets[column.key] ?? (hasSelection ? selectionWidth : 0);
  return start ? { insetInlineStart: start } : undefined;
}

/** Text cells are one line cut with an ellipsis; the grid shows a cut one whole on hover and focus. */
function cellContent(content: ReactNode): ReactNode {
  if (typeof content !== 'string' && typeof content !== 'number') return content;
  return <S.Text data-cell-text="">{content}</S.Text>;
}

export interface GridRowProps<Row> {
  readonly row: Row;
  readonly index: number;
  readonly rowKey: RowKey;
  readonly columns: readonly DataGridColumn<Row>[];
  /** The row has a selection box; `onToggle` picks or drops it (one identity for every row and render). */
  readonly selectable: boolean;
  readonly onToggle: (key: RowKey) => void;
  readonly selected: boolean;
  readonly selectionLabel: (row: Row, index: number) => string;
  /** The column of this row's cell in the tab order (roving tabindex), or null. */
  readonly focusedCol: number | null;
  readonly pinOffsets: Readonly<Record<string, number>>;
  readonly virtualized: boolean;
  readonly rowHeight: number;
  readonly onRowAction?: (row: Row) => void;
}

/**
 * One body row. Memoized: while the grid scrolls, the rows that stay in the window keep their
 * props (the same row, the same columns and handlers), so only the rows scrolled in render; a
 * row picked, or a cell focused, draws that row alone. Every prop must keep its identity while
 * its meaning stays (DataGrid's `useSteady` handlers, memoized columns).
 */
function GridRowView<Row>(props: GridRowProps<Row>) {
  const { row, index, columns, selectable, selected, focusedCol, pinOffsets, onRowAction } = props;
  const offset = selectable ? 1 : 0;
  const tabIndex = (col: number) => (focusedCol === col ? 0 : -1);
  return (
    <S.Row
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selectable ? selected : undefined}
      data-selected={selected || undefined}
      data-action={onRowAction ? true : undefined}
      style={props.virtualized ? { height: props.rowHeight } : undefined}
      onClick={
        onRowAction &&
        ((event: MouseEvent) => {
          if (!isControl(event.target)) onRowAction(row);
        })
      }
    >
      {selectable && (
        <S.Cell
          role="gridcell"
          data-row={index}
          data-col={0}
          tabIndex={tabIndex(0)}
          data-align="center"
          data-pin={columns[0]?.pin === 'start' ? 'start' : undefined}
        >
          <S.Checkbox
            type="checkbox"
            tabIndex={-1}
            checked={selected}
            aria-label={props.selectionLabel(row, index)}
            onChange={() => props.onToggle(props.rowKey)}
          />
        </S.Cell>
      )}
      {columns.map((column, c) => (
        <S.Cell
          role="gridcell"
          key={column.key}
          data-row={index}
          data-col={c + offset}
          data-align={column.align}
          data-pin={column.pin}
          style={pinStyle(column, pinOffsets, selectable)}
          tabIndex={tabIndex(c + offset)}
        >
          {cellContent(
            column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? ''),
          )}
        </S.Cell>
      ))}
    </S.Row>
  );
}

export const GridRow = memo(GridRowView) as typeof GridRowView;
