import {
  Button,
  DataGrid,
  type DataGridColumn,
  Icon,
  type SortModel,
  useBuddhistEra,
  useShortcut,
  useSteady,
} from '@lms/design-system';
import { type EntityRef, isImportable, phrase, recordLabel, resolveEntity } from '@lms/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { useBulkActions } from '../bulk/useBulkActions.tsx';
import type { EntityRecord } from '../data/entityKeys.ts';
import { shownListFields } from '../data/listFields.ts';
import { useEntityList } from '../data/useEntityData.ts';
import type { FormMode } from '../form/formValidation.ts';
import { useSavedViewControls } from '../savedViews/useSavedViewControls.tsx';
import { useSession } from '../session/SessionContext.tsx';
import { useEntityParts } from '../slots/EntityPartsContext.tsx';
import { columnStorageFor, entityColumns, ROW_ACTIONS_WIDTH } from './entityColumns.tsx';
import { filterGroups, groupsInUse } from './filterGroups.ts';
import { NamedFilterToggle } from './NamedFilterToggle.tsx';
import { EntityFormDialog, FilterPanel, ImportDialog, usePreloadOnDemand } from './onDemand.tsx';
import { Page, PageHeader } from './PageHeader.tsx';
import { useExport } from './useExport.ts';
import { useListView } from './useListView.ts';

/** Which dialog is open over the list: the host may tie it to its routes (`/x/edit/:id`). */
export type EntityDialogState =
  | { readonly mode: 'create' }
  | { readonly mode: 'edit' | 'show'; readonly id: string };

export interface EntityListPageProps {
  readonly entity: EntityRef;
  /** Controlled dialog (from the route); without it the page keeps its own. */
  readonly dialog?: EntityDialogState | null;
  readonly onDialogChange?: (dialog: EntityDialogState | null) => void;
  /** Opens the detail page of a record (the host's route); without it "show" opens the dialog. */
  readonly onOpenDetail?: (id: string) => void;
}

const SEARCH_DELAY_MS = 300;

/** The list of any entity, derived from its declaration: paging, sort, filters and search on the server. */

