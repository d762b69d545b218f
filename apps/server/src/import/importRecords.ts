import {
  type EntityDef,
  type EntityName,
  type FieldDef,
  type ImportMode,
  type ImportProgress,
  type ImportReport,
  type ImportRow,
  type ImportStatus,
  naturalKeyOf,
  validateRecord,
} from '@lms/domain';
import { sql } from 'kysely';
import type { Principal } from '../auth/principal.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import { changesOf, type HistoryDraft, recordHistories, recordHistory } from '../crud/history.ts';
import { translateWriteError } from '../crud/pgErrors.ts';
import { type Row, writeRecord } from '../crud/repository.ts';
import type { Database, Tx } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { cellText, parseCell } from './cells.ts';
import { importColumns } from './columns.ts';
import { AMBIGUOUS, findByKeys, keyText } from './existing.ts';
import { resolveReferences } from './references.ts';
import { writeBatch } from './writeBatch.ts';

/** One record to import: field name → the value as written (a cell, a JSON value). */
export interface ImportRecord {
  /** Its sheet row (header = 1) or position, as the report names it. */
  readonly row: number;
  readonly values: Readonly<Record<string, unknown>>;
}

export interface ImportOptions {
  readonly mode: ImportMode;
  /** Check and report only; nothing is kept. */
  readonly dryRun: boolean;
  /** Keep the valid rows when some fail (otherwise one failure keeps nothing). */
  readonly validOnly: boolean;
  /** The acting branch: branch-owned records are matched and created in it, never another. */
  readonly branchId?: string;
  readonly principal: Principal;
  /** Written into each history entry (`import: ลูกค้า.xlsx`). */
  readonly source: string;
  readonly extension?: EntityExtension;
  readonly ctx?: AuthContext;
  /** Told every thousand rows checked and every batch written (the import job's progress). */
  readonly onProgress?: (progress: ImportProgress) => void | Promise<void>;
}

/** At most this many failed rows carry their cells in the report (the rest their messages only). */
const MAX_ROWS_WITH_VALUES = 1000;

const ALREADY_EXISTS = 'มีข้อมูลนี้อยู่แล้ว (นำเข้าแบบเพิ่มใหม่เท่านั้น)';
const AMBIGUOUS_KEY = 'พบข้อมูลที่มีค่านี้มากกว่าหนึ่งรายการ จึงไม่รู้ว่าจะแก้ไขรายการใด';
const DUPLICATE_IN_FILE = (row: number) => `ซ้ำกับแถวที่ ${row} ในไฟล์`;
const STALE = 'ข้อมูลนี้ถูกแก้ไขโดยผู้อื่นระหว่างนำเข้า กรุณานำเข้าใหม่';

/** Whether a value read back equals the one imported (numbers as numbers, lists as sets). */
function same(field: FieldDef, stored: unknown, imported: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (v === undefined || v === null || v === '') return null;
    if (Array.isArray(v)) return JSON.stringify(v.map(String).sort());
    if (field.type === 'integer' || field.type === 'decimal') return Number(v);
    return v;
  };
  return norm(stored) === norm(imported);
}

class Rollback extends Error {}

/** Rows checked or written between two progress reports, and the rows of one write batch. */
const BATCH = 1000;

/**
 * Every BATCH rows: the progress, and a turn for the event loop (checking 100,000 rows is
 * seconds of CPU that would otherwise stop every other request of the server).
 */
async function step(options: ImportOptions, progress: ImportProgress, index: number): Promise<void> {
  if (index % BATCH !== 0 && index !== progress.total) return;
  await options.onProgress?.(progress);
  await new Promise((resolve) => setImmediate(resolve));
}

interface Pending {
  row: number;
  status: ImportStatus;
  key?: string;
  errors: Record<string, string>;
  raw: Readonly<Record<string, unknown>>;
  /** Field names present in the record. */
  present: FieldDef[];
  values: Row;
  existing?: Row;
}

/**
 * The import core, shared by the Excel import and any other way records arrive: parses each
 * value for its field, resolves references in bulk, matches rows on the natural key, validates
 * with the form's domain schema and writes in one transaction (a thousand rows per statement;
 * a batch the database refuses is written again row by row, so one refused row is reported,
 * not fatal). Answers the report; keeps nothing on a dry run, and
 * nothing at all when a row failed unless `validOnly`.
 */
