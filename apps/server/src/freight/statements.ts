import {
  bangkokIsoDate,
  type FreightAdjustmentBody,
  type FreightCreate,
  type FreightStatement,
  type FreightStatementState,
  formatMonth,
  freightAdjustmentProblems,
  freightMessages,
  freightTotals,
  freightTransitionRefusal,
  isFreightStatementEditable,
} from '@lms/domain';
import type { Database, Tx } from '../db/database.ts';
import { conflict, HttpError, notFound, unprocessable } from '../http/errors.ts';
import { loadStatement, recordEvent, replaceTrips, statementRow } from './store.ts';
import { tripsOf } from './trips.ts';

/**
 * What changes a statement (docs/freight.md): draft it, recalculate it, adjust it, move its state.
 * Each runs in one transaction on the statement's row locked, checks the version the screen read
 * (409 when another change came first), writes an event, and answers the statement as it now is.
 */

export interface Actor {
  readonly userId: string;
  readonly roles: readonly string[];
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** A statement's number: unique per branch, contractor and month by construction. */
const numberOf = (branchCode: string, contractorCode: string, month: string) =>
  `FS-${branchCode}-${contractorCode}-${month.replace('-', '')}`;

/** Drafts the statement of a contractor's month at the branch, its trips priced. */
export async function createStatement(
  db: Database,
  branchId: string,
  actor: Actor,
  body: FreightCreate,
  today = bangkokIsoDate(new Date()),
): Promise<FreightStatement> {
  if (`${body.month}-01` > today) throw unprocessable({ month: freightMessages.futureMonth });
  const contractor = await db
    .selectFrom('contractor')
    .select(['id', 'code', 'first_name', 'last_name'])
    .where('id', '=', body.contractorId)
    .executeTakeFirst();
  if (!contractor) throw unprocessable({ contractorId: freightMessages.contractorNotFound });
  const branch = await db
    .selectFrom('branch')
    .select('code')
    .where('id', '=', branchId)
    .executeTakeFirstOrThrow();
  const contractorLabel = `${contractor.code}: ${[contractor.first_name, contractor.last_name].filter(Boolean).join(' ')}`;
  try {
    const id = await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('freight_statement')
        .values({
          branch_id: branchId,
          contractor_id: contractor.id,
          month: body.month,
          number: numberOf(branch.code, contractor.code, body.month),
          created_by: actor.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const trips = await tripsOf(trx, {
        branchId,
        contractorId: contractor.id,
        month: body.month,
        statementId: id,
      });
      await replaceTrips(trx, id, trips);
      const totals = freightTotals(trips, []);
      await recordEvent(
        trx,
        id,
        'create',
        { state: 'DRAFT', trips: totals.trips, total: totals.total },
        actor.userId,
      );
      return id;
    });
    return (await loadStatement(db, branchId, id))!;
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(freightMessages.duplicate(contractorLabel, formatMonth(body.month)));
    throw error;
  }
}

/**
 * Runs `change` on the statement locked, after checking that it exists in the branch (404) and that
 * the caller read its current version (409); bumps the version and answers the statement.
 */
async function changeStatement(
  db: Database,
  branchId: string,
  id: string,
  version: number,
  change: (trx: Tx, row: NonNullable<Awaited<ReturnType<typeof statementRow>>>) => Promise<void>,
): Promise<FreightStatement> {
  await db.transaction().execute(async (trx) => {
    const row = await statementRow(trx, branchId, id, true);
    if (!row) throw notFound(freightMessages.notFound);
    if (row.version !== version) throw conflict(freightMessages.stale);
    await change(trx, row);
    await trx
      .updateTable('freight_statement')
      .set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date() }))
      .where('id', '=', id)
      .execute();
  });
  return (await loadStatement(db, branchId, id))!;
}

/** Only a draft's trips and adjustments change: a Thai 409 naming why otherwise. */
function mustBeDraft(state: string): void {
  if (!isFreightStatementEditable(state as FreightStatementState))
    throw conflict(freightMessages.notEditable(state as FreightStatementState));
}

