import { type FreightStatementSummary, freightMessages, isSeenByContractor } from '@lms/domain';
import type { Executor } from '../db/database.ts';
import { forbidden } from '../http/errors.ts';

/**
 * A contractor's own account (docs/freight.md): a user whom a contractor record names
 * (`contractor.app_user_id`) reads that contractor's approved statements and nothing else, whatever
 * roles its permission groups hold; staff are not narrowed. Answered per request (a link made or
 * removed by master-data staff takes effect at once).
 */
export type ContractorScope = readonly string[] | null;

/** The contractors this user is, or null for staff (no contractor record names them). */
export async function contractorScopeOf(db: Executor, userId: string): Promise<ContractorScope> {
  const rows = await db.selectFrom('contractor').select('id').where('app_user_id', '=', userId).execute();
  return rows.length > 0 ? rows.map((r) => r.id) : null;
}

/** Whether the scope shows this statement (staff: every one). */
export function inScope(
  scope: ContractorScope,
  statement: Pick<FreightStatementSummary, 'contractorId' | 'state'>,
) {
  return scope === null || (scope.includes(statement.contractorId) && isSeenByContractor(statement.state));
}

/** Drafting, adjusting, recalculating and moving are staff's: a contractor is refused. */
export function refuseContractor(scope: ContractorScope): void {
  if (scope !== null) throw forbidden(freightMessages.contractorsOwn);
}