export async function importRecords(
  db: Database,
  entity: EntityDef,
  records: readonly ImportRecord[],
  options: ImportOptions,
): Promise<ImportReport> {
  const fields = importColumns(entity);
  const keyNames = naturalKeyOf(entity);
  const keyFields = keyNames.map((name) => entity.fields.find((f) => f.name === name)!);

  // 1. Cells → values; references collected per target entity.
  const tokens = new Map<EntityName, Set<string>>();
  const pending: Pending[] = records.map(({ row, values: raw }) => {
    const present = fields.filter((f) => f.name in raw);
    const entry: Pending = { row, status: 'failed', errors: {}, raw, present, values: {} };
    for (const field of present) {
      const parsed = parseCell(field, raw[field.name]);
      if (!parsed.ok) {
        entry.errors[field.label] = parsed.error;
        continue;
      }
      entry.values[field.name] = parsed.value;
      if ((field.type === 'ref' || field.type === 'refs') && field.ref && parsed.value !== null) {
        const set = tokens.get(field.ref) ?? new Set<string>();
        for (const token of [parsed.value].flat() as string[]) set.add(token);
        tokens.set(field.ref, set);
      }
    }
    return entry;
  });
  const references = await resolveReferences(db, tokens, options.branchId);
  for (const entry of pending) {
    for (const field of entry.present) {
      if (!(field.type === 'ref' || field.type === 'refs') || !field.ref) continue;
      const value = entry.values[field.name];
      if (value === null || value === undefined) continue;
      const ids: string[] = [];
      for (const token of [value].flat() as string[]) {
        const found = references.get(field.ref)?.get(token);
        if (found && 'id' in found) ids.push(found.id);
        else if (found) entry.errors[field.label] = found.error;
      }
      entry.values[field.name] = Array.isArray(value) ? ids : ids[0];
    }
  }

  // 2. Natural keys: duplicates within the file, then the records that already exist (in bulk).
  const seen = new Map<string, number>();
  const keyOf = (entry: Pending) => keyNames.map((name) => entry.values[name]);
  const keyed = pending.filter(
    (e) => keyNames.length > 0 && keyOf(e).every((v) => v !== null && v !== undefined && v !== ''),
  );
  for (const entry of keyed) {
    entry.key = keyFields.map((f) => cellText(entry.raw[f.name])).join(' / ');
    const text = keyText(keyOf(entry));
    const first = seen.get(text);
    if (first !== undefined) entry.errors[keyFields[0]!.label] = DUPLICATE_IN_FILE(first);
    else seen.set(text, entry.row);
  }
  const existing = await findByKeys(
    db,
    entity,
    keyed.filter((e) => Object.keys(e.errors).length === 0).map(keyOf),
    options.branchId,
  );

  // 3. The form's schema on the whole record (the stored one with the row's values over it).
  for (const [index, entry] of pending.entries()) {
    await step(options, { phase: 'checking', done: index, total: pending.length }, index);
    if (Object.keys(entry.errors).length) continue;
    const found = existing.get(keyText(keyOf(entry)));
    if (found === AMBIGUOUS) {
      entry.errors[keyFields[0]!.label] = AMBIGUOUS_KEY;
      continue;
    }
    const before = found;
    if (before && options.mode === 'insert') {
      entry.errors[keyFields[0]!.label] = ALREADY_EXISTS;
      continue;
    }
    const result = validateRecord(
      entity,
      before ? 'update' : 'create',
      before ? { ...before, ...entry.values } : entry.values,
    );
    const extra = result.ok ? ((await options.extension?.validate?.(result.value, options.ctx!)) ?? {}) : {};
    const errors = result.ok ? extra : result.errors;
    for (const [name, message] of Object.entries(errors))
      entry.errors[entity.fields.find((f) => f.name === name)?.label ?? name] = message;
    if (Object.keys(entry.errors).length || !result.ok) continue;
    const written = before ? entry.present : fields;
    entry.values = Object.fromEntries(
      written.filter((f) => f.name in result.value).map((f) => [f.name, result.value[f.name]]),
    );
    entry.existing = before;
    entry.status = !before
      ? 'created'
      : written.every((f) => same(f, before[f.name], entry.values[f.name]))
        ? 'unchanged'
        : 'updated';
  }

  // 4. Writes: one transaction, a batch of rows per statement; rolled back on a dry run or a failure.
  const written: { action: 'create' | 'update'; id: string }[] = [];
  const toWrite = pending.filter((e) => e.status === 'created' || e.status === 'updated');
  // An extension's afterWrite (users' passwords) runs per record: such an entity is written row by row.
  const batched = !options.extension?.afterWrite;
  let applied = false;
  await db
    .transaction()
    .execute(async (trx) => {
      for (let start = 0; start < toWrite.length; start += BATCH) {
        await step(options, { phase: 'writing', done: start, total: toWrite.length }, start);
        const batch = toWrite.slice(start, start + BATCH);
        if (batched && (await writeInBatch(trx, entity, batch, options, written))) continue;
        for (const entry of batch) {
          await sql`savepoint import_row`.execute(trx);
          try {
            const id = await writeOne(trx, entity, entry, options);
            await sql`release savepoint import_row`.execute(trx);
            written.push({ action: entry.status === 'created' ? 'create' : 'update', id });
          } catch (error) {
            await sql`rollback to savepoint import_row`.execute(trx);
            entry.status = 'failed';
            entry.errors = { ...entry.errors, ...(await writeErrors(entity, error)) };
          }
        }
      }
      await step(options, { phase: 'writing', done: toWrite.length, total: toWrite.length }, toWrite.length);
      const failed = pending.some((e) => e.status === 'failed');
      if (options.dryRun || (failed && !options.validOnly) || written.length === 0) throw new Rollback();
      applied = true;
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  if (applied) for (const write of written) options.extension?.afterCommit?.(write, options.ctx!);
  return report(pending, applied);
}

/**
 * Writes a batch in a few statements (writeBatch.ts) with its history entries; false when the
 * database refused it (a unique or check constraint), rolled back to before the batch so its
 * rows are written one by one, each refusal reported on its row.
 */
async function writeInBatch(
  trx: Tx,
  entity: EntityDef,
  batch: Pending[],
  options: ImportOptions,
  written: { action: 'create' | 'update'; id: string }[],
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
    for (const { recordId, action } of history) written.push({ id: recordId, action });
    for (const entry of stale) {
      entry.status = 'failed';
      entry.errors = { ...entry.errors, '': STALE };
    }
    await sql`release savepoint import_batch`.execute(trx);
    return true;
  } catch {
    await sql`rollback to savepoint import_batch`.execute(trx);
    return false;
  }
}

async function writeOne(trx: Tx, entity: EntityDef, entry: Pending, options: ImportOptions): Promise<string> {
  const { principal } = options;
  const before = entry.existing;
  const version = before?.version as number | undefined;
  const id = await writeRecord(
    trx,
    entity,
    entry.values,
    { userId: principal.userId, branchId: options.branchId },
    before ? { id: before.id as string, version: version! } : undefined,
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
  await options.extension?.afterWrite?.(trx, { action, id, before, after, principal }, options.ctx!);
  return id;
}

/** A refused write → column → message (the database's refusals in the CRUD's Thai words). */
async function writeErrors(entity: EntityDef, error: unknown): Promise<Record<string, string>> {
  try {
    await translateWriteError(entity, error);
  } catch (translated) {
    if (!(translated instanceof HttpError)) throw translated;
    if (translated.errors)
      return Object.fromEntries(
        Object.entries(translated.errors).map(([name, message]) => [
          entity.fields.find((f) => f.name === name)?.label ?? name,
          message,
        ]),
      );
    return { '': translated.messages.join(' ') };
  }
  return {};
}

function report(pending: Pending[], applied: boolean): ImportReport {
  const count = (status: ImportStatus) => pending.filter((e) => e.status === status).length;
  let withValues = 0;
  const rows: ImportRow[] = pending.map((entry) => {
    const row: ImportRow = {
      row: entry.row,
      status: entry.status,
      ...(entry.key ? { key: entry.key } : {}),
      errors: entry.errors,
    };
    if (entry.status !== 'failed' || withValues++ >= MAX_ROWS_WITH_VALUES) return row;
    const values = Object.fromEntries(entry.present.map((f) => [f.label, cellText(entry.raw[f.name])]));
    return { ...row, values };
  });
  return {
    total: pending.length,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    failed: count('failed'),
    applied,
    rows,
  };
}