const recordKey = (row: EntityRecord) => row.id;
export function EntityListPage({
  entity: entityRef,
  dialog: controlled,
  onDialogChange,
  onOpenDetail,
}: EntityListPageProps) {
  const entity = resolveEntity(entityRef);
  const parts = useEntityParts(entity);
  const session = useSession();
  const view = useListView(entity);
  const savedViews = useSavedViewControls(entity, view);
  const exporter = useExport(entity, view.query);
  const [ownDialog, setOwnDialog] = useState<EntityDialogState | null>(null);
  const requested = controlled !== undefined ? controlled : ownDialog;
  const openDialog = useCallback(
    (next: EntityDialogState | null) => (onDialogChange ?? setOwnDialog)(next),
    [onDialogChange],
  );
  const [importing, setImporting] = useState(false);
  // Opened with filters the panel holds, it is open on the groups in use only (FilterPanel
  // `showAll`). A named filter alone (a home count's "ส่งไม่สำเร็จ รอจองใหม่") is its chip in the
  // toolbar: the panel stays closed, or it would open on every group and push the rows off the screen.
  const panelFiltersInUse = groupsInUse(filterGroups(entity, view.filterDefs), view.filters).length > 0;
  const [filtersOpen, setFiltersOpen] = useState(panelFiltersInUse);
  const [allFilters, setAllFilters] = useState(!panelFiltersInUse);
  const [created, setCreated] = useState<EntityRecord | null>(null);
  const [search, setSearch] = useState(view.searchTerm);
  const hasSearch = view.filterDefs.length !== 0 && entity.fields.some((field) => field.searchable);
  const access = useMemo(
    () => ({
      create: session.can(entity, 'create'),
      update: session.can(entity, 'update'),
      export: session.can(entity, 'export'),
    }),
    [session, entity],
  );

  // A user who may not write gets no form, whatever the URL asked for: an edit opens as show,
  // a create opens nothing.
  const dialog: EntityDialogState | null =
    requested?.mode === 'edit' && !access.update.can
      ? { mode: 'show', id: requested.id }
      : requested?.mode === 'create' && !access.create.can
        ? null
        : requested;

  // A saved view picked from the menu changes the search from outside: the box follows it.
  useEffect(
    () => setSearch((typed) => (typed.trim() === view.searchTerm ? typed : view.searchTerm)),
    [view.searchTerm],
  );
  // The search box writes to the URL once typing pauses: one request per search, not per key.
  useEffect(() => {
    if (search.trim() === view.searchTerm) return;
    const timer = setTimeout(() => view.setSearchTerm(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, view.searchTerm, view.setSearchTerm]);

  const buddhistEra = useBuddhistEra(undefined);
  const columns = useMemo<DataGridColumn<EntityRecord>[]>(
    () => [
      ...entityColumns(entity, parts.cells, { buddhistEra }),
      {
        key: '_actions',
        header: 'จัดการ',
        alwaysVisible: true,
        pin: 'end',
        width: `${ROW_ACTIONS_WIDTH}px`,
        render: (row) => {
          const label = recordLabel(entity, row);
          return (
            <RowActions>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`ดู ${label}`}
                onPress={() =>
                  onOpenDetail ? onOpenDetail(row.id) : openDialog({ mode: 'show', id: row.id })
                }
              >
                <Icon name="eye" size={18} />
              </Button>
              {access.update.can && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`แก้ไข ${label}`}
                  onPress={() => openDialog({ mode: 'edit', id: row.id })}
                >
                  <Icon name="edit" size={18} />
                </Button>
              )}
            </RowActions>
          );
        },
      },
    ],
    [entity, parts.cells, buddhistEra, access.update.can, onOpenDetail, openDialog],
  );
  // The rows carry the columns shown (issue 41: a page of every field was most of its cost); a
  // column shown later asks again. Export and print ask their own.
  const shownFields = useMemo(
    () => shownListFields(entity, columns, savedViews.columnLayout),
    [entity, columns, savedViews.columnLayout],
  );
  const list = useEntityList(entity, view.query, shownFields);
  usePreloadOnDemand(!!list.data, { recordPage: Boolean(onOpenDetail), parts });
  const bulk = useBulkActions(entity, view.query, list.data);
  const columnStorage = useMemo(() => columnStorageFor(entity), [entity]);
  // Kept while the entity stands: the grid's memoized rows compare it by identity.
  const selectionLabel = useCallback((row: EntityRecord) => `เลือก ${recordLabel(entity, row)}`, [entity]);

  // Keyboard (docs/entity-pages.md "Shortcuts"): the same actions as the buttons, offered when they are.
  const pageRef = useRef<HTMLDivElement>(null);
  // `view.page` is 1-based, as in the URL.
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / view.size));
  useShortcut('new', () => openDialog({ mode: 'create' }), { enabled: access.create.can && !dialog });
  useShortcut('search', () => pageRef.current?.querySelector<HTMLElement>('input[type="search"]')?.focus(), {
    enabled: hasSearch,
  });
  useShortcut('nextPage', () => view.setPage(view.page + 1), { enabled: view.page < pageCount });
  useShortcut('previousPage', () => view.setPage(view.page - 1), { enabled: view.page > 1 });

  // The page's title and actions draw again only when what they show changes: picking a row or
  // typing a search leaves them (issue 41: their Buttons were a third of a pick's work).
  const exportList = useSteady(exporter.run);
  const listItems = list.data?.items;
  const header = useMemo(
    () => (
      <PageHeader title={entity.title}>
        {parts.ListActions && <parts.ListActions entity={entity} rows={listItems ?? []} />}
        {access.export.can && (
          <Button
            variant="secondary"
            icon={<Icon name="download" size={18} />}
            isLoading={exporter.isExporting}
            onPress={exportList}
          >
            ส่งออก Excel
          </Button>
        )}
        {access.create.can && access.update.can && isImportable(entity) && (
          <Button
            variant="secondary"
            icon={<Icon name="upload" size={18} />}
            onPress={() => setImporting(true)}
          >
            นำเข้า Excel
          </Button>
        )}
        {access.create.can && (
          <Button icon={<Icon name="plus" size={18} />} onPress={() => openDialog({ mode: 'create' })}>
            {phrase('เพิ่ม', entity.title)}
          </Button>
        )}
      </PageHeader>
    ),
    [entity, parts, listItems, access, exporter.isExporting, exportList, openDialog],
  );
  const sort = useMemo<SortModel>(
    () => view.sort.map((item) => ({ key: item.field, direction: item.direction })),
    [view.sort],
  );
  const { setSort, setPage, setSize } = view;
  const onSortChange = useCallback(
    (next: SortModel) => setSort(next.map((item) => ({ field: item.key, direction: item.direction }))),
    [setSort],
  );
  const onRowAction = useCallback(
    (row: EntityRecord) => (onOpenDetail ? onOpenDetail(row.id) : openDialog({ mode: 'show', id: row.id })),
    [onOpenDetail, openDialog],
  );

  const { activeFilterCount, filters, setFilters } = view;
  const namedFilters = entity.namedFilters;
  const toolbar = useMemo(
    () => (
      <>
        {savedViews.menu}
        <Button
          variant={filtersOpen ? 'primary' : 'secondary'}
          icon={<Icon name="filter" size={18} />}
          aria-expanded={filtersOpen}
          onPress={() => setFiltersOpen((open) => !open)}
        >
          {activeFilterCount > 0 ? `ตัวกรอง (${activeFilterCount})` : 'ตัวกรอง'}
        </Button>
        {namedFilters?.map((named) => (
          <NamedFilterToggle
            key={named.param}
            named={named}
            isOn={filters[named.param] === 'true'}
            onChange={(on) => {
              const { [named.param]: _, ...rest } = filters;
              setFilters(on ? { ...rest, [named.param]: 'true' } : rest);
            }}
          />
        ))}
      </>
    ),
    [savedViews.menu, filtersOpen, activeFilterCount, namedFilters, filters, setFilters],
  );

  return (
    <Page ref={pageRef}>
      {header}
      {filtersOpen && (
        <FilterPanel
          key={JSON.stringify(view.filters)}
          entity={entity}
          filterDefs={view.filterDefs}
          values={view.filters}
          onApply={view.setFilters}
          showAll={allFilters}
          onShowAllChange={setAllFilters}
        />
      )}
      <DataGrid<EntityRecord>
        label={entity.title}
        columns={columns}
        rows={list.data?.items ?? []}
        getRowKey={recordKey}
        sort={sort}
        onSortChange={onSortChange}
        paging={{
          page: view.page,
          pageSize: view.size,
          total: list.data?.total ?? 0,
          totalIsLowerBound: list.data?.totalIsLowerBound ?? false,
          onPageChange: setPage,
          onPageSizeChange: setSize,
        }}
        search={
          hasSearch
            ? { value: search, onChange: setSearch, placeholder: phrase('ค้นหา', entity.title) }
            : undefined
        }
        toolbar={toolbar}
        columnStorage={columnStorage}
        columnLayout={savedViews.columnLayout}
        onColumnLayoutChange={savedViews.onColumnLayoutChange}
        {...bulk.gridProps}
        selectionLabel={selectionLabel}
        onRowAction={onRowAction}
        // Nothing shown yet (or the columns asked for fields the page lacks): the skeleton. A sort,
        // a page or a filter asked while a page is shown (SWR keeps it): that page, dimmed.
        isLoading={(!list.data && (list.isLoading || list.isValidating)) || list.lacksFields}
        isUpdating={!!list.data && list.isLoading}
        error={list.error ? list.error.messages.join('\n') : null}
        onRetry={() => list.mutate()}
        emptyMessage={
          view.activeFilterCount > 0 || view.searchTerm
            ? phrase('ไม่พบ', entity.title, 'ที่ตรงกับเงื่อนไข')
            : phrase('ยังไม่มีข้อมูล', entity.title)
        }
      />
      {/* Each dialog draws its own frame while its chunk loads (pages/onDemand.tsx). */}
      {importing && (
        <ImportDialog
          entity={entity}
          isOpen
          onClose={() => setImporting(false)}
          onImported={() => list.mutate()}
        />
      )}
      {dialog && (
        <EntityFormDialog
          key={`${dialog.mode}-${'id' in dialog ? dialog.id : ''}`}
          entity={entity}
          mode={dialog.mode as FormMode}
          id={'id' in dialog ? dialog.id : null}
          onClose={() => openDialog(null)}
          onSaved={(record, mode) => mode === 'create' && parts.CreatedNotice && setCreated(record)}
        />
      )}
      {bulk.overlay}
      {created && parts.CreatedNotice && (
        <parts.CreatedNotice record={created} onClose={() => setCreated(null)} />
      )}
    </Page>
  );
}

const RowActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
`;
