import {
  type DistanceTier,
  FREIGHT_LIST_MAX_ROWS,
  type FreightAdjustment,
  type FreightCandidate,
  type FreightEvent,
  type FreightEventAction,
  type FreightListQuery,
  type FreightSignOff,
  type FreightStatement,
  type FreightStatementState,
  type FreightStatementSummary,
  type FreightTripLine,
  freightStatementStateValues,
  freightTotals,
  isSeenByContractor,
  monthDays,
} from '@lms/domain';
import { sql } from 'kysely';
import { authorLabel } from '../crud/history.ts';
import { labelFrom } from '../crud/labels.ts';
import type { Executor } from '../db/database.ts';

/** Reading and writing statements, their trips, adjustments and events (docs/freight.md). */

const states: readonly string[] = freightStatementStateValues;
function stateOf(value: string): FreightStatementState {
  if (!states.includes(value)) throw new Error(`freight_statement.state: unknown ${JSON.stringify(value)}`);
  return value as FreightStatementState;
}

const tiers: readonly string[] = ['upTo75Km', 'upTo150Km', 'beyond150Km'] satisfies DistanceTier[];
function tierOf(value: string | null): DistanceTier | null {
  if (value === null) return null;
  if (!tiers.includes(value))
    throw new Error(`freight_statement_trip.tier: unknown ${JSON.stringify(value)}`);
  return value as DistanceTier;
}

const iso = (at: Date | string) => new Date(at).toISOString();

/** `user: full name` of the users ids name, in one query. */
async function userLabels(db: Executor, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('app_user as u')
    .select(['u.id', 'u.username', 'u.full_name', sql<null>`null`.as('key_name')])
    .where('u.id', 'in', wanted)
    .execute();
  return new Map(rows.map((row) => [row.id, authorLabel(row) ?? row.username]));
}

/** The statement row with its contractor's and branch's labels. */
function statementRows(db: Executor, branchId: string) {
  return db
    .selectFrom('freight_statement as f')
    .innerJoin('contractor as c', 'c.id', 'f.contractor_id')
    .innerJoin('branch as b', 'b.id', 'f.branch_id')
    .selectAll('f')
    .select((eb) => [
      labelFrom(eb, 'c.code', sql<string>`concat_ws(' ', c.first_name, c.last_name)`).as('contractor_label'),
      labelFrom(eb, 'b.code', 'b.name').as('branch_label'),
    ])
    .where('f.branch_id', '=', branchId);
}

type StatementRow = Awaited<ReturnType<ReturnType<typeof statementRows>['executeTakeFirstOrThrow']>>;

/** The fee and km of each statement's trips and its adjustments' amounts: what its totals are made of. */
async function figuresOf(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, ReturnType<typeof freightTotals>>();
  const trips = await db
    .selectFrom('freight_statement_trip')
    .select(['statement_id', 'fee', 'distance_km'])
    .where('statement_id', 'in', ids)
    .execute();
  const adjustments = await db
    .selectFrom('freight_statement_adjustment')
    .select(['statement_id', 'amount'])
    .where('statement_id', 'in', ids)
    .execute();
  return new Map(
    ids.map((id) => [
      id,
      freightTotals(
        trips.filter((t) => t.statement_id === id).map((t) => ({ distanceKm: t.distance_km, fee: t.fee })),
        adjustments.filter((a) => a.statement_id === id),
      ),
    ]),
  );
}

