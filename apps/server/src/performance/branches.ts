import { truckUseOf } from '@lms/booking';
import {
  addTallies,
  BRANCHES_STOPS_PAGE_SIZE,
  type BranchesAnswer,
  type BranchesStops,
  type BranchesStopsQuery,
  type BranchStop,
  emptyTally,
  figuresOf,
  PERFORMANCE_MAX_BRANCHES,
  type PerformanceTally,
  type Period,
  previousPeriod,
  SETTLED_STOPS,
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

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value) => b.includes(value));

/**
 * The count a roll-up already keeps exactly (rollups.ts, kept by the writes, the period's stale days
 * refreshed first): the settled stops (`settled_stops`), a reason's failed stops (`failures`). Counting
 * them in the view reads every stop of the month (1.5 s of CPU for 50 branches, docs/performance.md);
 * the day rows are 50 × 31. Null for any other narrowing: the view counts it.
 */
function talliedCount(db: Database, ids: string[], query: BranchesStopsQuery) {
  const statuses = query.statuses ?? [];
  const column =
    same(statuses, SETTLED_STOPS) && !query.reason
      ? sql`settled_stops`
      : same(statuses, ['FAILED']) && query.reason
        ? sql`coalesce((failures->>${query.reason})::integer, 0)`
        : null;
  if (!column) return null;
  return refreshStale(db, { branchIds: ids, from: query.from, to: query.to }).then(() =>
    sql<{ total: number }>`select coalesce(sum(${column}), 0)::integer as total from performance_day
      where branch_id = any(${ids}::uuid[]) and day between ${query.from}::date and ${query.to}::date`.execute(
      db,
    ),
  );
}

/**
 * The stops behind the company's figures: the `delivery_stop_report` view (the one-branch stop
 * list's rows, its on time and in full) over the checked branches and the period, narrowed by
 * outcome and reason, newest shift first, a page of `BRANCHES_STOPS_PAGE_SIZE`.
 */
export async function branchesStops(
  db: Database,
  branches: readonly { id: string; label: string }[],
  query: BranchesStopsQuery,
): Promise<BranchesStops> {
  const page = query.page ?? 1;
  const ids = branches.map((b) => b.id);
  const empty = { total: 0, page, pageSize: BRANCHES_STOPS_PAGE_SIZE, rows: [] };
  if (ids.length === 0) return empty;
  const where = sql`r.branch_id = any(${ids}::uuid[])
    and r.shift_date between ${query.from}::date and ${query.to}::date
    ${query.statuses ? sql`and r.status = any(${[...query.statuses]}::text[])` : sql``}
    ${query.reason ? sql`and r.reason = ${query.reason}` : sql``}`;
  const label = new Map(branches.map((b) => [b.id, b.label]));
  const [count, rows] = await Promise.all([
    talliedCount(db, ids, query) ??
      sql<{
        total: number;
      }>`select count(*)::integer as total from delivery_stop_report r where ${where}`.execute(db),
    sql<Omit<BranchStop, 'branchLabel'>>`
      select r.id, r.branch_id as "branchId", to_char(r.shift_date, 'YYYY-MM-DD') as "shiftDate",
        coalesce(r.ship_to_name, '') as "shipToName", r.status, r.reason, r.on_time as "onTime", r.in_full as "inFull"
      from delivery_stop_report r where ${where}
      order by r.shift_date desc, r.branch_id, r.shipment_id, r.seq
      limit ${BRANCHES_STOPS_PAGE_SIZE} offset ${(page - 1) * BRANCHES_STOPS_PAGE_SIZE}`.execute(db),
  ]);
  return {
    ...empty,
    total: count.rows[0]?.total ?? 0,
    rows: rows.rows.map((row) => ({ ...row, branchLabel: label.get(row.branchId) ?? '' })),
  };
}
