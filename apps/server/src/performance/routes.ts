import { truckUse } from '@lms/booking';
import {
  deliveryFigures,
  featureRoles,
  type PerformanceAnswer,
  performanceApi,
  performancePeriodProblem,
  previousPeriod,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { actingBranch } from '../auth/acting.ts';
import type { Executor } from '../db/database.ts';
import { typed } from '../http/contract.ts';
import { unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { performanceRows, utilizationThresholds } from './rows.ts';

/** A branch's period and the one before it, every figure the domain's (docs/performance-figures.md). */
export async function branchPerformance(
  db: Executor,
  branchId: string,
  period: { from: string; to: string },
): Promise<PerformanceAnswer> {
  const before = previousPeriod(period);
  const [current, previous, thresholds] = await Promise.all([
    performanceRows(db, branchId, period),
    performanceRows(db, branchId, before),
    utilizationThresholds(db),
  ]);
  return {
    period,
    previousPeriod: before,
    current: deliveryFigures(current),
    previous: deliveryFigures(previous),
    truckUse: truckUse(current.loads, thresholds),
  };
}

/**
 * Delivery performance (docs/performance-figures.md): branch-scoped (the acting branch must be
 * one the user may see), readers of bookings only, closed to ERP keys, at most
 * PERFORMANCE_MAX_DAYS days per request (422 on `to` before any query runs).
 */
export function performanceRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    app.route({
      ...performanceApi.branch,
      schema: { ...performanceApi.branch.schema, tags: ['ผลการจัดส่ง'] },
      config: {
        access: { roles: featureRoles.deliveryPerformance.read },
        apiKey: 'closed',
        branchScoped: true,
      },
      handler: async (request) => {
        const { from, to } = request.query;
        const problem = performancePeriodProblem({ from, to });
        if (problem) throw unprocessable({ to: problem });
        return branchPerformance(ctx.db, actingBranch(request), { from, to });
      },
    });
  };
}
