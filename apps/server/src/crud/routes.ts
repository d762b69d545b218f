import { type EntityDef, entityApi, type ListQuery } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import { reaches, withinReach } from '../auth/reach.ts';
import { typed } from '../http/contract.ts';
import { notFound } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { bulkActionRoute } from './bulk.ts';
import { sendExcel } from './export.ts';
import type { EntityExtension } from './extensions.ts';
import { historyOf } from './history.ts';
import { recordOptions } from './options.ts';
import { noMask, type RecordMask } from './recordMask.ts';
import { findLabelledRecord, findRecord, listRecords, streamRecords } from './repository.ts';
import {
  Checked,
  checkRecordCall,
  crudConfig,
  entityBranch,
  listQuery,
  pageRequest,
  textQuery,
} from './requests.ts';
import { writeRoutes } from './writeRoutes.ts';

/** What features add to an entity's CRUD routes (app.ts wires them). */
export interface EntityRoutesPlug {
  /** The entity's own behaviour (users, permission groups…). */
  readonly extension?: EntityExtension;
  /** What every record goes out through (privacy's personal data). */
  readonly mask?: RecordMask;
}

/**
 * The CRUD routes of one entity (api.md), registered from its contract operations (`entityApi`):
 * their schemas validate each request after the domain's own check (`Checked`), serialize the
 * answers and document the routes.
 */
export function entityRoutes(entity: EntityDef, ctx: AuthContext, plug: EntityRoutesPlug = {}) {
  const { extension = {}, mask = noMask } = plug;
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const ops = entityApi(entity);
    const tags = [entity.title];
    const pages = new Checked<ReturnType<typeof pageRequest>>();
    const queries = new Checked<ListQuery>();

    app.route({
      ...ops.list,
      schema: { ...ops.list.schema, tags },
      config: crudConfig(entity, 'read'),
      preValidation: async (request) => pages.keep(request, pageRequest(entity, textQuery(request.query))),
      handler: async (request) => {
        const { query, reading } = pages.of(request);
        const scoped = withinReach(entity, actingPrincipal(request), query);
        const page = await listRecords(ctx.db, entity, scoped, entityBranch(entity, request), reading);
        mask.list(entity, page.items);
        return page;
      },
    });

    app.route({
      ...ops.options,
      schema: { ...ops.options.schema, tags },
      config: crudConfig(entity, 'read'),
      preValidation: async (request) => queries.keep(request, listQuery(entity, textQuery(request.query))),
      handler: async (request) =>
        recordOptions(
          ctx.db,
          entity,
          withinReach(entity, actingPrincipal(request), queries.of(request)),
          entityBranch(entity, request),
        ),
    });

    app.route({
      ...ops.export,
      schema: { ...ops.export.schema, tags },
      config: crudConfig(entity, 'export'),
      preValidation: async (request) => queries.keep(request, listQuery(entity, textQuery(request.query))),
      handler: async (request, reply) => {
        const query = { ...queries.of(request), page: 0 };
        const rows = streamRecords(ctx.db, entity, query, entityBranch(entity, request));
        const principal = actingPrincipal(request);
        return sendExcel(reply, entity, await mask.export(ctx.db, entity, principal, query.filters, rows));
      },
    });

    app.route({
      ...ops.get,
      schema: { ...ops.get.schema, tags },
      config: crudConfig(entity, 'read'),
      preValidation: checkRecordCall(entity),
      handler: async (request) => {
        const { id } = request.params;
        const principal = actingPrincipal(request);
        const row = await findLabelledRecord(ctx.db, entity, id, entityBranch(entity, request));
        if (!row || !reaches(entity, principal, id)) throw notFound();
        await mask.read(ctx.db, entity, principal, row);
        return row;
      },
    });

    app.route({
      ...ops.history,
      schema: { ...ops.history.schema, tags },
      config: crudConfig(entity, 'read'),
      preValidation: checkRecordCall(entity),
      handler: async (request) => {
        const { id } = request.params;
        const principal = actingPrincipal(request);
        const found = await findRecord(ctx.db, entity, id, entityBranch(entity, request));
        if (!found || !reaches(entity, principal, id)) throw notFound();
        return mask.history(ctx.db, entity, principal, id, await historyOf(ctx.db, entity, id));
      },
    });

    if (entity.readOnlyEntity) return;
    writeRoutes(app, entity, ctx, extension);
    bulkActionRoute(app, entity, ctx, extension);
    extension.routes?.(fastify, entity, ctx);
  };
}
