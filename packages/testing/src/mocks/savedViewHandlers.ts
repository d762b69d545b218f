import {
  type SavedView,
  type SavedViewList,
  savedViewMessages,
  savedViewsApi,
  viewNameProblem,
} from '@lms/domain';
import type { HttpHandler } from 'msw';
import { fieldRefusal, mock, refusal } from './mock.ts';

export interface SavedViewMockOptions {
  /** The views the user sees at first (their own: `mine: true`). */
  readonly views?: readonly SavedView[];
  readonly defaultViewId?: string | null;
  readonly canShare?: boolean;
}

/**
 * The saved views (`savedViewsApi`) in memory for stories: the server's name checks (422), duplicates (409) and
 * another's view (403); who sees a shared view is the server's test, not this one's.
 */
export function savedViewHandlers(options: SavedViewMockOptions = {}): HttpHandler[] {
  let views: SavedView[] = [...(options.views ?? [])];
  let defaultViewId = options.defaultViewId ?? null;
  const nameRefused = (name: string, id?: string) => {
    const problem = viewNameProblem(name);
    if (problem) return fieldRefusal({ name: problem }, 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ', problem);
    const taken = views.some(
      (v) => v.mine && v.id !== id && v.name.toLowerCase() === name.trim().toLowerCase(),
    );
    return taken ? refusal(409, savedViewMessages.duplicate(name.trim())) : null;
  };
  return [
    mock(
      savedViewsApi.list,
      ({ query }): SavedViewList => ({
        views: views.filter((v) => v.entity === query.entity),
        defaultViewId,
        canShare: options.canShare ?? true,
      }),
    ),
    mock(savedViewsApi.create, ({ body }) => {
      const refused = nameRefused(body.name);
      if (refused) return refused;
      const view: SavedView = {
        ...body,
        name: body.name.trim(),
        id: crypto.randomUUID(),
        ownerLabel: 'สมชาย ใจดี',
        mine: true,
        branchLabel: null,
        updatedAt: new Date().toISOString(),
      };
      views = [...views, view];
      return view;
    }),
    mock(savedViewsApi.setDefault, ({ body }) => {
      defaultViewId = body.viewId;
      return { entity: body.entity, defaultViewId };
    }),
    mock(savedViewsApi.update, ({ params, body }) => {
      const view = views.find((v) => v.id === params.id);
      if (!view) return refusal(404, savedViewMessages.notFound);
      if (!view.mine) return refusal(403, savedViewMessages.notOwner);
      if (body.name !== undefined) {
        const refused = nameRefused(body.name, view.id);
        if (refused) return refused;
      }
      const next: SavedView = { ...view, ...body, name: (body.name ?? view.name).trim() };
      views = views.map((v) => (v.id === view.id ? next : v));
      return next;
    }),
    mock(savedViewsApi.remove, ({ params }) => {
      views = views.filter((v) => v.id !== params.id);
      if (defaultViewId === params.id) defaultViewId = null;
      return null;
    }),
  ];
}
