import {
  can,
  canShareViews,
  type EntityDef,
  findEntity,
  savedViewMessages as messages,
  SAVED_VIEW,
  savedViewsApi,
  type ViewSharing,
  type ViewState,
  viewNameProblem,
  viewSharingProblem,
  viewStateProblems,
} from '@lms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import { typed } from '../http/contract.ts';
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import {
  branchExists,
  countOwnViews,
  defaultViewId,
  deleteView,
  findView,
  insertView,
  listViews,
  setDefaultView,
  updateView,
  type Viewer,
} from './store.ts';

const viewerOf = (request: FastifyRequest): Viewer => {
  const principal = actingPrincipal(request);
  return { userId: principal.userId, roles: principal.roles, branchIds: principal.branchIds };
};

/** The list the views belong to: a declared entity whose list the user may read (else 404 / 403). */
function listOf(request: FastifyRequest, name: string): EntityDef {
  const entity = findEntity(name);
  if (!entity || entity.storage === 'files') throw notFound(messages.unknownEntity);
  const verdict = can(actingPrincipal(request).roles, entity, 'read');
  if (!verdict.can) throw forbidden(verdict.reason);
  return entity;
}

/** Name and state as they may be stored: a Thai 422 on the first problem of each. */
function checkView(entity: EntityDef, name: string, state: ViewState): string {
  const errors: Record<string, string> = { ...viewStateProblems(entity, state) };
  const nameProblem = viewNameProblem(name);
  if (nameProblem) errors.name = nameProblem;
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return name.trim();
}

/** Sharing only by those who may edit the entity, with a branch of their own and a known role. */
async function checkSharing(
  ctx: AuthContext,
  request: FastifyRequest,
  entity: EntityDef,
  sharing: ViewSharing,
) {
  const principal = actingPrincipal(request);
  if (!canShareViews(principal.roles, entity)) throw forbidden(messages.cannotShare(entity.title));
  const problem = viewSharingProblem(sharing);
  if (problem) throw unprocessable({ sharing: problem });
  const branchId = sharing.branchId;
  if (branchId !== null) {
    if (!principal.isAdmin && !principal.branchIds.includes(branchId))
      throw forbidden(messages.notYourBranch);
    if (!(await branchExists(ctx.db, branchId))) throw unprocessable({ sharing: messages.notYourBranch });
  }
}

/** A second view of the same name (any case) for the same owner and list. */
const isDuplicate = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

async function duplicateAs409<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicate(error)) throw conflict(messages.duplicate(name));
    throw error;
  }
}

/** Saved views of the lists (docs/entity-pages.md "Saved views"). */
export function savedViewRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const tags = ['มุมมองที่บันทึกไว้'];
    // Any signed-in user keeps views of the lists they may read: the entity arrives with the
    // request, so its read right is checked in `listOf`; a branch is checked where one is shared with.
    const config = { access: { signedIn: true }, apiKey: 'closed', branchOptional: true } as const;

    /** A view the user may see, and may change: theirs (else 404 when hidden, 403 when another's). */
    const ownView = async (request: FastifyRequest, id: string) => {
      const view = await findView(ctx.db, viewerOf(request), id);
      if (!view) throw notFound(messages.notFound);
      const entity = listOf(request, view.entity);
      if (!view.mine) throw forbidden(messages.notOwner);
      return { view, entity };
    };

    app.route({
      ...savedViewsApi.list,
      schema: { ...savedViewsApi.list.schema, tags },
      config,
      handler: async (request) => {
        const entity = listOf(request, request.query.entity);
        const viewer = viewerOf(request);
        return {
          views: await listViews(ctx.db, viewer, entity.name),
          defaultViewId: await defaultViewId(ctx.db, viewer, entity.name),
          canShare: canShareViews(viewer.roles, entity),
        };
      },
    });

    app.route({
      ...savedViewsApi.create,
      schema: { ...savedViewsApi.create.schema, tags },
      config,
      handler: async (request, reply) => {
        const entity = listOf(request, request.body.entity);
        const { sharing, state } = request.body;
        if (sharing) await checkSharing(ctx, request, entity, sharing);
        const name = checkView(entity, request.body.name, state);
        const viewer = viewerOf(request);
        if ((await countOwnViews(ctx.db, viewer.userId, entity.name)) >= SAVED_VIEW.perUserPerEntity)
          throw new HttpError(422, [messages.tooMany]);
        const id = await duplicateAs409(name, () =>
          insertView(ctx.db, viewer.userId, entity.name, { name, state, sharing }),
        );
        reply.code(201);
        return (await findView(ctx.db, viewer, id))!;
      },
    });

    app.route({
      ...savedViewsApi.update,
      schema: { ...savedViewsApi.update.schema, tags },
      config,
      handler: async (request) => {
        const { view, entity } = await ownView(request, request.params.id);
        const next = {
          name: request.body.name ?? view.name,
          state: request.body.state ?? view.state,
          sharing: request.body.sharing === undefined ? view.sharing : request.body.sharing,
        };
        if (request.body.sharing) await checkSharing(ctx, request, entity, request.body.sharing);
        const name = checkView(entity, next.name, next.state);
        await duplicateAs409(name, () => updateView(ctx.db, view.id, { ...next, name }));
        return (await findView(ctx.db, viewerOf(request), view.id))!;
      },
    });

    app.route({
      ...savedViewsApi.remove,
      schema: { ...savedViewsApi.remove.schema, tags },
      config,
      handler: async (request, reply) => {
        const { view } = await ownView(request, request.params.id);
        await deleteView(ctx.db, view.id);
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...savedViewsApi.setDefault,
      schema: { ...savedViewsApi.setDefault.schema, tags },
      config,
      handler: async (request) => {
        const entity = listOf(request, request.body.entity);
        const viewer = viewerOf(request);
        const { viewId } = request.body;
        if (viewId !== null) {
          const view = await findView(ctx.db, viewer, viewId);
          if (!view || view.entity !== entity.name) throw notFound(messages.notFound);
        }
        await setDefaultView(ctx.db, viewer.userId, entity.name, viewId);
        return { entity: entity.name, defaultViewId: viewId };
      },
    });
  };
}
