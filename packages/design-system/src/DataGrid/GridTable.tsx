import { type KeyboardEvent, memo, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import type { ColumnMove } from './columnLayout.ts';
import { GridRow, isControl, pinStyle, selectionWidth } from './GridRow.tsx';
import * as S from './GridTable.styles.ts';
import { type ColumnControls, HeaderControls } from './HeaderControls.tsx';
import type { DataGridColumn, GridSelection, RowKey, SortModel } from './types.ts';
import { useCellPeek } from './useCellPeek.ts';
import { useGridFocus } from './useGridFocus.ts';
import { useSteady } from './useSteady.ts';
import { useVirtualRange } from './useVirtualRange.ts';

export interface GridTableProps<Row> {
  readonly ariaLabel: string;
  readonly columns: readonly DataGridColumn<Row>[];
  readonly rows: readonly Row[];
  readonly getRowKey: (row: Row) => RowKey;
  readonly sort: SortModel;
  readonly onSortPress?: (key: string, additive: boolean) => void;
  readonly selection?: GridSelection;
  readonly selectionLabel: (row: Row, index: number) => string;
  /** Replaces the body with one full-width row (loading skeleton, empty or error message). */
  readonly status?: ReactNode;
  readonly isLoading: boolean;
  /** The rows are the last answer's, the next on its way: kept, dimmed and inert (DataGrid). */
  readonly isUpdating: boolean;
  readonly skeletonRows: number;
  readonly virtualized: boolean;
  readonly rowHeight: number;
  readonly maxHeight: string;
  /** Opens a row: a click anywhere on it but its own controls, or Enter on one of its cells. */
  readonly onRowAction?: (row: Row) => void;
  /** Each header gets a column menu and a resize edge (the user's column layout). */
  readonly columnControls?: ColumnControls;
}

const headerHeight = 44;

/** Alt+↓, the context-menu key or Shift+F10 on a header opens its column menu. */
const opensColumnMenu = (event: KeyboardEvent) =>
  (event.altKey && event.key === 'ArrowDown') ||
  event.key === 'ContextMenu' ||
  (event.shiftKey && event.key === 'F10');

const ignoreToggle = () => {};

function GridTableView<Row>(props: GridTableProps<Row>) {
  const { columns, rows, selection, isLoading, isUpdating, virtualized, rowHeight, status } = props;
  // DataGrid's toggle keeps its identity (useSteady), so the memoized rows keep theirs.
  const toggleRow = selection?.toggle ?? ignoreToggle;
  const scrollerRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const showRows = !isLoading && !status;
  const rowCount = showRows ? rows.length : 0;
  const offset = selection ? 1 : 0;
  const colCount = columns.length + offset;
  const range = useVirtualRange(scrollerRef, {
    count: rowCount,
    rowHeight,
    headerHeight,
    enabled: virtualized,
  });
  const focus = useGridFocus(gridRef, {
    rowCount,
    colCount,
    pageRows: () =>
      Math.max(1, Math.floor(((scrollerRef.current?.clientHeight ?? 400) - headerHeight) / rowHeight)),
    scrollToRow: range.scrollToRow,
  });
  // Another grid in the same place (the next list) starts at its first column and row. Not on
  // mount: a new scroller is already there, and `scrollTo` lays the page out at once (issue 41: the
  // DO list's first screen spent ~130 ms of its main thread at 4× CPU in it).
  const shownLabel = useRef(props.ariaLabel);
  useLayoutEffect(() => {
    if (shownLabel.current === props.ariaLabel) return;
    shownLabel.current = props.ariaLabel;
    scrollerRef.current?.scrollTo({ left: 0, top: 0 });
  }, [props.ariaLabel]);
  const controls = props.columnControls;
  const [menuFor, setMenuFor] = useState<string | null>(null);
  // While the header's edge is dragged: the width shown, stored when the pointer is released.
  const [dragged, setDragged] = useState<{ key: string; width: number } | null>(null);
  // Pinned columns side by side: each sticks where the ones before it end (measured, as their widths may be fluid).
  const [pinOffsets, setPinOffsets] = useState<Readonly<Record<string, number>>>({});
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!grid) return;
    const next: Record<string, number> = {};
    let start = selection ? selectionWidth : 0;
    const pinned = columns.filter((column) => column.pin === 'start');
    for (const [index, column] of pinned.entries()) {
      // The first pinned column starts where `pinStyle` puts a column it has no offset for: kept
      // out of the state, a grid with one pinned column (every entity list) is not drawn twice.
      if (index > 0) next[column.key] = start;
      // Only a width another pinned column starts after is read: a read here lays the page out
      // again on every draw of the grid (issue 41: an entity list pins one column, and its first
      // screen drew the grid several times, each forcing a layout).
      if (index === pinned.length - 1) break;
      const cell = grid.querySelector<HTMLElement>(`[data-row="-1"][data-key="${CSS.escape(column.key)}"]`);
      start += cell?.getBoundingClientRect().width ?? 0;
    }
    if (
      Object.keys(next).some((key) => next[key] !== pinOffsets[key]) ||
      Object.keys(pinOffsets).length !== Object.keys(next).length
    )
      setPinOffsets(next);
  });
  const template = [
    selection ? `${selectionWidth}px` : null,
    ...columns.map((c) => (dragged?.key === c.key ? `${dragged.width}px` : columnTrack(c.width))),
  ]
    .filter(Boolean)
    .join(' ');
  const peek = useCellPeek();

  const tabIndex = (row: number, col: number) =>
    focus.focused.row === row && focus.focused.col === col ? 0 : -1;

  const widthOf = (key: string) =>
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-row="-1"][data-key="${CSS.escape(key)}"]`)
      ?.getBoundingClientRect().width ?? 0;
  // One identity for every render: the memoized header controls draw again only when their column does.
  const moveColumn = useSteady((key: string, move: ColumnMove) => controls?.onMove(key, move, widthOf(key)));

  const onKeyDown = (event: KeyboardEvent) => {
    const header = columns[focus.focused.col - offset];
    if (controls && focus.focused.row === -1 && header && header.pin !== 'end' && opensColumnMenu(event)) {
      event.preventDefault();
      setMenuFor(header.key);
      return;
    }
    if (focus.onKeyDown(event)) return;
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const { row, col } = focus.focused;
    const column = columns[col - offset];
    if (row === -1 && column?.sortable && props.onSortPress) {
      event.preventDefault();
      props.onSortPress(column.key, event.shiftKey);
    } else if (event.key === 'Enter' && row >= 0 && props.onRowAction && !isControl(event.target)) {
      const data = rows[row];
      if (data !== undefined) {
        event.preventDefault();
        props.onRowAction(data);
      }
    } else if (event.key === ' ' && selection) {
      event.preventDefault();
      const data = rows[row];
      if (row === -1) selection.toggleAll();
      else if (data !== undefined) selection.toggle(props.getRowKey(data));
    }
  };

  const bodyRows: ReactNode[] = [];
  if (isLoading) {
    for (let i = 0; i < props.skeletonRows; i++)
      bodyRows.push(<SkeletonRow key={i} cols={colCount} index={i} />);
  } else if (status) {
    bodyRows.push(
      <S.Row role="row" key="status" aria-rowindex={2}>
        <S.StatusCell role="gridcell" aria-colspan={colCount}>
          {status}
        </S.StatusCell>
      </S.Row>,
    );
  } else {
    for (let index = range.start; index < range.end; index++) {
      const row = rows[index] as Row;
      const key = props.getRowKey(row);
      bodyRows.push(
        <GridRow
          key={String(key)}
          row={row}
          index={index}
          rowKey={key}
          columns={columns}
          selectable={!!selection}
          onToggle={toggleRow}
          selected={selection?.selected.has(key) ?? false}
          selectionLabel={props.selectionLabel}
          focusedCol={focus.focused.row === index ? focus.focused.col : null}
          pinOffsets={pinOffsets}
          virtualized={virtualized}
          rowHeight={rowHeight}
          onRowAction={props.onRowAction}
        />,
      );
    }
  }

  return (
    <S.Scroller
      ref={scrollerRef}
      onScroll={() => {
        range.onScroll();
        peek.follow();
      }}
      style={{ maxHeight: props.maxHeight }}
    >
      <S.Grid
        ref={gridRef}
        role="grid"
        aria-label={props.ariaLabel}
        aria-rowcount={rowCount + 1}
        aria-colcount={colCount}
        aria-busy={isLoading || isUpdating || undefined}
        aria-multiselectable={selection ? true : undefined}
        style={{ ['--lms-grid-columns' as string]: template }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          focus.onFocus(event);
          peek.show(event.target, 'focus');
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) peek.hide('focus');
        }}
        onPointerOver={(event) => peek.show(event.target, 'pointer')}
        onPointerLeave={() => peek.hide('pointer')}
      >
        <S.Head role="rowgroup">
          <S.HeadRow role="row" aria-rowindex={1} style={{ minHeight: headerHeight }}>
            {selection && (
              <S.HeaderCell
                role="columnheader"
                data-row={-1}
                data-col={0}
                tabIndex={tabIndex(-1, 0)}
                data-align="center"
                data-pin={columns[0]?.pin === 'start' ? 'start' : undefined}
              >
                <S.Checkbox
                  type="checkbox"
                  tabIndex={-1}
                  checked={selection.allSelected}
                  ref={(input) => {
                    if (input) input.indeterminate = selection.someSelected && !selection.allSelected;
                  }}
                  aria-label={messages.selectAllRows}
                  onChange={selection.toggleAll}
                  disabled={rowCount === 0}
                />
              </S.HeaderCell>
            )}
            {columns.map((column, c) => {
              const sortIndex = props.sort.findIndex((s) => s.key === column.key);
              const sortItem = props.sort[sortIndex];
              const direction = sortItem?.direction;
              return (
                <S.HeaderCell
                  role="columnheader"
                  key={column.key}
                  data-row={-1}
                  data-col={c + offset}
                  data-align={column.align}
                  data-pin={column.pin}
                  data-key={column.key}
                  style={pinStyle(column, pinOffsets, !!selection)}
                  data-sortable={column.sortable || undefined}
                  tabIndex={tabIndex(-1, c + offset)}
                  aria-sort={
                    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                  }
                  aria-keyshortcuts={controls && column.pin !== 'end' ? 'Alt+ArrowDown' : undefined}
                  onClick={(event) =>
                    column.sortable &&
                    !isControl(event.target) &&
                    !(event.target as Element).closest('[data-resize]') &&
                    props.onSortPress?.(column.key, event.shiftKey)
                  }
                >
                  <span>{column.header}</span>
                  {direction && (
                    <S.SortMark aria-hidden="true">
                      <Icon name={direction === 'asc' ? 'chevron-up' : 'chevron-down'} size={16} />
                      {props.sort.length > 1 && sortIndex + 1}
                    </S.SortMark>
                  )}
                  {controls && column.pin !== 'end' && (
                    <HeaderControls
                      columnKey={column.key}
                      header={column.header}
                      isPinned={column.pin === 'start'}
                      isOpen={menuFor === column.key}
                      controls={controls}
                      onMenuFor={setMenuFor}
                      onDrag={setDragged}
                      onMove={moveColumn}
                    />
                  )}
                </S.HeaderCell>
              );
            })}
          </S.HeadRow>
        </S.Head>
        <S.Body role="rowgroup" inert={isUpdating || undefined} data-updating={isUpdating || undefined}>
          {virtualized && range.start > 0 && (
            <S.Spacer aria-hidden="true" style={{ height: range.start * rowHeight }} />
          )}
          {bodyRows}
          {virtualized && range.end < rowCount && (
            <S.Spacer aria-hidden="true" style={{ height: (rowCount - range.end) * rowHeight }} />
          )}
        </S.Body>
      </S.Grid>
      {peek.shown && (
        <S.Peek aria-hidden="true" data-peek="" style={peek.shown.style}>
          {peek.shown.text}
        </S.Peek>
      )}
    </S.Scroller>
  );
}

/**
 * Memoized (issue 41): DataGrid passes props that keep their identity while their meaning stays
 * (memoized columns and selection, steady handlers), so typing in the search box or a parent's
 * own state draws the toolbar, not the table.
 */
export const GridTable = memo(GridTableView) as typeof GridTableView;

/** The grid track of a column's width (types.ts `width`): declared pixels share spare room in proportion. */
export function columnTrack(width: number | string | undefined): string {
  if (typeof width === 'string') return width;
  const pixels = width ?? defaultColumnWidth;
  return `minmax(${pixels}px, ${pixels}fr)`;
}

const defaultColumnWidth = 120;

function SkeletonRow({ cols, index }: { cols: number; index: number }) {
  return (
    <S.Row role="row" aria-rowindex={index + 2}>
      {Array.from({ length: cols }, (_, c) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
        <S.Cell role="gridcell" key={c}>
          <S.Skeleton aria-hidden="true" />
        </S.Cell>
      ))}
    </S.Row>
  );
}
