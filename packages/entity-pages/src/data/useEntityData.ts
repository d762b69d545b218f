import {
  type EntityDef,
  type EntityRef,
  entityApi,
  LIST_AFTER,
  LIST_FIELDS,
  LIST_TOTAL,
  type ListPageAnswer,
  type CanResult,
  resolveEntity,
} from '@lms/domain';
import { useMemo, useRef } from 'react';
import useSWR from 'swr';
import type { ApiClient } from '../api/apiClient.ts';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/ApiError.ts';
import { call } from '../api/call.ts';
import type { Query } from '../api/query.ts';
import { storedColumnLayout } from '@lms/design-system';
import { columnStorageFor, entityColumns } from '../pages/entityColumns.tsx';
import { listViewOf } from '../pages/useListView.ts';
import { useSession } from '../session/SessionContext.tsx';
import {
  branchQuery,
  type EntityRecord,
  entityKey,
  type HistoryEntry,
  type ListQuery,
  listFilterParams,
  listQueryParams,
  type OptionItem,
  type Page,
} from './entityKeys.ts';
import { carriesFields, shownListFields } from './listFields.ts';
import { type CountedTotal, type FetchedPage, filterSetOf, mustCount, shownPage } from './listTotal.ts';
import { listShapeOf, PageCursors } from './pageCursors.ts';

/** Reads of any entity over the one API client: one implementation, fed by the declaration. */

function useEntityContext(entityRef: EntityRef) {
  const entity: EntityDef = resolveEntity(entityRef);
  const api = useApi();
  const { branchId } = useSession();
  return { entity, calls: entityApi(entity), api, branchId };
}

/**
 * A list page's request: the view's parameters, whether to count the total, where the page before
 * ended (keyset paging), and the acting branch. One builder for the page and its early request.
 */
function listPageQuery(
  entity: EntityDef,
  params: Query,
  branchId: string | null,
  { count, after }: { readonly count: boolean; readonly after?: string | undefined },
): Query {
  return {
    ...params,
    ...(count ? {} : { [LIST_TOTAL.param]: LIST_TOTAL.skip }),
    ...(after === undefined ? {} : { [LIST_AFTER]: after }),
    ...branchQuery(entity, branchId),
  };
}

/** A list request's parameters: the view's, and the fields its rows carry (all when undefined). */
const listParams = (query: ListQuery, fields: string | undefined): Query => ({
  ...listQueryParams(query),
  ...(fields === undefined ? {} : { [LIST_FIELDS]: fields }),
});

/**
 * The fields a list page asks for before any saved view is read: the columns this browser last
 * showed (EntityListPage starts from the same layout, useSavedViewControls).
 */
export const firstListFields = (entity: EntityDef) =>
  shownListFields(entity, entityColumns(entity), storedColumnLayout(columnStorageFor(entity)));

/**
 * The first page of a list whose URL is `search`, asked as the list page will ask it once drawn
 * (its filter set counted: nothing is known yet; the columns this browser shows). The host sends
 * it as soon as the list's chunk has loaded, before the session and the page are drawn (apps/web
 * `session/earlyRequests.ts`), and the page's own identical request takes that answer. Throws
 * where the page would not ask (a branch-owned list without a branch).
 */
export function requestFirstListPage(api: ApiClient, entityRef: EntityRef, search: string, branchId: string | null) {
  const entity = resolveEntity(entityRef);
  const params = listParams(listViewOf(entity, new URLSearchParams(search)).query, firstListFields(entity));
  return call(api, entityApi(entity).list, { query: listPageQuery(entity, params, branchId, { count: true }) });
}

/**
 * One page of the entity's list, its rows carrying `fields` (comma-separated, as `shownListFields`
 * makes them; undefined: every field); the previous page stays on screen while the next one loads
 * (`lacksFields`: it does not carry a column shown since, which the screen shows as loading). The
 * total is counted with the first page of a filter set and again whenever this page is fetched
 * anew (a write's revalidation, a retry, focus); paging, sorting and resizing ask `total=skip`
 * and show the total counted (listTotal.ts). The SWR key is the page's, whichever was asked: one
 * cache entry per page, each carrying the total it showed. A page whose page before was fetched
 * is asked `after` where that one ended (keyset paging, pageCursors.ts); the answer is the same.
 */
