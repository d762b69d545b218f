import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Input, SearchField } from 'react-aria-components';
import styled from 'styled-components';
import { useIsNarrow } from '../AppShell/useIsNarrow.ts';
import { Button, VisuallyHidden } from '../Button/Button.tsx';
import { Icon } from '../Icon/index.ts';
import { messages } from '../messages.ts';
import { ColumnChooser } from './ColumnChooser.tsx';
import {
  applyColumnMove,
  arrangeColumns,
  type ColumnLayout,
  type ColumnMove,
  possibleMoves,
  storedColumnLayout,
  withHidden,
  withWidth,
} from './columnLayout.ts';
import { GridCards } from './GridCards.tsx';
import { GridTable } from './GridTable.tsx';
import type { ColumnControls } from './HeaderControls.tsx';
import { Pagination } from './Pagination.tsx';
import {
  type ColumnStorage,
  type DataGridColumn,
  type GridSelection,
  nextSort,
  type PagingProps,
  type RowKey,
  type SearchProps,
  type SortModel,
} from './types.ts';
import { useSteady } from './useSteady.ts';

/** Below this width of the grid itself rows become cards. */
export const phoneBreakpoint = 600;

/** One identity for "no sort": the memoized table compares its props by identity. */
const unsorted: SortModel = [];

export interface DataGridProps<Row> {
  /** Thai name of the grid for assistive technology, e.g. the page title. */
  readonly label: string;
  readonly columns: readonly DataGridColumn<Row>[];
  /** The current page (server paging) or all rows (`virtualized`). */
  readonly rows: readonly Row[];
  readonly getRowKey: (row: Row) => RowKey;
  /** Click a sortable header to sort by it; Shift+click (or Shift+Enter) adds it as a further sort key. */
  readonly sort?: SortModel;
  readonly onSortChange?: (sort: SortModel) => void;
  readonly paging?: PagingProps;
  readonly search?: SearchProps;
  /** Filter widgets shown beside the search box. */
  readonly toolbar?: ReactNode;
  /** Shows the column chooser; its choice is saved through this adapter. */
  readonly columnStorage?: ColumnStorage;
  /**
   * The user's column order, widths, hidden and pinned columns (a saved view's). Without it the
   * grid keeps its own, starting from `columnStorage`'s hidden columns.
   */
  readonly columnLayout?: ColumnLayout;
  /** Given, each header gets a column menu (move, pin, resize, hide) and a resize edge. */
  readonly onColumnLayoutChange?: (layout: ColumnLayout) => void;
  readonly selectable?: boolean;
  readonly selectedKeys?: ReadonlySet<RowKey>;
  readonly onSelectionChange?: (keys: ReadonlySet<RowKey>) => void;
  /** The Thai name of a row's checkbox, e.g. `เลือก DO68010001`; default "เลือกแถวที่ n". */
  readonly selectionLabel?: (row: Row) => string;
  /** Shown above the grid while rows are selected. */
  readonly bulkActions?: (selected: ReadonlySet<RowKey>) => ReactNode;
  readonly isLoading?: boolean;
  /**
   * The rows shown are the last answer and the next is on its way (a sort, a page, a filter): they
   * stay where they are, dimmed and inert, the grid busy, instead of a skeleton in their place. The
   * tap that asked then draws next to nothing (a sort drew the page's skeleton, then the new page),
   * and the reader keeps their place.
   */
  readonly isUpdating?: boolean;
  /** A Thai message, or true for the default one. */
  readonly error?: string | boolean | null;
  readonly onRetry?: () => void;
  readonly emptyMessage?: string;
  /** Render only the visible rows: for large client-side data sets (no paging, no cards). */
  readonly virtualized?: boolean;
  readonly rowHeight?: number;
  /** Scroll area height limit; the header sticks to its top. */
  readonly maxHeight?: string;
  /** Forces the phone card layout on or off; otherwise measured from the grid's own width. */
  readonly isPhone?: boolean;
  /**
   * Opens a row: in the table a click on the row outside its own buttons, or Enter on a cell; on a
   * phone's cards a tap on the card's title (a button) or on the card.
   */
  readonly onRowAction?: (row: Row) => void;
}

