import { cleanSearchFilter, type EntityDef, MESSAGES, type SortDef } from '@lms/domain';
import type { Query } from '../api/query.ts';
import { ApiError } from '../api/ApiError.ts';

/**
 * SWR keys of entity data: `['entity', name, kind, branchId, …]`. The branch is part of every
 * key of a branch-owned entity, so switching branch never shows another branch's rows.
 */
export type EntityKind = 'list' | 'record' | 'options' | 'history';
export type EntityKey = readonly ['entity', string, EntityKind, string | null, ...unknown[]];

/**
 * One page of a list as a screen shows it: `total` is its filter set's, counted with this page or
 * with an earlier page of the same filters (useEntityList; the server's answer is `ListPageAnswer`).
 */
export interface Page<Row> {
  readonly items: readonly Row[];
  readonly total: number;
  /** The server stopped counting at `total`: there are more (`LIMITS.listExactCountLimit`). */
  readonly totalIsLowerBound?: boolean;
  /** A row follows this page. */
  readonly hasMore?: boolean;
  readonly page: number;
  readonly size: number;
}

export type EntityRecord = Readonly<Record<string, unknown>> & { readonly id: string; readonly version?: number };

export type { HistoryEntry, OptionItem } from '@lms/domain';

/** What a list page asks for: `page` counts from 0 as on the server. */
export interface ListQuery {
  readonly page: number;
  readonly size: number;
  readonly sort?: readonly SortDef[];
  /** Filter parameters by their query name (`regionIds`, `codeEq` …); empty values are dropped. */
  readonly filters?: Readonly<Record<string, unknown>>;
  readonly searchTerm?: string;
}

export function entityKey(entity: EntityDef, kind: EntityKind, branchId: string | null, ...rest: unknown[]): EntityKey {
  return ['entity', entity.name, kind, entity.branchOwned ? branchId : null, ...rest];
}

/** Matches every cached key of the entity (all kinds, all queries): what a write revalidates. */
export function isKeyOf(entityName: string) {
  return (key: unknown): boolean => Array.isArray(key) && key[0] === 'entity' && key[1] === entityName;
}

/** Keys of one record (its record, history, …: the id follows the branch): after a delete they are dropped, never re-asked (a 404 each). */
export function isRecordKeyOf(entityName: string, id: string) {
  return (key: unknown): boolean => isKeyOf(entityName)(key) && (key as unknown[])[4] === id;
}

/** The acting branch as a query parameter of a branch-owned entity; spec §8's message when none is chosen. */
export function branchQuery(entity: EntityDef, branchId: string | null): { readonly branchId?: string } {
  if (!entity.branchOwned) return {};
  if (!branchId) throw new ApiError(400, [MESSAGES.selectCompany.text]);
  return { branchId };
}

/** The list request's query parameters (api.md): filters cleaned as spec §5 says. */
export function listQueryParams(query: ListQuery): Query {
  const cleaned = cleanSearchFilter({ ...query.filters, searchTerm: query.searchTerm });
  return {
    ...(cleaned as Query),
    page: query.page,
    size: query.size,
    sort: (query.sort ?? []).map((item) => `${item.field},${item.direction}`),
  };
}

/** The list request's filters and search alone (no paging, no sort): what a total is the total of. */
export function listFilterParams(query: ListQuery): Query {
  const { page: _page, size: _size, sort: _sort, ...filters } = listQueryParams(query);
  return filters;
}
