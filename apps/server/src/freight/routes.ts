import { featureRoles, freightMessages, freightStatementsApi } from '@lms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingBranch, actingPrincipal } from '../auth/acting.ts';
import { documentContext, sendPdf } from '../documents/routes.ts';
import { typed } from '../http/contract.ts';
import { notFound } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { contractorScopeOf, inScope, refuseContractor } from './contractorScope.ts';
import { freightStatementModel } from './document.ts';
import { freightWorkbook, sendWorkbook } from './excel.ts';
import {
  type Actor,
  addAdjustment,
  createStatement,
  recalculate,
  removeAdjustment,
  transition,
} from './statements.ts';
import { candidatesOf, eventsOf, listStatements, loadStatement } from './store.ts';

/**
 * Contractors' monthly freight statements (docs/freight.md), every route branch-scoped and closed
 * to ERP keys. Reading (PDF and Excel too) takes any freight role; drafting, recalculating and
 * adjusting take EDIT; a state move takes any role that moves some state, and the domain's
 * `freightTransitionRefusal` then names the one its move needs. A contractor's own account reads
 * its approved statements only and changes nothing (`contractorScope.ts`).
 */
export function freightRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const roles = featureRoles.freightStatement;
    const read = { access: { roles: roles.read }, apiKey: 'closed', branchScoped: true } as const;
    const edit = { access: { roles: roles.edit }, apiKey: 'closed', branchScoped: true } as const;
    const move = {
      access: { roles: [...new Set([...roles.check, ...roles.approve, ...roles.export])] },
      apiKey: 'closed',
      branchScoped: true,
    } as const;
    const tags = ['ค่าขนส่งผู้รับเหมา'];
    const scope = (request: FastifyRequest) => contractorScopeOf(ctx.db, actingPrincipal(request).userId);
    /** The one who changes a statement: staff only. */
    const actor = async (request: FastifyRequest): Promise<Actor> => {
      const principal = actingPrincipal(request);
      refuseContractor(await scope(request));
      return { userId: principal.userId, roles: principal.roles };
    };
    /** A statement of the branch the caller may read (a contractor: its own, approved). */
    const statement = async (request: FastifyRequest, id: string) => {
      const [found, own] = await Promise.all([
        loadStatement(ctx.db, actingBranch(request), id),
        scope(request),
      ]);
      if (!found || !inScope(own, found)) throw notFound(freightMessages.notFound);
      return found;
    };

    app.route({
      ...freightStatementsApi.list,
      schema: { ...freightStatementsApi.list.schema, tags },
      config: read,
      handler: async (request) => {
        const { branchId: _, ...query } = request.query;
        return listStatements(ctx.db, actingBranch(request), query, await scope(request));
      },
    });

    app.route({
      ...freightStatementsApi.candidates,
      schema: { ...freightStatementsApi.candidates.schema, tags },
      config: read,
      handler: async (request) => {
        const [all, own] = await Promise.all([
          candidatesOf(ctx.db, actingBranch(request), request.query.month),
          scope(request),
        ]);
        // A contractor: its own month still waiting for a statement, nobody else's (nor its drafts).
        return own ? all.filter((c) => own.includes(c.contractorId) && c.statementId === null) : all;
      },
    });

    app.route({
      ...freightStatementsApi.create,
      schema: { ...freightStatementsApi.create.schema, tags },
      config: edit,
      handler: async (request, reply) => {
        const created = await createStatement(
          ctx.db,
          actingBranch(request),
          await actor(request),
          request.body,
        );
        reply.code(201);
        return created;
      },
    });

    app.route({
      ...freightStatementsApi.get,
      schema: { ...freightStatementsApi.get.schema, tags },
      config: read,
      handler: async (request) => statement(request, request.params.id),
    });

    app.route({
      ...freightStatementsApi.history,
      schema: { ...freightStatementsApi.history.schema, tags },
      config: read,
      handler: async (request) => {
        await statement(request, request.params.id);
        return eventsOf(ctx.db, request.params.id);
      },
    });

    app.route({
      ...freightStatementsApi.recalculate,
      schema: { ...freightStatementsApi.recalculate.schema, tags },
      config: edit,
      handler: async (request) =>
        recalculate(
          ctx.db,
          actingBranch(request),
          await actor(request),
          request.params.id,
          request.body.version,
        ),
    });

    app.route({
      ...freightStatementsApi.addAdjustment,
      schema: { ...freightStatementsApi.addAdjustment.schema, tags },
      config: edit,
      handler: async (request) =>
        addAdjustment(ctx.db, actingBranch(request), await actor(request), request.params.id, request.body),
    });

    app.route({
      ...freightStatementsApi.removeAdjustment,
      schema: { ...freightStatementsApi.removeAdjustment.schema, tags },
      config: edit,
      handler: async (request) =>
        removeAdjustment(
          ctx.db,
          actingBranch(request),
          await actor(request),
          request.params.id,
          request.params.adjustmentId,
          request.query.version,
        ),
    });

    app.route({
      ...freightStatementsApi.transition,
      schema: { ...freightStatementsApi.transition.schema, tags },
      config: move,
      handler: async (request) =>
        transition(ctx.db, actingBranch(request), await actor(request), request.params.id, request.body),
    });

    app.route({
      ...freightStatementsApi.pdf,
      schema: { ...freightStatementsApi.pdf.schema, tags },
      config: read,
      handler: async (request, reply) => {
        const found = await statement(request, request.params.id);
        const context = await documentContext(ctx.db, actingBranch(request));
        return sendPdf(reply, found.number, [freightStatementModel(found, context)]);
      },
    });

    app.route({
      ...freightStatementsApi.excel,
      schema: { ...freightStatementsApi.excel.schema, tags },
      config: read,
      handler: async (request, reply) => {
        const found = await statement(request, request.params.id);
        const context = await documentContext(ctx.db, actingBranch(request));
        return sendWorkbook(reply, found.number, await freightWorkbook(found, context.buddhistEra));
      },
    });
  };
}
