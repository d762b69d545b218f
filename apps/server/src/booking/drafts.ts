import type { SuggestRequest } from '@lms/booking';
import { type DateFormatOptions, type DraftAllocation, DraftAnswer } from '@lms/domain';
import { sql } from 'kysely';
import { Compile } from 'typebox/compile';
import type { Database } from '../db/database.ts';
import { columns, storedJson } from '../db/fields.ts';
import { conflict, notFound } from '../http/errors.ts';

/** What the planner asked for (step Info), with its defaults, and the allocations they are fine-tuning (the contract's shapes). */
export type DraftRequest = DraftAnswer['draft']['request'];
export type { DraftAllocation };

export interface Draft {
  readonly id: string;
  readonly branchId: string;
  /** The planner's; null for a customer's link (made and confirmed in one request: contact/rebook.ts). */
  readonly userId: string | null;
  readonly request: DraftRequest;
  readonly allocations: readonly DraftAllocation[];
  readonly version: number;
}

export const toSuggestRequest = (
  branchId: string,
  request: DraftRequest,
  today: string,
  era: DateFormatOptions = {},
): SuggestRequest => ({
  branchId,
  today,
  era,
  shipToId: request.shipToId,
  shipCondId: request.shipCondId,
  deliveryOrderIds: request.deliveryOrderIds,
  wantedDate: request.wantedDate,
  special: request.special,
});

export async function createDraft(
  db: Database,
  branchId: string,
  userId: string | null,
  request: DraftRequest,
  allocations: readonly DraftAllocation[],
) {
  const { id } = await db
    .insertInto('booking_draft')
    .values({
      branch_id: branchId,
      user_id: userId,
      request: JSON.stringify(request),
      allocations: JSON.stringify(allocations),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const DRAFT_GONE = 'ไม่พบร่างการจองนี้ อาจยืนยันหรือยกเลิกไปแล้ว';

/** A draft's columns under the names of `Draft`. */
const draftColumns = [
  'id',
  'branch_id as branchId',
  'user_id as userId',
  'request',
  'allocations',
  'version',
] as const;

const storedRequest = Compile(DraftAnswer.properties.draft.properties.request);
const storedAllocations = Compile(DraftAnswer.properties.draft.properties.allocations);

/** The JSON columns read back as the shapes createDraft and saveAllocations wrote, checked again. */
const toDraft = (
  row: Omit<Draft, 'request' | 'allocations'> & { request: unknown; allocations: unknown },
) => ({
  ...row,
  request: storedJson(storedRequest, row.request, 'booking_draft.request'),
  allocations: storedJson(storedAllocations, row.allocations, 'booking_draft.allocations'),
});

/** A draft's columns under the names of `Draft`, in a statement of its own SQL. */
const draftFields = columns('booking_draft', [
  'id',
  'branchId',
  'userId',
  'request',
  'allocations',
  'version',
]);

/** Which draft: its id, and the branch and planner it must belong to (null: a customer's link's). */
export interface DraftKey {
  readonly id: string;
  readonly branchId: string;
  readonly userId: string | null;
}

/**
 * A draft read inside a larger statement (a confirm's world, booking/world.ts): `cte` selects it
 * as `Draft`'s columns; the id lists are uuid[] expressions over a CTE of that name (`draft`),
 * null when there is no such draft (cast outside the subquery: `any((select …))` would read it as a
 * set of arrays).
 */
export const draftInStatement = ({ id, branchId, userId }: DraftKey) => ({
  cte: sql`select ${draftFields} from booking_draft
    where id = ${id} and branch_id = ${branchId} and user_id is not distinct from ${userId}::uuid`,
  /** The same as a confirm's first write: the draft deleted and returned (see `takeDraft`). */
  takeCte: sql`delete from booking_draft where id = ${id} and branch_id = ${branchId}
    and user_id is not distinct from ${userId}::uuid returning ${draftFields}`,
  deliveryOrderIds: sql`(select array(select jsonb_array_elements_text(request -> 'deliveryOrderIds')) from draft)::uuid[]`,
  shipToIds: sql`(select array[request ->> 'shipToId'] from draft)::uuid[]`,
  slotIds: sql`(select array(select distinct a ->> 'slotId' from jsonb_array_elements(allocations) a) from draft)::uuid[]`,
});

/**
 * A draft as `draftInStatement` reads it (JSON), or a 404 when it is gone. A confirm's first write
 * takes it (`takeCte`): the row lock of the deletion is what keeps two confirms of one draft apart
 * (the second waits, then finds nothing); a failed confirm rolls the deletion back with the rest.
 */
export function foundDraft(row: unknown): Draft {
  if (!row) throw notFound(DRAFT_GONE);
  return toDraft(row as Parameters<typeof toDraft>[0]);
}

/** A draft of the acting branch; drafts are the planner's own (another planner's is not found). */
export async function findDraft(
  db: Database,
  id: string,
  branchId: string,
  userId: string,
  lock = false,
): Promise<Draft> {
  const row = await db
    .selectFrom('booking_draft')
    .select(draftColumns)
    .where('id', '=', id)
    .where('branch_id', '=', branchId)
    .where('user_id', '=', userId)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) throw notFound(DRAFT_GONE);
  return toDraft(row);
}

export async function saveAllocations(
  db: Database,
  draft: Draft,
  version: number,
  allocations: readonly DraftAllocation[],
) {
  const row = await db
    .updateTable('booking_draft')
    .set((eb) => ({
      allocations: JSON.stringify(allocations),
      version: eb('version', '+', 1),
      updated_at: sql<Date>`now()`,
    }))
    .where('id', '=', draft.id)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  if (!row) throw conflict('ร่างการจองนี้ถูกแก้ไขในหน้าต่างอื่นแล้ว กรุณาโหลดใหม่');
  return row.version;
}

/** Discards a draft of the planner's own (nothing when it is gone already). */
export async function deleteDraft(db: Database, id: string, branchId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('booking_draft')
    .where('id', '=', id)
    .where('branch_id', '=', branchId)
    .where('user_id', '=', userId)
    .execute();
}
