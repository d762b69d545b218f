export {
  applyColumnMove,
  arrangeColumns,
  COLUMN_WIDTH,
  type ColumnLayout,
  type ColumnMove,
  type ColumnSetting,
  completeLayout,
  storedColumnLayout,
} from './columnLayout.ts';
export { countText } from './countText.ts';
export { DataGrid, type DataGridProps, phoneBreakpoint } from './DataGrid.tsx';
export { selectionWidth } from './GridRow.tsx';
export { defaultPageSizes } from './Pagination.tsx';
export {
  type ColumnStorage,
  type DataGridColumn,
  nextSort,
  type PagingProps,
  type RowKey,
  type SearchProps,
  type SortDirection,
  type SortItem,
  type SortModel,
} from './types.ts';
export { useSteady } from './useSteady.ts';
