import type { SuggestRequest } from '@lms/booking';
import type { DraftAllocation, DraftAnswer } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { conflict, notFound } from '../http/errors.ts';

/** What the planner asked for (step Info), with its defaults, and the allocations they are fine-tuning (the contract's shapes). */
export type DraftRequest = DraftAnswer['draft']['request'];
export type { DraftAllocation };

export interface Draft {
  readonly id: string;
  readonly branchId: string;
  readonly userId: string;
  readonly request: DraftRequest;
  readonly allocations: readonly DraftAllocation[];
  readonly version: number;
}

export const toSuggestRequest = (branchId: string, request: DraftRequest, today: string): SuggestRequest => ({
  branchId,
  today,
  shipToId: request.shipToId,
  shipCondId: request.shipCondId,
  deliveryOrderIds: request.deliveryOrderIds,
  wantedDate: request.wantedDate,
  special: request.special,
});

export async function createDraft(
  db: Database,
  branchId: string,
  userId: string,
  request: DraftRequest,
  allocations: readonly DraftAllocation[],
) {
  const { rows } = await sql<{
    id: string;
  }>`insert into booking_draft (branch_id, user_id, request, allocations)
    values (${branchId}, ${userId}, ${JSON.stringify(request)}::jsonb, ${JSON.stringify(allocations)}::jsonb) returning id`.execute(
    db,
  );
  return rows[0]!.id;
}

const DRAFT_GONE = 'ไม่พบร่างการจองนี้ อาจยืนยันหรือยกเลิกไปแล้ว';

/** A draft of the acting branch; drafts are the planner's own (another planner's is not found). */
export async function findDraft(
  db: Database,
  id: string,
  branchId: string,
  userId: string,
  lock = false,
): Promise<Draft> {
  const { rows } =
    await sql<Draft>`select id, branch_id as "branchId", user_id as "userId", request, allocations, version
    from booking_draft where id = ${id} and branch_id = ${branchId} and user_id = ${userId} ${lock ? sql`for update` : sql``}`.execute(
      db,
    );
  if (!rows[0]) throw notFound(DRAFT_GONE);
  return rows[0];
}

/**
 * A confirm's first write: the draft is deleted and returned. The row lock this takes is what
 * keeps two confirms of one draft apart (the second waits, then finds nothing); a failed confirm
 * rolls the deletion back with everything else.
 */
export async function takeDraft(db: Database, id: string, branchId: string, userId: string): Promise<Draft> {
  const { rows } =
    await sql<Draft>`delete from booking_draft where id = ${id} and branch_id = ${branchId} and user_id = ${userId}
    returning id, branch_id as "branchId", user_id as "userId", request, allocations, version`.execute(db);
  if (!rows[0]) throw notFound(DRAFT_GONE);
  return rows[0];
}

export async function saveAllocations(
  db: Database,
  draft: Draft,
  version: number,
  allocations: readonly DraftAllocation[],
) {
  const { rows } = await sql<{
    version: number;
  }>`update booking_draft set allocations = ${JSON.stringify(allocations)}::jsonb,
      version = version + 1, updated_at = now()
    where id = ${draft.id} and version = ${version} returning version`.execute(db);
  if (!rows[0]) throw conflict('ร่างการจองนี้ถูกแก้ไขในหน้าต่างอื่นแล้ว กรุณาโหลดใหม่');
  return rows[0].version;
}