async function totalsNow(trx: Tx, id: string) {
  const trips = await trx
    .selectFrom('freight_statement_trip')
    .select(['fee', 'distance_km as distanceKm'])
    .where('statement_id', '=', id)
    .execute();
  const adjustments = await trx
    .selectFrom('freight_statement_adjustment')
    .select('amount')
    .where('statement_id', '=', id)
    .execute();
  return freightTotals(trips, adjustments);
}

/** A draft's trips taken and priced again (the trucks, trips and price list as they now stand). */
export function recalculate(db: Database, branchId: string, actor: Actor, id: string, version: number) {
  return changeStatement(db, branchId, id, version, async (trx, row) => {
    mustBeDraft(row.state);
    const before = await totalsNow(trx, id);
    const trips = await tripsOf(trx, {
      branchId,
      contractorId: row.contractor_id,
      month: row.month,
      statementId: id,
    });
    await replaceTrips(trx, id, trips);
    const after = await totalsNow(trx, id);
    await recordEvent(
      trx,
      id,
      'recalculate',
      { trips: { from: before.trips, to: after.trips }, total: { from: before.total, to: after.total } },
      actor.userId,
    );
  });
}

export function addAdjustment(
  db: Database,
  branchId: string,
  actor: Actor,
  id: string,
  body: FreightAdjustmentBody,
) {
  const problems = freightAdjustmentProblems(body);
  if (Object.keys(problems).length > 0) throw unprocessable(problems);
  const reason = body.reason.trim();
  return changeStatement(db, branchId, id, body.version, async (trx, row) => {
    mustBeDraft(row.state);
    const { id: adjustmentId } = await trx
      .insertInto('freight_statement_adjustment')
      .values({ statement_id: id, amount: body.amount, reason, created_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordEvent(trx, id, 'adjust', { adjustmentId, amount: body.amount, reason }, actor.userId);
  });
}

export function removeAdjustment(
  db: Database,
  branchId: string,
  actor: Actor,
  id: string,
  adjustmentId: string,
  version: number,
) {
  return changeStatement(db, branchId, id, version, async (trx, row) => {
    mustBeDraft(row.state);
    const removed = await trx
      .deleteFrom('freight_statement_adjustment')
      .where('id', '=', adjustmentId)
      .where('statement_id', '=', id)
      .returning(['amount', 'reason'])
      .executeTakeFirst();
    if (!removed) throw notFound(freightMessages.adjustmentNotFound);
    await recordEvent(trx, id, 'removeAdjustment', { adjustmentId, ...removed }, actor.userId);
  });
}

/** A move out of order conflicts with the state; a role or the checker approving is a 403; unpriced trips a 422. */
const refusalStatus = { order: 409, role: 403, separation: 403, unpriced: 422 } as const;

/** Which sign-off columns a move writes. */
const signOffColumns = {
  CHECKED: ['checked_at', 'checked_by'],
  APPROVED: ['approved_at', 'approved_by'],
  EXPORTED: ['exported_at', 'exported_by'],
} as const;

export function transition(
  db: Database,
  branchId: string,
  actor: Actor,
  id: string,
  body: { readonly version: number; readonly to: FreightStatementState },
) {
  return changeStatement(db, branchId, id, body.version, async (trx, row) => {
    const unpriced = await trx
      .selectFrom('freight_statement_trip')
      .select('doc_no')
      .where('statement_id', '=', id)
      .where('problem', 'is not', null)
      .orderBy('position')
      .execute();
    const refusal = freightTransitionRefusal({
      from: row.state as FreightStatementState,
      to: body.to,
      roles: actor.roles,
      userId: actor.userId,
      checkedBy: row.checked_by,
      unpricedTrips: unpriced.map((t) => t.doc_no),
    });
    if (refusal) throw new HttpError(refusalStatus[refusal.rule], [refusal.message]);
    const totals = await totalsNow(trx, id);
    const sent = body.to === 'DRAFT';
    const [at, by] = sent ? signOffColumns.CHECKED : signOffColumns[body.to as keyof typeof signOffColumns];
    await trx
      .updateTable('freight_statement')
      // Sent back to draft: the check no longer stands.
      .set({ state: body.to, [at]: sent ? null : new Date(), [by]: sent ? null : actor.userId })
      .where('id', '=', id)
      .execute();
    await recordEvent(
      trx,
      id,
      'transition',
      { state: { from: row.state, to: body.to }, total: totals.total },
      actor.userId,
    );
  });
}
