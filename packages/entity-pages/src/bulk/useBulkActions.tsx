import type { DataGridProps, RowKey } from '@lms/design-system';
import { lazyComponent } from '@lms/design-system/lazyComponent';
import { bulkEditableFields, bulkText, type EntityDef, LIMITS } from '@lms/domain';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EntityRecord, ListQuery, Page } from '../data/entityKeys.ts';
import { listFilterParams } from '../data/entityKeys.ts';
import { LoadingDialog } from '../pages/LoadingDialog.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { useEntityParts } from '../slots/EntityPartsContext.tsx';
import type { BulkRequest } from './BulkDialogs.tsx';
import { BulkToolbar } from './BulkToolbar.tsx';
import type { BulkTarget } from './bulkTarget.ts';

/** The list's parameters as the bulk route takes them (the list's URL without paging and sort). */
function filterOf(query: ListQuery): Record<string, string | string[]> {
  const params = listFilterParams(query);
  const filter: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    filter[key] = Array.isArray(value) ? value.map(String) : String(value);
  }
  return filter;
}

/**
 * The dialogs (the bulk edit's field controls among them) in a chunk of their own, fetched as the
 * first rows are picked: the list's first screen does not wait for them.
 */
const BulkDialogs = lazyComponent(() => import('./BulkDialogs.tsx').then((m) => m.BulkDialogs));

/**
 * Bulk actions of a list (issue 22, docs/entity-pages.md "Bulk actions"): the grid's selection,
 * "all matching the filter", the toolbar over the grid and the dialogs of an action. The list page
 * mounts it twice and only there: `gridProps` on its grid, `overlay` once on the page.
 */
export function useBulkActions(
  entity: EntityDef,
  query: ListQuery,
  page: Page<EntityRecord> | undefined,
): { gridProps: Partial<DataGridProps<EntityRecord>>; overlay: ReactNode } {
  const session = useSession();
  const parts = useEntityParts(entity);
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [request, setRequest] = useState<BulkRequest | null>(null);
  // The dialogs are mounted from the first action on, and kept: their report outlives the selection.
  const [used, setUsed] = useState(false);
  const ask = (next: BulkRequest) => {
    setUsed(true);
    setRequest(next);
  };
  // The version each picked row had when it was picked: a row changed since is refused as stale.
  const versions = useRef(new Map<string, number>());
  const rows = page?.items ?? [];
  const total = page?.total ?? 0;
  const filter = useMemo(() => filterOf(query), [query]);
  const filterKey = JSON.stringify(filter);

  // Another filter or search names other rows: "all matching" no longer means what was confirmed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filter's value.
  useEffect(() => setAllMatching(false), [filterKey]);

  const canDelete = session.can(entity, 'delete').can && !entity.readOnlyEntity;
  const fields = session.can(entity, 'update').can ? bulkEditableFields(entity) : [];
  const canExport = session.can(entity, 'export').can;
  const offered = canDelete || fields.length > 0 || canExport || Boolean(parts.SelectionActions);

  const onSelectionChange = useCallback(
    (keys: ReadonlySet<RowKey>) => {
      for (const row of rows)
        if (keys.has(row.id) && typeof row.version === 'number') versions.current.set(row.id, row.version);
      if (keys.size > 0) BulkDialogs.preload().catch(() => undefined);
      setSelected(keys);
      setAllMatching(false);
    },
    [rows],
  );
  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(false);
    versions.current.clear();
  }, []);

  const ids = [...selected].map(String);
  const target: BulkTarget = allMatching
    ? { selection: { filter }, count: total, ids: [] }
    : {
        selection: { rows: ids.map((id) => ({ id, version: versions.current.get(id) })) },
        count: ids.length,
        ids,
      };
  const pageAllSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const matching = {
    total,
    // Beyond the exact count, or past one action's limit: offered, but refused with the reason.
    tooMany: Boolean(page?.totalIsLowerBound) || total > LIMITS.bulkActionMaxRows,
  };

  const gridProps: Partial<DataGridProps<EntityRecord>> = offered
    ? {
        selectedKeys: selected,
        onSelectionChange,
        bulkActions: () => (
          <BulkToolbar
            entity={entity}
            target={target}
            allMatching={allMatching}
            offerAllMatching={pageAllSelected && total > selected.size ? matching : null}
            onSelectAllMatching={() => setAllMatching(true)}
            onClear={clear}
            onDelete={canDelete ? () => ask({ action: 'delete', target }) : undefined}
            fields={fields}
            onSet={(field) => ask({ action: 'set', field, target })}
            exportQuery={
              canExport
                ? allMatching
                  ? query
                  : { page: 0, size: query.size, sort: query.sort, filters: { ids } }
                : undefined
            }
            SelectionActions={allMatching ? undefined : parts.SelectionActions}
          />
        ),
      }
    : {};

  // Mounted on the page (not in the toolbar), so that the report outlives the selection.
  // While the dialogs' chunk loads (an action asked on a slow link), the asked dialog's frame.
  const overlay = used && (
    <Suspense
      fallback={
        request && (
          <LoadingDialog
            mode="show"
            title={
              request.action === 'delete'
                ? bulkText.confirmDelete(request.target.count, entity.title)
                : bulkText.confirmSet(request.target.count, request.field.label)
            }
            onClose={() => setRequest(null)}
            maxWidth="sm"
          />
        )
      }
    >
      <BulkDialogs
        entity={entity}
        request={request}
        onCancel={() => setRequest(null)}
        onDone={() => {
          setRequest(null);
          clear();
        }}
      />
    </Suspense>
  );
  return { gridProps, overlay };
}
