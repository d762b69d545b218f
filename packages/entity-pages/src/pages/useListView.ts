import { type EntityDef, type FilterDef, filtersFor, LIMITS, type SortDef } from '@lms/domain';
import { useCallback, useMemo } from 'react';
import type { ListQuery } from '../data/entityKeys.ts';
import { useUrlState } from './searchParams.tsx';

export const DEFAULT_PAGE_SIZE: number = LIMITS.listPageSizeDefault;

/** Filter values by query parameter: a list for list filters, else one string. */
export type FilterValues = Readonly<Record<string, string | readonly string[]>>;

/** The filters a list's URL may carry (its search box aside). */
const listFilterDefs = (entity: EntityDef) => filtersFor(entity).filter((filter) => filter.kind !== 'search');

/**
 * The view a list's URL names: one reading for the page (`useListView`) and for its first page
 * asked before the page is drawn (`requestFirstListPage`), so both ask the same request.
 */
export function listViewOf(
  entity: EntityDef,
  params: URLSearchParams,
  filterDefs: readonly FilterDef[] = listFilterDefs(entity),
) {
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(LIMITS.listPageSizeMax, Math.max(1, Number(params.get('size')) || DEFAULT_PAGE_SIZE));
  const sortParams = params.getAll('sort');
  const sort: SortDef[] = sortParams.length
    ? sortParams.map((item) => {
        const [field = '', direction] = item.split(',');
        return { field, direction: direction === 'desc' ? 'desc' : 'asc' };
      })
    : [...entity.defaultSort];
  const filters: Record<string, string | readonly string[]> = {};
  for (const filter of filterDefs) {
    const values = params.getAll(filter.param);
    if (values.length > 0) filters[filter.param] = filter.isList ? values : (values[0] as string);
  }
  const searchTerm = params.get('searchTerm') ?? '';
  const query: ListQuery = { page: page - 1, size, sort, filters, searchTerm };
  return {
    page,
    size,
    sort,
    filters: filters as FilterValues,
    searchTerm,
    query,
    sortIsDefault: !sortParams.length,
  };
}

/**
 * The view of a list page, kept in the URL (spec: a link reproduces the view):
 * `?searchTerm=…&regionIds=…&sort=code,desc&page=2&size=50`. `page` is 1-based in the URL.
 */
export function useListView(entity: EntityDef) {
  const [params, update] = useUrlState();
  const filterDefs = useMemo(() => listFilterDefs(entity), [entity]);
  const view = useMemo(() => listViewOf(entity, params, filterDefs), [params, entity, filterDefs]);

  const setPage = useCallback((page: number) => update({ page: page > 1 ? String(page) : null }), [update]);
  const setSize = useCallback(
    (size: number) => update({ size: size === DEFAULT_PAGE_SIZE ? null : String(size), page: null }),
    [update],
  );
  const setSort = useCallback(
    (sort: readonly SortDef[]) =>
      update({ sort: sort.map((item) => `${item.field},${item.direction}`), page: null }),
    [update],
  );
  const setSearchTerm = useCallback(
    (term: string) => update({ searchTerm: term.trim() || null, page: null }),
    [update],
  );
  /** Replaces every filter at once (the filter panel's apply). */
  const setFilters = useCallback(
    (next: FilterValues) => {
      const changes: Record<string, string | readonly string[] | null> = { page: null };
      for (const filter of filterDefs) changes[filter.param] = next[filter.param] ?? null;
      update(changes);
    },
    [filterDefs, update],
  );
  const activeFilterCount = Object.keys(view.filters).length;
  return { ...view, filterDefs, activeFilterCount, setPage, setSize, setSort, setSearchTerm, setFilters };
}

export type ListView = ReturnType<typeof useListView>;
export type { FilterDef };
