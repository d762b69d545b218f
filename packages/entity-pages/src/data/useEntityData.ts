import { type EntityDef, type EntityRef, nullGuard, resolveEntity } from '@lms/domain';
import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiError } from '../api/ApiError.ts';
import { useSession } from '../session/SessionContext.tsx';
import {
  branchQuery,
  type EntityRecord,
  entityKey,
  entityPath,
  type HistoryEntry,
  type ListQuery,
  listQueryParams,
  type OptionItem,
  type Page,
} from './entityKeys.ts';

/** Reads of any entity over the one API client: one implementation, fed by the declaration. */

function useEntityContext(entityRef: EntityRef) {
  const entity: EntityDef = resolveEntity(entityRef);
  const api = useApi();
  const { branchId } = useSession();
  return { entity, api, branchId };
}

/** One page of the entity's list; the previous page stays on screen while the next one loads. */
export function useEntityList<Row extends EntityRecord = EntityRecord>(entityRef: EntityRef, query: ListQuery) {
  const { entity, api, branchId } = useEntityContext(entityRef);
  const params = listQueryParams(query);
  return useSWR<Page<Row>, ApiError>(
    entityKey(entity, 'list', branchId, params),
    () => api.get<Page<Row>>(entityPath(entity), { ...params, ...branchQuery(entity, branchId) }),
    { keepPreviousData: true },
  );
}

/** One record with its reference labels and child rows; `id` null fetches nothing (create mode). */
export function useEntityRecord<Row extends EntityRecord = EntityRecord>(
  entityRef: EntityRef,
  id: string | null | undefined,
) {
  const { entity, api, branchId } = useEntityContext(entityRef);
  return useSWR<Row, ApiError>(id ? entityKey(entity, 'record', branchId, id) : null, () =>
    api.get<Row>(entityPath(entity, `/${encodeURIComponent(nullGuard(id))}`), branchQuery(entity, branchId)),
  );
}

export interface OptionsQuery {
  readonly searchTerm?: string;
  readonly ids?: readonly string[];
  readonly size?: number;
}

/** `{ id, label }` options for reference pickers (`/options`), by search term or by ids. */
export function useEntityOptions(entityRef: EntityRef, query: OptionsQuery, enabled = true) {
  const { entity, api, branchId } = useEntityContext(entityRef);
  const params = { searchTerm: query.searchTerm?.trim() || undefined, ids: query.ids, size: query.size ?? 20 };
  return useSWR<readonly OptionItem[], ApiError>(
    enabled ? entityKey(entity, 'options', branchId, params) : null,
    () => api.get<readonly OptionItem[]>(entityPath(entity, '/options'), { ...params, ...branchQuery(entity, branchId) }),
    { keepPreviousData: true },
  );
}

/** A loader for pickers that search as the user types (outside React's render). */
export function useOptionsLoader(entityRef: EntityRef) {
  const { entity, api, branchId } = useEntityContext(entityRef);
  return {
    search: (searchTerm: string, size = 20) =>
      api.get<readonly OptionItem[]>(entityPath(entity, '/options'), {
        searchTerm: searchTerm.trim() || undefined,
        size,
        ...branchQuery(entity, branchId),
      }),
    byIds: (ids: readonly string[]) =>
      ids.length === 0
        ? Promise.resolve([] as readonly OptionItem[])
        : api.get<readonly OptionItem[]>(entityPath(entity, '/options'), {
            ids,
            size: Math.max(ids.length, 1),
            ...branchQuery(entity, branchId),
          }),
  };
}

/** Who changed the record, when and what: newest first. */
export function useEntityHistory(entityRef: EntityRef, id: string | null | undefined) {
  const { entity, api, branchId } = useEntityContext(entityRef);
  return useSWR<readonly HistoryEntry[], ApiError>(id ? entityKey(entity, 'history', branchId, id) : null, () =>
    api.get<readonly HistoryEntry[]>(
      entityPath(entity, `/${encodeURIComponent(nullGuard(id))}/history`),
      branchQuery(entity, branchId),
    ),
  );
}
