import { type SavedView, type SavedViewList, savedViewMessages, viewNameProblem } from '@lms/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';

export interface SavedViewMockOptions {
  /** The views the user sees at first (their own: `mine: true`). */
  readonly views?: readonly SavedView[];
  readonly defaultViewId?: string | null;
  readonly canShare?: boolean;
}

const refuse = (status: number, messages: string[], errors?: Record<string, string>) =>
  HttpResponse.json({ messages, ...(errors ? { errors } : {}) }, { status });

/**
 * `/api/savedViews` in memory for stories: the server's name checks (422), duplicates (409) and
 * another's view (403); who sees a shared view is the server's test, not this one's.
 */
export function savedViewHandlers(options: SavedViewMockOptions = {}): HttpHandler[] {
  let views: SavedView[] = [...(options.views ?? [])];
  let defaultViewId = options.defaultViewId ?? null;
  const nameRefused = (name: string, id?: string) => {
    const problem = viewNameProblem(name);
    if (problem) return refuse(422, ['ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ', problem], { name: problem });
    const taken = views.some(
      (v) => v.mine && v.id !== id && v.name.toLowerCase() === name.trim().toLowerCase(),
    );
    return taken ? refuse(409, [savedViewMessages.duplicate(name.trim())]) : null;
  };
  return [
    http.get('/api/savedViews', ({ request }) => {
      const entity = new URL(request.url).searchParams.get('entity');
      const list: SavedViewList = {
        views: views.filter((v) => v.entity === entity),
        defaultViewId,
        canShare: options.canShare ?? true,
      };
      return HttpResponse.json(list);
    }),
    http.post('/api/savedViews', async ({ request }) => {
      const body = (await request.json()) as Pick<SavedView, 'entity' | 'name' | 'state' | 'sharing'>;
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
      return HttpResponse.json(view, { status: 201 });
    }),
    http.put('/api/savedViews/default', async ({ request }) => {
      const body = (await request.json()) as { entity: string; viewId: string | null };
      defaultViewId = body.viewId;
      return HttpResponse.json({ entity: body.entity, defaultViewId });
    }),
    http.put('/api/savedViews/:id', async ({ params, request }) => {
      const view = views.find((v) => v.id === params.id);
      if (!view) return refuse(404, [savedViewMessages.notFound]);
      if (!view.mine) return refuse(403, [savedViewMessages.notOwner]);
      const body = (await request.json()) as Partial<SavedView>;
      if (body.name !== undefined) {
        const refused = nameRefused(body.name, view.id);
        if (refused) return refused;
      }
      const next: SavedView = { ...view, ...body, name: (body.name ?? view.name).trim() };
      views = views.map((v) => (v.id === view.id ? next : v));
      return HttpResponse.json(next);
    }),
    http.delete('/api/savedViews/:id', ({ params }) => {
      views = views.filter((v) => v.id !== params.id);
      if (defaultViewId === params.id) defaultViewId = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
