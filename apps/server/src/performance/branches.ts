import { truckUseOf } from '@lms/booking';
import {
  addTallies,
  type BranchesAnswer,
  emptyTally,
  figuresOf,
  PERFORMANCE_MAX_BRANCHES,
  type PerformanceTally,
  type Period,
  previousPeriod,
  truckUseTotal,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { branchesTruckLoads, periodTallies, refreshStale } from './rollups.ts';
import { utilizationThresholds } from './rows.ts';

/** The rule a refusal names: a user sees the branches of its own account only (an administrator, all). */
/** An admin's "every branch" past the most one request adds up: choose some (the bound the schema puts on a list). */
export const tooManyBranches = () =>
  `ดูผลการจัดส่งรวมได้ครั้งละไม่เกิน ${PERFORMANCE_MAX_BRANCHES} สาขา บัญชีนี้ดูได้มากกว่านั้น กรุณาเลือกสาขา`;

export const branchesRefusal = (outside: number) =>
  `ดูผลการจัดส่งได้เฉพาะสาขาที่กำหนดให้บัญชีผู้ใช้ของคุณ (มีสาขาที่ขอซึ่งไม่อยู่ในสิทธิ์ ${outside} สาขา)`;

/**
 * The branches a request adds up: those asked for, each one the principal's own (else a 403 naming
 * the rule, before any work), or without a list every branch the principal may see, by code.
 */
export async function branchesOf(db: Database, principal: Principal, asked: readonly string[] | undefined) {
  const outside = (asked ?? []).filter((id) => !principal.isAdmin && !principal.branchIds.includes(id));
  if (outside.length > 0) throw forbidden(branchesRefusal(new Set(outside).size));
  const ids = asked ? [...new Set(asked)] : principal.isAdmin ? undefined : principal.branchIds;
  if (ids?.length === 0) return [];
  let query = db.selectFrom('branch').select(['id', sql<string>`concat_ws(': ', code, name)`.as('label')]);
  if (ids) query = query.where('id', 'in', ids);
  // Bounded before any work: a list asked for is bounded by its schema, "every branch" here.
  const found = await query
    .orderBy('code')
    .limit(PERFORMANCE_MAX_BRANCHES + 1)
    .execute();
  if (found.length > PERFORMANCE_MAX_BRANCHES) throw badRequest(tooManyBranches());
  return found;
}

/**
 * Several branches' period beside the one before (docs/performance-figures.md "ทุกสาขาที่ดูได้"):
 * one refresh of their stale days, then each branch's tallies and trucks from the daily roll-ups in
 * three statements whatever the number of branches; the company's figures are the tallies added
 * up (`addTallies`) and divided once, its truck use every truck's load per vehicle type.
 */
export async function branchesPerformance(
  db: Database,
  branches: readonly { id: string; label: string }[],
  period: Period,
): Promise<BranchesAnswer> {
  const before = previousPeriod(period);
  const ids = branches.map((b) => b.id);
  await refreshStale(db, { branchIds: ids, from: before.from, to: period.to });
  const [current, previous, trucks, thresholds] = await Promise.all([
    periodTallies(db, ids, period),
    periodTallies(db, ids, before),
    branchesTruckLoads(db, ids, period),
    utilizationThresholds(db),
  ]);
  const sum = (tallies: Map<string, PerformanceTally>) =>
    [...tallies.values()].reduce(addTallies, emptyTally);
  const companyTrucks = truckUseOf(trucks, thresholds);
  return {
    company: {
      period,
      previousPeriod: before,
      current: figuresOf(sum(current)),
      previous: figuresOf(sum(previous)),
      truckUse: { byVehicleType: companyTrucks.byVehicleType, byTruck: [] },
      // Empty and full days and hours are one branch's (its fleet, its shifts): not added up.
      truckDays: { until: null, byVehicleType: [], byTruck: [] },
      truckHours: { until: null, byVehicleType: [], byTruck: [] },
    },
    branches: branches.map((branch) => ({
      branchId: branch.id,
      label: branch.label,
      current: figuresOf(current.get(branch.id) ?? emptyTally),
      previous: figuresOf(previous.get(branch.id) ?? emptyTally),
      truckUse: truckUseTotal(
        truckUseOf(
          trucks.filter((truck) => truck.branchId === branch.id),
          thresholds,
        ).byVehicleType,
      ),
    })),
  };
}
