import { type EntityRef, entityApi, resolveEntity } from '@lms/domain';
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { useApi } from '../api/ApiContext.tsx';
import { call } from '../api/call.ts';
import { useSession } from '../session/SessionContext.tsx';
import {
  branchQuery,
  type EntityRecord,
  entityKey,
  isKeyOf,
  isRecordKeyOf,
} from './entityKeys.ts';

/**
 * Writes of any entity. Pessimistic: nothing on screen changes until the server has accepted the
 * write; then every cached list, option list, record and history of the entity is revalidated.
 */
export function useEntityMutations<Row extends EntityRecord = EntityRecord>(entityRef: EntityRef) {
  const entity = resolveEntity(entityRef);
  const api = useApi();
  const { branchId } = useSession();
  const { mutate } = useSWRConfig();

  return useMemo(() => {
    const revalidate = async (saved?: Row) => {
      if (saved?.id) await mutate(entityKey(entity, 'record', branchId, saved.id), saved, { revalidate: false });
      await mutate(isKeyOf(entity.name));
    };
    const calls = entityApi(entity);
    return {
      /** POST; the answer may carry one-time extras (appUser's `temporaryPassword`). */
      async create(values: Readonly<Record<string, unknown>>): Promise<Row> {
        const saved = (await call(api, calls.create, {
          body: values,
          query: branchQuery(entity, branchId),
        })) as Row;
        await revalidate(saved);
        return saved;
      },
      /** PUT with the record's `version` in the body: a stale version answers 409. */
      async update(id: string, values: Readonly<Record<string, unknown>>): Promise<Row> {
        const saved = (await call(api, calls.update, {
          params: { id },
          body: values,
          query: branchQuery(entity, branchId),
        })) as Row;
        await revalidate(saved);
        return saved;
      },
      async remove(id: string): Promise<void> {
        await call(api, calls.remove, { params: { id }, query: branchQuery(entity, branchId) });
        const ofDeleted = isRecordKeyOf(entity.name, id);
        await mutate(ofDeleted, undefined, { revalidate: false });
        await mutate((key) => isKeyOf(entity.name)(key) && !ofDeleted(key));
      },
      /** Revalidates the entity's cache after a write made elsewhere (bulk generation, reset password). */
      revalidate: () => mutate(isKeyOf(entity.name)),
    };
  }, [api, branchId, entity, mutate]);
}