export function useEntityList<Row extends EntityRecord = EntityRecord>(
  entityRef: EntityRef,
  query: ListQuery,
  fields?: string,
) {
  const { entity, calls, api, branchId } = useEntityContext(entityRef);
  const params = listParams(query, fields);
  const key = entityKey(entity, 'list', branchId, params);
  const filterSet = filterSetOf(entity.name, key[3], listFilterParams(query));
  const counted = useRef<CountedTotal | undefined>(undefined);
  const lastFetched = useRef<string | undefined>(undefined);
  const cursors = useRef(new PageCursors());
  const list = useSWR<FetchedPage<Row>, ApiError>(
    key,
    async () => {
      const page = JSON.stringify(key);
      const again = lastFetched.current === page;
      lastFetched.current = page;
      // What was known when asked: another filter set's count may land while this page loads.
      const known = counted.current;
      const count = again || mustCount(known, filterSet, query);
      const shape = listShapeOf(key);
      const after = cursors.current.afterFor(shape, query.page);
      const answer = await call(api, calls.list, {
        query: listPageQuery(entity, params, branchId, { count, after }),
      });
      cursors.current.remember(shape, query.page, answer.next);
      if (answer.total !== null)
        counted.current = { filterSet, total: answer.total, totalIsLowerBound: answer.totalIsLowerBound };
      return { ...shownPage(answer as ListPageAnswer<Row>, known, filterSet), fields };
    },
    { keepPreviousData: true },
  );
  // A page cached before its filters were counted again shows the newer count.
  const fetched = list.data;
  const latest = counted.current;
  const data = useMemo<Page<Row> | undefined>(
    () =>
      fetched && latest?.filterSet === fetched.filterSet
        ? { ...fetched, total: latest.total, totalIsLowerBound: latest.totalIsLowerBound }
        : fetched,
    [fetched, latest],
  );
  return {
    data,
    error: list.error,
    isLoading: list.isLoading,
    isValidating: list.isValidating,
    mutate: list.mutate,
    lacksFields: !!fetched && !carriesFields(fetched.fields, fields),
  };
}

/** One record with its reference labels and child rows; `id` null fetches nothing (create mode). */
export function useEntityRecord<Row extends EntityRecord = EntityRecord>(
  entityRef: EntityRef,
  id: string | null | undefined,
) {
  const { entity, calls, api, branchId } = useEntityContext(entityRef);
  // The fetcher exists only with an id: nothing to guard at run time (a guard here was yup's
  // error class, which the list's first request then waited for).
  return useSWR<Row, ApiError>(
    id ? entityKey(entity, 'record', branchId, id) : null,
    id
      ? async () => (await call(api, calls.get, { params: { id }, query: branchQuery(entity, branchId) })) as Row
      : null,
  );
}

export interface OptionsQuery {
  readonly searchTerm?: string;
  readonly ids?: readonly string[];
  readonly size?: number;
}

/**
 * Whether the user may ask an entity's `/options`: the server answers them under the entity's read
 * right (`crudConfig(entity, 'read')`) and refuses the others, so the hooks below ask only when
 * the user holds it, and the screen shows `reason` (the rule that hides the records) instead.
 */
function useOptionsAccess(entity: EntityDef): CanResult {
  return useSession().can(entity.name, 'read');
}

/** What asking an unreadable entity's options answers, without a request: the rule that refuses it. */
const unreadable = (access: CanResult) => new ApiError(403, [access.reason ?? 'ไม่มีสิทธิ์ดูข้อมูลนี้']);

/**
 * `{ id, label }` options for reference pickers (`/options`), by search term or by ids; asked only
 * of a user who may read the entity (`readable`; no request otherwise).
 */
export function useEntityOptions(entityRef: EntityRef, query: OptionsQuery, enabled = true) {
  const { entity, calls, api, branchId } = useEntityContext(entityRef);
  const readable = useOptionsAccess(entity);
  const params = { searchTerm: query.searchTerm?.trim() || undefined, ids: query.ids, size: query.size ?? 20 };
  const options = useSWR<readonly OptionItem[], ApiError>(
    enabled && readable.can ? entityKey(entity, 'options', branchId, params) : null,
    () => call(api, calls.options, { query: { ...params, ...branchQuery(entity, branchId) } }),
    { keepPreviousData: true },
  );
  return Object.assign(options, { readable });
}

/**
 * A loader for pickers that search as the user types (outside React's render). For a user who may
 * not read the entity (`readable`) it refuses with the rule, as the server would, without asking.
 */
export function useOptionsLoader(entityRef: EntityRef) {
  const { entity, calls, api, branchId } = useEntityContext(entityRef);
  const readable = useOptionsAccess(entity);
  const refused = () => Promise.reject(unreadable(readable));
  return {
    readable,
    search: (searchTerm: string, size = 20): Promise<readonly OptionItem[]> =>
      readable.can
        ? call(api, calls.options, {
            query: { searchTerm: searchTerm.trim() || undefined, size, ...branchQuery(entity, branchId) },
          })
        : refused(),
    byIds: (ids: readonly string[]): Promise<readonly OptionItem[]> =>
      ids.length === 0
        ? Promise.resolve([] as readonly OptionItem[])
        : readable.can
          ? call(api, calls.options, {
              query: { ids, size: Math.max(ids.length, 1), ...branchQuery(entity, branchId) },
            })
          : refused(),
  };
}

/** Who changed the record, when and what: newest first. */
export function useEntityHistory(entityRef: EntityRef, id: string | null | undefined) {
  const { entity, calls, api, branchId } = useEntityContext(entityRef);
  return useSWR<readonly HistoryEntry[], ApiError>(
    id ? entityKey(entity, 'history', branchId, id) : null,
    id ? () => call(api, calls.history, { params: { id }, query: branchQuery(entity, branchId) }) : null,
  );
}
