import type { EntityDef, FilterDef, SortDef, ViewColumn, ViewState } from '@lms/domain';
import { DEFAULT_PAGE_SIZE, type FilterValues } from '../pages/useListView.ts';

/**
 * A saved view ↔ the list's URL (docs/entity-pages.md "Saved views"). The URL stays the list's
 * state as before (a link reproduces filters, search, sort and size); `view=<id>` names the view
 * it came from, so that its columns apply too and the menu can say whether it was changed since.
 */

/** The URL parameter naming the saved view the list shows. */
export const VIEW_PARAM = 'view';

/** What the list shows now, as `useListView` reads it from the URL. */
export interface ListState {
  readonly filters: FilterValues;
  readonly searchTerm: string;
  readonly sort: readonly SortDef[];
  readonly size: number;
}

/** The list's current state and column layout as a view to save. */
export function viewStateOf(list: ListState, columns: readonly ViewColumn[]): ViewState {
  return {
    filters: list.filters,
    searchTerm: list.searchTerm,
    sort: list.sort.map(({ field, direction }) => ({ field, direction })),
    columns: columns.map((column) => ({ ...column })),
    pageSize: list.size,
  };
}

const sameSort = (a: readonly SortDef[], b: readonly SortDef[]) =>
  a.length === b.length &&
  a.every((item, i) => item.field === b[i]?.field && item.direction === b[i]?.direction);

/**
 * The URL changes that show a view (for `useUrlState`'s update): every filter of the list replaced,
 * the first page, and the declaration's default sort and page size left out as the list leaves them.
 */
export function urlOfView(
  entity: EntityDef,
  filterDefs: readonly FilterDef[],
  state: ViewState,
  viewId: string | null,
): Record<string, string | readonly string[] | null> {
  const changes: Record<string, string | readonly string[] | null> = {
    page: null,
    searchTerm: state.searchTerm.trim() || null,
    sort: sameSort(state.sort, entity.defaultSort)
      ? null
      : state.sort.map((s) => `${s.field},${s.direction}`),
    size: state.pageSize === DEFAULT_PAGE_SIZE ? null : String(state.pageSize),
    [VIEW_PARAM]: viewId,
  };
  for (const filter of filterDefs) changes[filter.param] = state.filters[filter.param] ?? null;
  return changes;
}

/** The parameters a list reads; anything else in the URL (a dialog's `id`) is the host's. */
export function listParamsIn(params: URLSearchParams, filterDefs: readonly FilterDef[]): string[] {
  const own = new Set(['page', 'size', 'sort', 'searchTerm', VIEW_PARAM, ...filterDefs.map((f) => f.param)]);
  return [...new Set(params.keys())].filter((key) => own.has(key));
}

/** A list opened with no list parameters: the user's default view applies. */
export function isBlankList(params: URLSearchParams, filterDefs: readonly FilterDef[]): boolean {
  return listParamsIn(params, filterDefs).length === 0;
}

/** Filters compared as sets of values: the order in which values were picked does not change a view. */
function normalFilters(filters: ViewState['filters']): string {
  return JSON.stringify(
    Object.keys(filters)
      .sort()
      .map((key) => {
        const value = filters[key];
        return [key, Array.isArray(value) ? [...value].sort() : value];
      }),
  );
}

const normalColumns = (columns: readonly ViewColumn[]) =>
  JSON.stringify(columns.map((c) => [c.key, c.width ?? null, c.hidden ?? false, c.pinned ?? null]));

/** Whether the list shows what the view saved (else the menu marks it "แก้ไขแล้ว"). */
export function sameViewState(a: ViewState, b: ViewState): boolean {
  return (
    a.searchTerm.trim() === b.searchTerm.trim() &&
    a.pageSize === b.pageSize &&
    sameSort(
      a.sort.map((s) => ({ ...s })),
      b.sort.map((s) => ({ ...s })),
    ) &&
    normalFilters(a.filters) === normalFilters(b.filters) &&
    normalColumns(a.columns) === normalColumns(b.columns)
  );
}
