import {
  can,
  type EntityDef,
  INTEGRATION_MESSAGES,
  phrase,
  singleNaturalKey,
  type UpsertStatus,
  validateRecord,
  validationMessages,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import { changesOf, recordHistory } from '../crud/history.ts';
import { translateWriteError } from '../crud/pgErrors.ts';
import { findRecord, type Row, writeRecord } from '../crud/repository.ts';
import type { Tx } from '../db/database.ts';
import { columnOf, tableOf } from '../entities/naming.ts';
import { forbidden, HttpError, unprocessable } from '../http/errors.ts';
import { refuseChangeToBookedOrder } from './bookedOrders.ts';

/**
 * The upsert step of the ERP integration: records matched on the entity's natural key, each
 * validated by the domain schema (the form's), written by the generic CRUD repository with a
 * history entry, in the caller's transaction. Kept behind this one function so that the Excel
 * import's core can take its place (issue 18) without touching the routes.
 */

export interface UpsertScope {
  /** The acting branch of a branch-owned entity (already checked against the caller's branches). */
  readonly branchId?: string;
  readonly principal: Principal;
}

export interface UpsertResult {
  /** 1-based position in the records sent. */
  readonly row: number;
  readonly key: string | null;
  readonly status: UpsertStatus;
  readonly errors: Record<string, string>;
  readonly id?: string;
  /** The failure was a conflict with the data (a booked order): the call answers 409. */
  readonly conflict?: boolean;
}

/** Set by the server on every sync of an entity that declares it (SO, DO, article). */
const SYNC_FIELD = 'lastSyncAt';
const FORM = '_form';

const isRecord = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rows as the comparison sees them: child rows lose their ids, which every rewrite renews. */
function comparable(entity: EntityDef, row: Row): Row {
  const out: Row = { ...row };
  for (const child of entity.children ?? [])
    if (Array.isArray(out[child.name]))
      out[child.name] = (out[child.name] as Row[]).map(({ id: _id, ...rest }) => rest);
  return out;
}

/** `{ from, to }` per field the write changed, bookkeeping (and the sync time) left out. */
function changed(entity: EntityDef, before: Row, after: Row): Row {
  const changes = changesOf('update', comparable(entity, before), comparable(entity, after));
  delete changes[SYNC_FIELD];
  return changes;
}

function validated(entity: EntityDef, body: Row): Row {
  const result = validateRecord(entity, 'create', body);
  if (!result.ok) throw unprocessable(result.errors);
  return result.value;
}

async function create(trx: Tx, entity: EntityDef, record: Row, scope: UpsertScope) {
  const verdict = can(scope.principal.roles, entity, 'create');
  if (!verdict.can) throw forbidden(verdict.reason);
  const values = validated(entity, record);
  const id = (await writeRecord(trx, entity, values, {
    userId: scope.principal.userId,
    branchId: scope.branchId,
  }))!;
  const after = await findRecord(trx, entity, id, scope.branchId);
  await recordHistory(trx, {
    entity,
    recordId: id,
    action: 'create',
    changes: changesOf('create', undefined, after),
    userId: scope.principal.userId,
  });
  return { id, status: 'created' as const };
}

/**
 * Fields the record leaves out keep their value: the ERP may send only what it owns. The merged
 * record must still be valid as a whole, as the form would check it.
 */
async function update(trx: Tx, entity: EntityDef, id: string, record: Row, scope: UpsertScope) {
  const before = (await findRecord(trx, entity, id, scope.branchId, true))!;
  // Dates as the API writes them (ISO strings), so the stored record validates like a body.
  const values = validated(entity, { ...JSON.parse(JSON.stringify(before)), ...record });
  await writeRecord(
    trx,
    entity,
    values,
    { userId: scope.principal.userId },
    { id, version: before.version as number },
  );
  const after = (await findRecord(trx, entity, id, scope.branchId))!;
  const changes = changed(entity, before, after);
  if (!Object.keys(changes).length) return { id, status: 'unchanged' as const };
  await refuseChangeToBookedOrder(trx, entity, id, before, changes);
  await recordHistory(trx, {
    entity,
    recordId: id,
    action: 'update',
    changes,
    userId: scope.principal.userId,
  });
  return { id, status: 'updated' as const };
}

/** The ids of the records already stored under these keys (in the acting branch), in one query. */
async function existingIds(
  trx: Tx,
  entity: EntityDef,
  keyField: string,
  keys: string[],
  branchId?: string,
): Promise<Map<string, string>> {
  if (!keys.length) return new Map();
  const column = sql.ref(`t.${columnOf({ name: keyField })}`);
  const branch = entity.branchOwned ? sql`and t.branch_id = ${branchId ?? null}` : sql``;
  const { rows } = await sql<{ id: string; key: string }>`
    select t.id, ${column} as key from ${sql.table(tableOf(entity))} t
     where ${column} = any(${keys}::text[]) ${branch}`.execute(trx);
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** Why a record failed, as field → Thai message; anything that is not the caller's fault is rethrown. */
async function failureOf(entity: EntityDef, error: unknown): Promise<HttpError> {
  const translated =
    error instanceof HttpError ? error : await translateWriteError(entity, error).catch((e) => e);
  if (!(translated instanceof HttpError) || translated.status >= 500) throw error;
  return translated;
}

/**
 * Upserts `records` of `entity` in `trx`, one savepoint each: a failed record is undone alone and
 * reported, the others are still checked, and the caller decides whether to commit. A record whose
 * write changes nothing is rolled back too, so its version and history stay as they were.
 */
export async function upsertRecords(
  trx: Tx,
  entity: EntityDef,
  records: readonly unknown[],
  scope: UpsertScope,
): Promise<UpsertResult[]> {
  const keyField = entity.fields.find((f) => f.name === singleNaturalKey(entity));
  if (!keyField) throw new Error(`${entity.name} declares no natural key`);
  const keyOf = (record: unknown) => {
    const value = isRecord(record) ? record[keyField.name] : undefined;
    const key = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
    return key || null;
  };
  const keys = records.map(keyOf);
  const ids = await existingIds(
    trx,
    entity,
    keyField.name,
    [...new Set(keys.filter((k) => k !== null))],
    scope.branchId,
  );
  const firstRow = new Map<string, number>();
  const results: UpsertResult[] = [];
  const hasSyncTime = entity.fields.some((f) => f.name === SYNC_FIELD);

  for (const [index, record] of records.entries()) {
    const row = index + 1;
    const key = keys[index] ?? null;
    const fail = (errors: Record<string, string>, conflict = false) =>
      results.push({ row, key, status: 'failed', errors, conflict });
    if (!isRecord(record)) {
      fail({ [FORM]: INTEGRATION_MESSAGES.recordNotObject });
      continue;
    }
    if (key === null) {
      fail({ [keyField.name]: validationMessages.required(keyField.label) });
      continue;
    }
    const earlier = firstRow.get(key);
    if (earlier !== undefined) {
      fail({ [keyField.name]: INTEGRATION_MESSAGES.duplicateKey(keyField.label, earlier) });
      continue;
    }
    firstRow.set(key, row);
    const existing = ids.get(key);
    await sql`savepoint upsert_record`.execute(trx);
    try {
      const body = { ...record, [keyField.name]: key };
      const outcome = existing
        ? await update(trx, entity, existing, body, scope)
        : await create(trx, entity, body, scope);
      if (outcome.status === 'unchanged') await sql`rollback to savepoint upsert_record`.execute(trx);
      await sql`release savepoint upsert_record`.execute(trx);
      if (hasSyncTime)
        await sql`update ${sql.table(tableOf(entity))} set last_sync_at = now() where id = ${outcome.id}`.execute(
          trx,
        );
      results.push({ row, key, status: outcome.status, errors: {}, id: outcome.id });
    } catch (error) {
      await sql`rollback to savepoint upsert_record`.execute(trx);
      await sql`release savepoint upsert_record`.execute(trx);
      const failure = await failureOf(entity, error);
      fail(failure.errors ?? { [FORM]: phrase(...failure.messages) }, failure.status === 409);
    }
  }
  return results;
}
