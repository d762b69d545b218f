import { truckDaysOf, truckHoursOf, truckUseOf } from '@lms/booking';
import {
  BRANCHES_RECORDS_EXCEL_MAX_ROWS,
  type BranchesBookingsQuery,
  type BranchesStopsQuery,
  type BranchesTripsQuery,
  bangkokIsoDate,
  branchesTables,
  branchRecordsColumns,
  type CompanyRecords,
  featureRoles,
  figuresOf,
  type PerformanceAnswer,
  performanceApi,
  performancePeriodProblem,
  phrase,
  previousPeriod,
  type RecordColumn,
} from '@lms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { actingBranch, actingPrincipal } from '../auth/acting.ts';
import type { Database } from '../db/database.ts';
import { sendWorkbook } from '../freight/excel.ts';
import { typed } from '../http/contract.ts';
import { unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { loadCompanySettings } from '../settings/company.ts';
import { branchesOf, branchesPerformance } from './branches.ts';
import { figuresWorkbook, performanceWorkbook } from './excel.ts';
import { branchesBookings, branchesStops, branchesTrips } from './records.ts';
import { sendRecordsWorkbook } from './recordsExcel.ts';
import { periodTally, periodTruckDays, periodTruckLoads, refreshStale } from './rollups.ts';
import { branchTrucks, shiftMinutes, utilizationThresholds } from './rows.ts';

/**
 * A branch's period and the one before it, every figure the domain's (docs/performance-figures.md),
 * added up from the daily roll-ups (rollups.ts) after refreshing the days a write marked stale;
 * `performanceFromRows` (rows.ts) is the same answer from the raw rows.
 */
export async function branchPerformance(
  db: Database,
  branchId: string,
  period: { from: string; to: string },
  /** Truck days and hours count up to here (`judgedPeriod`); a test passes its own. */
  today: string = bangkokIsoDate(new Date()),
): Promise<PerformanceAnswer> {
  const before = previousPeriod(period);
  await refreshStale(db, { branchIds: [branchId], from: before.from, to: period.to });
  const [current, previous, trucks, days, minutes, thresholds] = await Promise.all([
    periodTally(db, branchId, period),
    periodTally(db, branchId, before),
    periodTruckLoads(db, branchId, period),
    periodTruckDays(db, branchId, period),
    shiftMinutes(db, branchId, period),
    utilizationThresholds(db),
  ]);
  const branchFleet = await branchTrucks(
    db,
    branchId,
    trucks.map((truck) => truck.vehicleId),
  );
  return {
    period,
    previousPeriod: before,
    current: figuresOf(current),
    previous: figuresOf(previous),
    truckUse: truckUseOf(trucks, thresholds),
    truckDays: truckDaysOf(branchFleet, days, period, thresholds, today),
    truckHours: truckHoursOf(branchFleet, days, minutes, thresholds, period, today),
  };
}

/**
 * Delivery performance (docs/performance-figures.md): branch-scoped (the acting branch must be
 * one the user may see), readers of bookings only, closed to ERP keys, at most
 * PERFORMANCE_MAX_DAYS days per request (422 on `to` before any query runs).
 */
export function performanceRoutes(
  ctx: AuthContext,
  options: { recordsExcelMaxRows?: number | undefined } = {},
) {
  const maxRows = options.recordsExcelMaxRows ?? BRANCHES_RECORDS_EXCEL_MAX_ROWS;
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const config = {
      access: { roles: featureRoles.deliveryPerformance.read },
      apiKey: 'closed',
      branchScoped: true,
    } as const;
    const tags = ['ผลการจัดส่ง'];
    const checked = (query: { from: string; to: string }) => {
      const problem = performancePeriodProblem(query);
      if (problem) throw unprocessable({ to: problem });
      return { from: query.from, to: query.to };
    };
    app.route({
      ...performanceApi.branch,
      schema: { ...performanceApi.branch.schema, tags },
      config,
      handler: async (request) => branchPerformance(ctx.db, actingBranch(request), checked(request.query)),
    });
    app.route({
      ...performanceApi.excel,
      schema: { ...performanceApi.excel.schema, tags },
      config,
      handler: async (request, reply) => {
        const period = checked(request.query);
        const branchId = actingBranch(request);
        const answer = await branchPerformance(ctx.db, branchId, period);
        const branch = await ctx.db
          .selectFrom('branch')
          .select(sql<string>`concat_ws(': ', code, name)`.as('label'))
          .where('id', '=', branchId)
          .executeTakeFirst();
        const { buddhistEra } = await loadCompanySettings(ctx.db);
        const bytes = await performanceWorkbook(answer, branch?.label ?? '', buddhistEra);
        return sendWorkbook(reply, `performance-${period.from}-${period.to}`, bytes);
      },
    });
    // Several branches: no acting branch; each asked branch is checked against the user's own (branches.ts).
    const across = { ...config, branchScoped: false } as const;
    const severalBranches = async (
      request: FastifyRequest,
      query: { branchIds?: readonly string[] | undefined; from: string; to: string },
    ) => {
      const period = checked(query);
      const branches = await branchesOf(ctx.db, actingPrincipal(request), query.branchIds);
      return { period, branches, answer: await branchesPerformance(ctx.db, branches, period) };
    };
    app.route({
      ...performanceApi.branches,
      schema: { ...performanceApi.branches.schema, tags },
      config: across,
      handler: async (request) => (await severalBranches(request, request.query)).answer,
    });
    // The records behind the company's figures: the same branch check, then one page of their stops.
    app.route({
      ...performanceApi.branchesStops,
      schema: { ...performanceApi.branchesStops.schema, tags },
      // Stops are read by whoever reads the one-branch stop list: its entity's rule, not the figures'.
      config: { ...across, access: { entity: 'deliveryStopReport', action: 'read' } },
      handler: async (request) => {
        checked(request.query);
        const branches = await branchesOf(ctx.db, actingPrincipal(request), request.query.branchIds);
        return branchesStops(ctx.db, branches, request.query);
      },
    });
    // The trips and bookings behind the figures counted per trip or booking: the same check, each list's own read rule.
    app.route({
      ...performanceApi.branchesTrips,
      schema: { ...performanceApi.branchesTrips.schema, tags },
      config: { ...across, access: { entity: 'shipment', action: 'read' } },
      handler: async (request) => {
        checked(request.query);
        const branches = await branchesOf(ctx.db, actingPrincipal(request), request.query.branchIds);
        return branchesTrips(ctx.db, branches, request.query);
      },
    });
    app.route({
      ...performanceApi.branchesBookings,
      schema: { ...performanceApi.branchesBookings.schema, tags },
      config: { ...across, access: { entity: 'bookingReport', action: 'read' } },
      handler: async (request) => {
        checked(request.query);
        const branches = await branchesOf(ctx.db, actingPrincipal(request), request.query.branchIds);
        return branchesBookings(ctx.db, branches, request.query);
      },
    });
    // Each list as a workbook: the list's check, read rule and narrowing, every page of it (recordsExcel.ts).
    type Branches = Awaited<ReturnType<typeof branchesOf>>;
    const listWorkbook =
      <
        Q extends { branchIds?: readonly string[] | undefined; from: string; to: string },
        T extends { branchLabel: string },
      >(
        kind: CompanyRecords['kind'],
        columns: readonly RecordColumn<T>[],
        list: (
          branches: Branches,
          query: Q & { after?: string | undefined },
        ) => Promise<{ total: number; pageSize: number; rows: readonly T[]; next?: string | undefined }>,
      ) =>
      async (request: FastifyRequest, reply: FastifyReply, query: Q) => {
        const period = checked(query);
        const branches = await branchesOf(ctx.db, actingPrincipal(request), query.branchIds);
        return sendRecordsWorkbook(reply, {
          kind,
          columns,
          period,
          buddhistEra: (await loadCompanySettings(ctx.db)).buddhistEra,
          whose: phrase('รวม', String(branches.length), 'สาขา'),
          maxRows,
          page: (after) => list(branches, { ...query, after }),
        });
      };
    const stopsWorkbook = listWorkbook('stops', branchRecordsColumns.stops, (b, q: BranchesStopsQuery) =>
      branchesStops(ctx.db, b, q),
    );
    const tripsWorkbook = listWorkbook('trips', branchRecordsColumns.trips, (b, q: BranchesTripsQuery) =>
      branchesTrips(ctx.db, b, q),
    );
    const bookingsWorkbook = listWorkbook(
      'bookings',
      branchRecordsColumns.bookings,
      (b, q: BranchesBookingsQuery) => branchesBookings(ctx.db, b, q),
    );
    app.route({
      ...performanceApi.branchesStopsExcel,
      schema: { ...performanceApi.branchesStopsExcel.schema, tags },
      config: { ...across, access: { entity: 'deliveryStopReport', action: 'read' } },
      handler: (request, reply) => stopsWorkbook(request, reply, request.query),
    });
    app.route({
      ...performanceApi.branchesTripsExcel,
      schema: { ...performanceApi.branchesTripsExcel.schema, tags },
      config: { ...across, access: { entity: 'shipment', action: 'read' } },
      handler: (request, reply) => tripsWorkbook(request, reply, request.query),
    });
    app.route({
      ...performanceApi.branchesBookingsExcel,
      schema: { ...performanceApi.branchesBookingsExcel.schema, tags },
      config: { ...across, access: { entity: 'bookingReport', action: 'read' } },
      handler: (request, reply) => bookingsWorkbook(request, reply, request.query),
    });
    app.route({
      ...performanceApi.branchesExcel,
      schema: { ...performanceApi.branchesExcel.schema, tags },
      config: across,
      handler: async (request, reply) => {
        const { period, branches, answer } = await severalBranches(request, request.query);
        const label = phrase('รวม', String(branches.length), 'สาขา');
        const { buddhistEra } = await loadCompanySettings(ctx.db);
        const bytes = await figuresWorkbook(branchesTables(answer), answer.company, label, buddhistEra);
        return sendWorkbook(reply, `performance-branches-${period.from}-${period.to}`, bytes);
      },
    });
  };
}