function summaryOf(row: StatementRow, totals: ReturnType<typeof freightTotals>): FreightStatementSummary {
  return {
    id: row.id,
    number: row.number,
    contractorId: row.contractor_id,
    contractorLabel: row.contractor_label,
    month: row.month,
    state: stateOf(row.state),
    totals,
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

export async function listStatements(
  db: Executor,
  branchId: string,
  query: Omit<FreightListQuery, 'branchId'>,
  /** A contractor's own account: only these contractors' statements it may see (contractorScope.ts). */
  contractors: readonly string[] | null = null,
): Promise<FreightStatementSummary[]> {
  let rows = statementRows(db, branchId);
  // Narrowed before the limit, so a contractor never misses its own behind others' rows.
  if (contractors)
    rows = rows
      .where('f.contractor_id', 'in', contractors)
      .where('f.state', 'in', freightStatementStateValues.filter(isSeenByContractor));
  if (query.month) rows = rows.where('f.month', '=', query.month);
  if (query.contractorId) rows = rows.where('f.contractor_id', '=', query.contractorId);
  if (query.state) rows = rows.where('f.state', '=', query.state);
  const found = await rows
    .orderBy('f.month', 'desc')
    .orderBy('contractor_label')
    .limit(FREIGHT_LIST_MAX_ROWS)
    .execute();
  const figures = await figuresOf(
    db,
    found.map((r) => r.id),
  );
  return found.map((row) => summaryOf(row, figures.get(row.id)!));
}

/** The statement of the branch with this id, locked for the caller's transaction when `forUpdate`. */
export async function statementRow(db: Executor, branchId: string, id: string, forUpdate = false) {
  const query = statementRows(db, branchId).where('f.id', '=', id);
  return (forUpdate ? query.forUpdate('f') : query).executeTakeFirst();
}

export async function loadStatement(
  db: Executor,
  branchId: string,
  id: string,
): Promise<FreightStatement | undefined> {
  const row = await statementRow(db, branchId, id);
  if (!row) return undefined;
  const trips = await db
    .selectFrom('freight_statement_trip')
    .selectAll()
    .where('statement_id', '=', id)
    .orderBy('position')
    .execute();
  const adjustments = await db
    .selectFrom('freight_statement_adjustment')
    .selectAll()
    .where('statement_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const who = await userLabels(db, [
    row.created_by,
    row.checked_by,
    row.approved_by,
    row.exported_by,
    ...adjustments.map((a) => a.created_by),
  ]);
  const signOff = (at: Date | null, by: string | null): FreightSignOff =>
    at === null ? null : { at: iso(at), userId: by, userLabel: by === null ? null : (who.get(by) ?? null) };
  const tripLines: FreightTripLine[] = trips.map((t) => ({
    shipmentId: t.shipment_id,
    docNo: t.doc_no,
    day: t.day,
    licensePlate: t.license_plate,
    vehicleTypeId: t.vehicle_type_id,
    vehicleTypeLabel: t.vehicle_type_label,
    driverName: t.driver_name,
    drops: t.drops,
    distanceKm: t.distance_km,
    tier: tierOf(t.tier),
    priceValidFrom: t.price_valid_from,
    distanceFee: t.distance_fee,
    minimumApplied: t.minimum_applied,
    extraDrops: t.extra_drops,
    extraDropFee: t.extra_drop_fee,
    fee: t.fee,
    problem: t.problem,
    late: t.late,
  }));
  const adjustmentLines: FreightAdjustment[] = adjustments.map((a) => ({
    id: a.id,
    amount: a.amount,
    reason: a.reason,
    at: iso(a.created_at),
    userId: a.created_by,
    userLabel: a.created_by === null ? null : (who.get(a.created_by) ?? null),
  }));
  return {
    ...summaryOf(row, freightTotals(tripLines, adjustmentLines)),
    branchLabel: row.branch_label,
    trips: tripLines,
    adjustments: adjustmentLines,
    created: signOff(row.created_at, row.created_by),
    checked: signOff(row.checked_at, row.checked_by),
    approved: signOff(row.approved_at, row.approved_by),
    exported: signOff(row.exported_at, row.exported_by),
  };
}

/** Replaces a statement's trips with these (a draft's calculation). */
export async function replaceTrips(db: Executor, statementId: string, trips: readonly FreightTripLine[]) {
  await db.deleteFrom('freight_statement_trip').where('statement_id', '=', statementId).execute();
  if (trips.length === 0) return;
  await db
    .insertInto('freight_statement_trip')
    .values(
      trips.map((t, position) => ({
        statement_id: statementId,
        shipment_id: t.shipmentId,
        position,
        doc_no: t.docNo,
        day: t.day,
        license_plate: t.licensePlate,
        vehicle_type_id: t.vehicleTypeId,
        vehicle_type_label: t.vehicleTypeLabel,
        driver_name: t.driverName,
        drops: t.drops,
        distance_km: t.distanceKm,
        tier: t.tier,
        price_valid_from: t.priceValidFrom,
        distance_fee: t.distanceFee,
        minimum_applied: t.minimumApplied,
        extra_drops: t.extraDrops,
        extra_drop_fee: t.extraDropFee,
        fee: t.fee,
        problem: t.problem,
        late: t.late,
      })),
    )
    .execute();
}

export async function recordEvent(
  db: Executor,
  statementId: string,
  action: FreightEventAction,
  changes: Record<string, unknown>,
  userId: string,
) {
  await db
    .insertInto('freight_statement_event')
    .values({ statement_id: statementId, action, changes: JSON.stringify(changes), user_id: userId })
    .execute();
}

/** A statement's changes, newest first. */
export async function eventsOf(db: Executor, statementId: string): Promise<FreightEvent[]> {
  const rows = await db
    .selectFrom('freight_statement_event as e')
    .leftJoin('app_user as u', 'u.id', 'e.user_id')
    .select(['e.id', 'e.action', 'e.changes', 'e.at', 'e.user_id', 'u.username', 'u.full_name'])
    .select(sql<null>`null`.as('key_name'))
    .where('e.statement_id', '=', statementId)
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    action: row.action as FreightEventAction,
    changes:
      row.changes !== null && typeof row.changes === 'object' && !Array.isArray(row.changes)
        ? { ...row.changes }
        : {},
    at: iso(row.at),
    userId: row.user_id,
    userLabel: authorLabel(row),
  }));
}

/** Contractors whose trucks delivered at the branch in the month, with the count and their statement. */
export async function candidatesOf(
  db: Executor,
  branchId: string,
  month: string,
): Promise<FreightCandidate[]> {
  const { first, last } = monthDays(month);
  const rows = await db
    .selectFrom('contractor as c')
    .leftJoin('freight_statement as f', (join) =>
      join.onRef('f.contractor_id', '=', 'c.id').on('f.branch_id', '=', branchId).on('f.month', '=', month),
    )
    .select((eb) => [
      'c.id',
      labelFrom(eb, 'c.code', sql<string>`concat_ws(' ', c.first_name, c.last_name)`).as('label'),
      'f.id as statement_id',
      sql<number>`(select count(*)::int from shipment s join vehicle v on v.id = s.vehicle_id
        where s.branch_id = ${branchId} and v.contractor_id = c.id and s.act_date_ship_end is not null
          and coalesce(s.shift_date, s.plan_date_check_in) between ${first}::date and ${last}::date)`.as(
        'trips',
      ),
    ])
    .orderBy('c.code')
    .execute();
  return rows
    .filter((row) => row.trips > 0 || row.statement_id !== null)
    .map((row) => ({
      contractorId: row.id,
      contractorLabel: row.label,
      trips: row.trips,
      statementId: row.statement_id,
    }));
}