export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { columns, rows, getRowKey, isLoading = false, error, virtualized = false } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const phone = useIsNarrow(rootRef, phoneBreakpoint, props.isPhone) && !virtualized;
  // The layout belongs to its list: a route from one list to another keeps this component, so a
  // new `columnStorage` starts again from its own hidden columns (not the last list's choice).
  const [own, setOwn] = useState(() => ({
    storage: props.columnStorage,
    layout: storedColumnLayout(props.columnStorage),
  }));
  const ownLayout =
    own.storage === props.columnStorage ? own.layout : storedColumnLayout(props.columnStorage);
  if (own.storage !== props.columnStorage) setOwn({ storage: props.columnStorage, layout: ownLayout });
  const layout = props.columnLayout ?? ownLayout;
  const setLayout = (next: ColumnLayout) => {
    if (!props.columnLayout) setOwn({ storage: props.columnStorage, layout: next });
    props.onColumnLayoutChange?.(next);
  };
  const arranged = useMemo(() => arrangeColumns(columns, layout), [columns, layout]);
  const hidden = useMemo(
    () => new Set(arranged.filter((column) => column.hidden).map((column) => column.key)),
    [arranged],
  );
  const [ownSelection, setOwnSelection] = useState<ReadonlySet<RowKey>>(new Set());
  const selected = props.selectedKeys ?? ownSelection;
  const setSelected = (keys: ReadonlySet<RowKey>) => {
    if (!props.selectedKeys) setOwnSelection(keys);
    props.onSelectionChange?.(keys);
  };
  const selectable = props.selectable || !!props.onSelectionChange || !!props.bulkActions;
  // Kept while the layout stands: the memoized rows compare their columns by identity.
  const visibleColumns = useMemo(() => arranged.filter((c) => !c.hidden), [arranged]);
  // Kept while the layout stands: the memoized header controls compare it by identity. `movesOf`
  // is read while drawing, so it follows the layout; the handlers are steady.
  const movesOf = useCallback((key: string) => possibleMoves(columns, layout, key), [columns, layout]);
  const onMove = useSteady((key: string, move: ColumnMove, width: number) =>
    setLayout(applyColumnMove(columns, layout, key, move, width)),
  );
  const onResize = useSteady((key: string, width: number) =>
    setLayout(withWidth(columns, layout, key, width)),
  );
  const steadyControls = useMemo<ColumnControls>(
    () => ({ movesOf, onMove, onResize }),
    [movesOf, onMove, onResize],
  );
  const columnControls = props.onColumnLayoutChange ? steadyControls : undefined;
  // Only selection needs every key; skipping it keeps a 100,000-row virtualized grid cheap per scroll.
  const rowKeys = useMemo(() => (selectable ? rows.map(getRowKey) : []), [selectable, rows, getRowKey]);
  const allSelected = rowKeys.length > 0 && rowKeys.every((key) => selected.has(key));

  const someSelected = rowKeys.some((key) => selected.has(key));
  const toggle = useSteady((key: RowKey) => {
    const next = new Set(selected);
    if (!next.delete(key)) next.add(key);
    setSelected(next);
  });
  const toggleAll = useSteady(() => {
    const next = new Set(selected);
    for (const key of rowKeys) allSelected ? next.delete(key) : next.add(key);
    setSelected(next);
  });
  const selection: GridSelection | undefined = useMemo(
    () => (selectable ? { selected, allSelected, someSelected, toggle, toggleAll } : undefined),
    [selectable, selected, allSelected, someSelected, toggle, toggleAll],
  );
  const sortPress = useSteady((key: string, additive: boolean) =>
    props.onSortChange?.(nextSort(props.sort ?? [], key, additive)),
  );
  const rowAction = useSteady((row: Row) => props.onRowAction?.(row));
  const onRowAction = props.onRowAction ? rowAction : undefined;
  const { selectionLabel: labelOf } = props;
  const selectionLabel = useCallback(
    (row: Row, index: number) => labelOf?.(row) ?? `${messages.selectRow} ${index + 1}`,
    [labelOf],
  );

  const onHiddenChange = (next: ReadonlySet<string>) => {
    setLayout(withHidden(columns, layout, next));
    props.columnStorage?.save([...next]);
  };

  let status: ReactNode = null;
  if (error) {
    status = (
      <>
        <Icon name="error" size={32} />
        <p role="alert">{typeof error === 'string' ? error : messages.loadError}</p>
        {props.onRetry && (
          <Button variant="secondary" onPress={props.onRetry}>
            {messages.retry}
          </Button>
        )}
      </>
    );
  } else if (!isLoading && rows.length === 0) {
    status = (
      <>
        <Icon name="info" size={32} />
        <p>{props.emptyMessage ?? messages.noData}</p>
      </>
    );
  }

  // Rows kept from the last answer only where rows are shown (not under a skeleton or a status).
  const updating = !isLoading && !status && !!props.isUpdating;
  const shared = {
    ariaLabel: props.label,
    columns: visibleColumns,
    rows,
    getRowKey,
    selection,
    status,
    isLoading,
    isUpdating: updating,
    skeletonRows: Math.min(props.paging?.pageSize ?? 5, 10),
    selectionLabel,
  };
  const showToolbar = props.search || props.toolbar || props.columnStorage;

  return (
    <Root ref={rootRef} data-phone={phone || undefined}>
      {showToolbar && (
        <Toolbar>
          {props.search && (
            <Search aria-label={messages.search} value={props.search.value} onChange={props.search.onChange}>
              <Icon name="search" size={20} />
              <Input placeholder={props.search.placeholder ?? messages.search} />
            </Search>
          )}
          {props.toolbar}
          {props.columnStorage && (
            <ColumnChooser columns={arranged} hidden={hidden} onHiddenChange={onHiddenChange} />
          )}
        </Toolbar>
      )}
      {selection && selected.size > 0 && props.bulkActions && (
        <BulkBar role="region" aria-label={messages.bulkActions}>
          <span>
            {messages.selected} {selected.size} {messages.items}
          </span>
          {props.bulkActions(selected)}
        </BulkBar>
      )}
      <VisuallyHidden role="status">{isLoading || updating ? messages.loading : ''}</VisuallyHidden>
      {phone ? (
        <GridCards {...shared} onRowAction={onRowAction} />
      ) : (
        <GridTable
          {...shared}
          sort={props.sort ?? unsorted}
          onSortPress={props.onSortChange && sortPress}
          virtualized={virtualized}
          rowHeight={props.rowHeight ?? 44}
          maxHeight={props.maxHeight ?? (virtualized ? '480px' : '70vh')}
          onRowAction={onRowAction}
          columnControls={columnControls}
        />
      )}
      {props.paging && !virtualized && <Pagination {...props.paging} isLoading={isLoading} />}
    </Root>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  & > :last-child:not(:first-child) { margin-inline-start: auto; }
`;

const Search = styled(SearchField)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  flex: 1 1 240px;
  max-width: 360px;
  min-height: 40px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  &[data-focus-within] { border-color: ${({ theme }) => theme.color.focus}; }
  & input { flex: 1; min-width: 0; border: 0; outline: none; background: transparent; font: inherit; color: ${({ theme }) => theme.color.text}; }
  [data-phone] & { max-width: none; }
`;

const BulkBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.secondary};
  color: ${({ theme }) => theme.color.secondaryText};
`;
