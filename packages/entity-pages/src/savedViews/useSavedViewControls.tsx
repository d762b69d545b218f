import { type ColumnLayout, storedColumnLayout, useSnackbar, useSteady } from '@lms/design-system';
import {
  type EntityDef,
  readRoles,
  roleLabel,
  type SavedView,
  type ViewSharing,
  type ViewState,
} from '@lms/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/ApiError.ts';
import { columnStorageFor } from '../pages/entityColumns.tsx';
import { useUrlState } from '../pages/searchParams.tsx';
import { DEFAULT_PAGE_SIZE, type ListView } from '../pages/useListView.ts';
import { useSession } from '../session/SessionContext.tsx';
import { SavedViewMenu } from './SavedViewMenu.tsx';
import { useSavedViews } from './useSavedViews.ts';
import { isBlankList, sameViewState, urlOfView, VIEW_PARAM, viewStateOf } from './viewUrl.ts';

export interface SavedViewControls {
  /** The saved-view menu, for the list's toolbar. */
  readonly menu: ReactNode;
  /** The grid's column layout and its setter (DataGrid `columnLayout` / `onColumnLayoutChange`). */
  readonly columnLayout: ColumnLayout;
  readonly onColumnLayoutChange: (layout: ColumnLayout) => void;
}

const noViews: readonly SavedView[] = [];

const messagesOf = (error: unknown) =>
  error instanceof ApiError ? error.messages : ['บันทึกไม่สำเร็จ กรุณาลองใหม่อีกครั้ง'];

/**
 * Saved views on a list page (docs/entity-pages.md "Saved views"): the menu, the column layout
 * the grid shows, and the default view applied when the list opens with nothing in its URL.
 * Filters, search, sort and size stay in the URL as before; `view=<id>` names the view shown.
 */
export function useSavedViewControls(entity: EntityDef, list: ListView): SavedViewControls {
  const session = useSession();
  const snackbar = useSnackbar();
  const [params, update] = useUrlState();
  const saved = useSavedViews(entity);
  const storage = useMemo(() => columnStorageFor(entity), [entity]);
  // Without a view: the declaration's columns with the hidden ones this browser last chose.
  const declared = useCallback((): ColumnLayout => storedColumnLayout(storage), [storage]);
  const [layout, setLayout] = useState<ColumnLayout>(declared);
  const views = saved.data?.views ?? noViews;
  const activeId = params.get(VIEW_PARAM);
  const active = views.find((view) => view.id === activeId) ?? null;

  const show = useCallback(
    (view: SavedView | null) => {
      const state: ViewState = view?.state ?? {
        filters: {},
        searchTerm: '',
        sort: entity.defaultSort,
        columns: [],
        pageSize: DEFAULT_PAGE_SIZE,
      };
      update(urlOfView(entity, list.filterDefs, state, view?.id ?? null));
      setLayout(view ? view.state.columns : declared());
    },
    [entity, list.filterDefs, update, declared],
  );

  // Once the views are known: a list opened on a view takes its columns; one opened blank shows the default view.
  const settled = useRef(false);
  useEffect(() => {
    const data = saved.data;
    if (settled.current || !data) return;
    settled.current = true;
    const opened = data.views.find((view) => view.id === params.get(VIEW_PARAM));
    if (opened) setLayout(opened.state.columns);
    else if (isBlankList(params, list.filterDefs) && data.defaultViewId) {
      const view = data.views.find((item) => item.id === data.defaultViewId);
      if (view) show(view);
    }
  }, [saved.data, params, list.filterDefs, show]);

  const current = viewStateOf(list, layout);
  const modified = active ? !sameViewState(current, active.state) : false;
  const guarded = (run: () => Promise<unknown>, done?: string) => async () => {
    try {
      await run();
      if (done) snackbar.success(done);
    } catch (error) {
      console.error(error);
      snackbar.error(messagesOf(error));
    }
  };

  // The menu is memoized (issue 41): its handlers keep one identity and its lists are kept, so
  // picking a row or typing a search in the list does not draw it again.
  const branchInfos = session.user?.branchInfos;
  const branches = useMemo(
    () => (branchInfos ?? []).map((b) => ({ id: b.id, label: `${b.code}: ${b.name}` })),
    [branchInfos],
  );
  const roles = useMemo(
    () => readRoles(entity).map((role) => ({ id: role, label: roleLabel(role) })),
    [entity],
  );
  const onRetry = useSteady(() => void saved.mutate());
  const onSave = useSteady((view: SavedView) =>
    guarded(() => saved.update(view.id, { state: current }), `บันทึกมุมมอง "${view.name}" แล้ว`)(),
  );
  const onSaveAs = useSteady(async (name: string) => {
    const created = await saved.create(name, current);
    update({ [VIEW_PARAM]: created.id });
    snackbar.success(`บันทึกมุมมอง "${created.name}" แล้ว`);
  });
  const onRename = useSteady((view: SavedView, name: string) => saved.update(view.id, { name }));
  const onShare = useSteady((view: SavedView, sharing: ViewSharing | null) =>
    saved.update(view.id, { sharing }),
  );
  const onSetDefault = useSteady((viewId: string | null) =>
    guarded(() => saved.setDefault(viewId), viewId ? 'ตั้งเป็นมุมมองเริ่มต้นแล้ว' : 'เลิกใช้มุมมองเริ่มต้นแล้ว')(),
  );
  const onDelete = useSteady(async (view: SavedView) => {
    await saved.remove(view.id);
    // The list keeps what it shows; it is just no longer a saved view.
    if (view.id === activeId) update({ [VIEW_PARAM]: null });
  });
  const status = saved.error && !saved.data ? 'error' : saved.data ? 'ready' : 'loading';
  const activeViewId = active?.id ?? null;
  const defaultId = saved.data?.defaultViewId ?? null;
  const canShare = saved.data?.canShare ?? false;
  const menu = useMemo(
    () => (
      <SavedViewMenu
        status={status}
        views={views}
        activeId={activeViewId}
        defaultId={defaultId}
        modified={modified}
        canShare={canShare}
        branches={branches}
        roles={roles}
        onRetry={onRetry}
        onPick={show}
        onSave={onSave}
        onSaveAs={onSaveAs}
        onRename={onRename}
        onShare={onShare}
        onSetDefault={onSetDefault}
        onDelete={onDelete}
      />
    ),
    [
      status,
      views,
      activeViewId,
      defaultId,
      modified,
      canShare,
      branches,
      roles,
      onRetry,
      show,
      onSave,
      onSaveAs,
      onRename,
      onShare,
      onSetDefault,
      onDelete,
    ],
  );
  return { menu, columnLayout: layout, onColumnLayoutChange: setLayout };
}
