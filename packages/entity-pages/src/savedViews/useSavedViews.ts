import {
  type Answer,
  type Body,
  type EntityDef,
  savedViewsApi,
  type ViewSharing,
  type ViewState,
} from '@lms/domain';
import { useCallback } from 'react';
import useSWR from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import type { ApiError } from '../api/ApiError.ts';
import { call } from '../api/call.ts';

export type SavedViewList = Answer<typeof savedViewsApi.list>;

/**
 * The user's saved views of one list and those shared with them (`GET /savedViews`), with the
 * writes that change them; every write re-reads the list (the server decides who sees what).
 */
export function useSavedViews(entity: EntityDef) {
  const api = useApi();
  const key = ['savedViews', entity.name] as const;
  const swr = useSWR<SavedViewList, ApiError>(
    key,
    () => call(api, savedViewsApi.list, { query: { entity: entity.name } }),
    // The menu shows its own failure (with retry): the list itself still works without views.
    { onError: () => {}, revalidateOnFocus: false },
  );
  const { mutate } = swr;

  const create = useCallback(
    async (name: string, state: ViewState, sharing: ViewSharing | null = null) => {
      const created = await call(api, savedViewsApi.create, {
        body: { entity: entity.name, name, state, sharing },
      });
      await mutate();
      return created;
    },
    [api, entity.name, mutate],
  );
  const update = useCallback(
    async (id: string, change: Body<typeof savedViewsApi.update>) => {
      const updated = await call(api, savedViewsApi.update, { params: { id }, body: change });
      await mutate();
      return updated;
    },
    [api, mutate],
  );
  const remove = useCallback(
    async (id: string) => {
      await call(api, savedViewsApi.remove, { params: { id } });
      await mutate();
    },
    [api, mutate],
  );
  const setDefault = useCallback(
    async (viewId: string | null) => {
      await call(api, savedViewsApi.setDefault, { body: { entity: entity.name, viewId } });
      await mutate();
    },
    [api, entity.name, mutate],
  );
  return { ...swr, create, update, remove, setDefault };
}
