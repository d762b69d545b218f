import type { EntityDef } from '@lms/domain';
import { sql } from 'kysely';
import { hasWriteEffects, writeEffects } from '../crud/extensions.ts';
import { changesOf, type HistoryDraft, recordHistories, recordHistory } from '../crud/history.ts';
import { translateWriteError } from '../crud/pgErrors.ts';
import { type Row, writeRecord } from '../crud/repository.ts';
import type { Tx } from '../db/database.ts';
import { tableOf } from '../entities/naming.ts';
import { HttpError } from '../http/errors.ts';
import type { Pending } from './check.ts';
import type { ImportOptions } from './options.ts';
import { writeBatch } from './writeBatch.ts';

const STALE = 'ข้อมูลนี้ถูกแก้ไขโดยผู้อื่นระหว่างนำเข้า กรุณานำเข้าใหม่';

/** A record written, for the extension's after-commit step. */
export interface Written {
  readonly action: 'create' | 'update';
  readonly id: string;
}

/**
 * The writing half of the import core, one checked chunk at a time in the import's transaction:
 * the chunk's columns and links in a few statements (writeBatch.ts) with one INSERT of its history
 * entries. A batch the database refuses (a constraint the schema does not know) is rolled back to
 * its savepoint and written again row by row with the CRUD's `writeRecord`, so the refused row is
 * named; so are records the batch cannot write (child rows, attachments, an extension's afterWrite).
 * With `sync`, every record matched or written gets `lastSyncAt` (one statement).
 */
export async function writeChunk(
  trx: Tx,
  entity: EntityDef,
  chunk: readonly Pending[],
  options: ImportOptions,
): Promise<Written[]> {
  const written: Written[] = [];
  const toWrite = chunk.filter((e) => e.status === 'created' || e.status === 'updated');
  const byRecord = (e: Pending) =>
    hasWriteEffects(options.extension) ||
    e.children.length > 0 ||
    e.present.some((f) => f.type === 'attachments' && f.name in e.values);
  const batch = toWrite.filter((e) => !byRecord(e));
  const one = toWrite.filter(byRecord);
  if (batch.length && !(await writeInBatch(trx, entity, batch, options, written))) one.push(...batch);
  for (const entry of one) {
    await sql`savepoint import_row`.execute(trx);
    try {
      const id = await writeOne(trx, entity, entry, options);
      await sql`release savepoint import_row`.execute(trx);
      written.push({ action: entry.status === 'created' ? 'create' : 'update', id });
    } catch (error) {
      await sql`rollback to savepoint import_row`.execute(trx);
      entry.status = 'failed';
      entry.errors = { ...entry.errors, ...(await writeErrors(entity, error)) };
      entry.conflict = error instanceof HttpError && error.status === 409;
    }
  }
  if (options.sync) {
    const ids = [
      ...written.map((w) => w.id),
      ...chunk.filter((e) => e.status === 'unchanged').map((e) => e.existing!.id as string),
    ];
    if (ids.length)
      await sql`update ${sql.table(tableOf(entity))} set last_sync_at = now() where id = any(${ids}::uuid[])`.execute(
        trx,
      );
  }
  return written;
}

/** A batch in a few statements with its history entries; false when the database refused it (rolled back). */
async function writeInBatch(
  trx: Tx,
  entity: EntityDef,
  batch: Pending[],
  options: ImportOptions,
  written: Written[],
): Promise<boolean> {
  const { principal } = options;
  await sql`savepoint import_batch`.execute(trx);
  try {
    const ids = await writeBatch(trx, entity, batch, {
      userId: principal.userId,
      branchId: options.branchId,
    });
    const history: HistoryDraft<'create' | 'update'>[] = [];
    const stale: Pending[] = [];
    for (const [i, entry] of batch.entries()) {
      const id = ids[i];
      if (!id) {
        stale.push(entry);
        continue;
      }
      const action = entry.existing ? 'update' : 'create';
      const after: Row = { ...entry.existing, ...entry.values, id };
      history.push({ recordId: id, action, changes: changesOf(action, entry.existing, after) });
    }
    await recordHistories(trx, entity, history, { userId: principal.userId, source: options.source });
    await sql`release savepoint import_batch`.execute(trx);
    for (const { recordId, action } of history) written.push({ id: recordId, action });
    for (const entry of stale) {
      entry.status = 'failed';
      entry.errors = { ...entry.errors, '': STALE };
      entry.conflict = true;
    }
    return true;
  } catch {
    await sql`rollback to savepoint import_batch`.execute(trx);
    return false;
  }
}

async function writeOne(trx: Tx, entity: EntityDef, entry: Pending, options: ImportOptions): Promise<string> {
  const { principal } = options;
  const before = entry.existing;
  const id = await writeRecord(
    trx,
    entity,
    entry.values,
    { userId: principal.userId, branchId: options.branchId },
    before ? { id: before.id as string, version: before.version as number } : undefined,
  );
  if (!id) throw new HttpError(409, [STALE]);
  const after: Row = { ...before, ...entry.values, id };
  const action = before ? 'update' : 'create';
  await recordHistory(trx, {
    entity,
    recordId: id,
    action,
    changes: changesOf(action, before, after),
    userId: principal.userId,
    source: options.source,
  });
  await writeEffects(options.extension, trx, { action, id, before, after, principal }, options.ctx!);
  return id;
}

/** A refused write → field name (or '') → message: the database's refusals in the CRUD's Thai words. */
async function writeErrors(entity: EntityDef, error: unknown): Promise<Record<string, string>> {
  const translated =
    error instanceof HttpError ? error : await translateWriteError(entity, error).catch((e: unknown) => e);
  if (!(translated instanceof HttpError) || translated.status >= 500) throw error;
  return translated.errors ? { ...translated.errors } : { '': translated.messages.join(' ') };
}
