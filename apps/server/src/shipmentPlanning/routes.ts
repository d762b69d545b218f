import { shipmentPlanningApi } from '@lms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actingBranch, actingPrincipal } from '../auth/acting.ts';
import { typed } from '../http/contract.ts';
import type { AuthContext } from '../routes/context.ts';
import { shipmentAccess } from './access.ts';
import { bookingShipments } from './bookingShipments.ts';
import { type ConfirmHooks, confirmPlan, PlanLost } from './confirm.ts';
import { currentPlan, evaluatedSlot, plannedSlot } from './plan.ts';
import { confirmReplan, replannedSlot } from './replan.ts';
import { noRoads, type RoadDistances } from './roads.ts';
import { activeShifts } from './slot.ts';
import { recordStage, UnusualTap } from './stage.ts';

/**
 * Aborted when the dispatcher leaves before the answer (closed the page, the connection dropped):
 * the planner stops and its thread serves the next plan.
 */
function whenLeft(reply: FastifyReply): AbortSignal {
  const left = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) left.abort();
  });
  return left.signal;
}

/** A confirm; someone who confirmed the slot first wins: 409 with the plan as it now stands. */
async function orLost<T>(reply: FastifyReply, confirm: () => Promise<T>) {
  try {
    return await confirm();
  } catch (error) {
    if (error instanceof PlanLost) return reply.status(409).send(error.body);
    throw error;
  }
}

/**
 * Shipment planning (docs/planning.md): read the slot, plan, re-check a move, confirm, record stage
 * times, and a booking's shipments.
 */
export function shipmentPlanningRoutes(
  ctx: AuthContext,
  hooks: ConfirmHooks = {},
  roads: RoadDistances = noRoads,
) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const { read, edit } = shipmentAccess;
    const tags = ['Shipment planning'];
    /** A confirm's handler (the plan's or a re-plan's): the acting branch and user, 409 when it lost. */
    const confirming =
      (confirm: typeof confirmReplan) =>
      (request: FastifyRequest & { body: Parameters<typeof confirmReplan>[3] }, reply: FastifyReply) =>
        orLost(reply, () =>
          confirm(ctx.db, actingBranch(request), actingPrincipal(request).userId, request.body, hooks, roads),
        );

    app.route({
      ...shipmentPlanningApi.shifts,
      schema: { ...shipmentPlanningApi.shifts.schema, tags },
      config: read,
      handler: async () => activeShifts(ctx.db),
    });

    app.route({
      ...shipmentPlanningApi.slot,
      schema: { ...shipmentPlanningApi.slot.schema, tags },
      config: read,
      handler: async (request) =>
        currentPlan(ctx.db, actingBranch(request), request.query.date, request.query.shiftOfDayId, roads),
    });

    app.route({
      ...shipmentPlanningApi.plan,
      schema: { ...shipmentPlanningApi.plan.schema, tags },
      config: read,
      handler: async (request, reply) =>
        plannedSlot(
          ctx.db,
          actingBranch(request),
          request.body.date,
          request.body.shiftOfDayId,
          whenLeft(reply),
          roads,
        ),
    });

    app.route({
      ...shipmentPlanningApi.evaluate,
      schema: { ...shipmentPlanningApi.evaluate.schema, tags },
      config: read,
      handler: async (request) =>
        evaluatedSlot(
          ctx.db,
          actingBranch(request),
          request.body.date,
          request.body.shiftOfDayId,
          request.body.trips,
          roads,
        ),
    });

    app.route({
      ...shipmentPlanningApi.confirm,
      schema: { ...shipmentPlanningApi.confirm.schema, tags },
      config: edit,
      handler: confirming(confirmPlan),
    });

    app.route({
      ...shipmentPlanningApi.replan,
      schema: { ...shipmentPlanningApi.replan.schema, tags },
      config: read,
      handler: async (request, reply) =>
        replannedSlot(ctx.db, actingBranch(request), request.body, hooks, { signal: whenLeft(reply), roads }),
    });

    app.route({
      ...shipmentPlanningApi.replanConfirm,
      schema: { ...shipmentPlanningApi.replanConfirm.schema, tags },
      config: edit,
      handler: confirming(confirmReplan),
    });

    app.route({
      ...shipmentPlanningApi.recordStage,
      schema: { ...shipmentPlanningApi.recordStage.schema, tags },
      config: edit,
      handler: async (request, reply) => {
        try {
          return await recordStage(
            ctx.db,
            actingBranch(request),
            actingPrincipal(request).userId,
            request.params.id,
            request.body,
          );
        } catch (error) {
          if (error instanceof UnusualTap) return reply.status(409).send(error.body);
          throw error;
        }
      },
    });

    app.route({
      ...shipmentPlanningApi.bookingShipments,
      schema: { ...shipmentPlanningApi.bookingShipments.schema, tags },
      config: { access: { entity: 'bookingReport', action: 'read' }, apiKey: 'closed', branchScoped: true },
      handler: async (request) => bookingShipments(ctx.db, actingBranch(request), request.params.id),
    });
  };
}
