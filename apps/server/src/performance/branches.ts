import { addTruckDays, addTruckHours, truckDaysOf, truckHoursOf, truckUseOf } from '@lms/booking';
import {
  addTallies,
  type BranchesAnswer,
  bangkokIsoDate,
  emptyTally,
  figuresOf,
  judgedPeriod,
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
import { branchesTruckDays, branchesTruckLoads, periodTallies, refreshStale } from './rollups.ts';
import { branchesShiftMinutes, branchesTrucks, utilizationThresholds } from './rows.ts';

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
 * one refresh of their stale days, then each branch's tallies, trucks, truck days and shift minutes
 * from the daily roll-ups in six statements whatever the number of branches, and their fleets in a
 * seventh; the company's figures are the tallies added up (`addTallies`) and divided once, its
 * truck use every truck's load per vehicle type, its empty/full days and hours per vehicle type each
 * branch's own type rows (`truckDaysOf`, `truckHoursOf`, as its own screen has them) added up
 * (`addTruckDays`, `addTruckHours`). Per truck, days and hours stay on a branch's own screen.
 */
export async function branchesPerformance(
  db: Database,
  branches: readonly { id: string; label: string }[],
  period: Period,
  /** Truck days and hours count up to here (`judgedPeriod`), as a branch's; a test passes its own. */
  today: string = bangkokIsoDate(new Date()),
): Promise<BranchesAnswer> {
  const before = previousPeriod(period);
  const ids = branches.map((b) => b.id);
  await refreshStale(db, { branchIds: ids, from: before.from, to: period.to });
  const [current, previous, trucks, days, minutes, thresholds] = await Promise.all([
    periodTallies(db, ids, period),
    periodTallies(db, ids, before),
    branchesTruckLoads(db, ids, period),
    branchesTruckDays(db, ids, period),
    branchesShiftMinutes(db, ids, period),
    utilizationThresholds(db),
  ]);
  const fleets = byBranch(await branchesTrucks(db, ids, trucks));
  const daysOf = byBranch(days);
  const minutesOf = byBranch(minutes);
  const own = ids.map((id) => ({
    days: truckDaysOf(fleets.get(id) ?? [], daysOf.get(id) ?? [], period, thresholds, today),
    hours: truckHoursOf(
      fleets.get(id) ?? [],
      daysOf.get(id) ?? [],
      minutesOf.get(id) ?? [],
      thresholds,
      period,
      today,
    ),
  }));
  const until = judgedPeriod(period, today)?.to ?? null;
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
      // Per truck, days and hours are a branch's own screen's (its fleet, its shifts): not listed here.
      truckDays: { until, byVehicleType: addTruckDays(own.map((b) => b.days.byVehicleType)), byTruck: [] },
      truckHours: {
        until,
        byVehicleType: addTruckHours(
          own.map((b) => b.hours.byVehicleType),
          thresholds,
        ),
        byTruck: [],
      },
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

/** Rows grouped by the branch they are of. */
function byBranch<Row extends { branchId: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const group = groups.get(row.branchId);
    if (group) group.push(row);
    else groups.set(row.branchId, [row]);
  }
  return groups;
}
