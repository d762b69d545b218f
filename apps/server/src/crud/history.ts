import type { EntityDef, FieldDef, HistoryEntry as HistoryAnswer } from '@lms/domain';
import { type Insertable, sql } from 'kysely';
import type { Database, Executor } from '../db/database.ts';
import type { DB } from '../db/schema.generated.ts';
import { LabelRequest, labelledFields, labelOf } from './labels.ts';

type Row = Record<string, unknown>;
/** Bookkeeping columns that change on every write: not news in a history entry. */
const IGNORED = new Set(['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy']);

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** What a write changed: every set field on create and delete, `{ from, to }` pairs on update. */
export function changesOf(action: 'create' | 'update' | 'delete', before?: Row, after?: Row): Row {
  const changes: Row = {};
  if (action === 'update' && before && after) {
    for (const key of Object.keys(after)) {
      if (!IGNORED.has(key) && !same(before[key], after[key]))
        changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
    }
    return changes;
  }
  for (const [key, value] of Object.entries((action === 'create' ? after : before) ?? {})) {
    if (
      !IGNORED.has(key) &&
      value !== null &&
      value !== undefined &&
      !(Array.isArray(value) && value.length === 0)
    )
      changes[key] = value;
  }
  return changes;
}

/** One history entry. */
export interface HistoryEntry {
  entity: EntityDef;
  recordId: string;
  action: 'create' | 'update' | 'delete';
  changes: Row;
  /** null: not a user (the customer, through the appointment link). */
  userId: string | null;
  /** Where the write came from when not a screen (`import: ลูกค้า.xlsx`). */
  source?: string;
}

/**
 * Every key of an entry is the entity's field, child or declared history note (`historyNotes`), so
 * the history tab labels each one: a key no one declared is a mistake in the writer, found by its
 * tests, not a bare English word on a planner's screen.
 */
export function assertDeclaredChanges(entity: EntityDef, changes: Row): void {
  const declared = declaredKeys(entity);
  for (const key of Object.keys(changes))
    if (!declared.has(key))
      throw new Error(
        `history: ${entity.name} records "${key}", neither a field nor a declared history note`,
      );
}

/** An entity's fields, children and history notes by name, made once: an import checks thousands of entries. */
const declaredByEntity = new WeakMap<EntityDef, ReadonlySet<string>>();
function declaredKeys(entity: EntityDef): ReadonlySet<string> {
  let declared = declaredByEntity.get(entity);
  if (!declared) {
    declared = new Set([
      ...entity.fields.map((field) => field.name),
      ...(entity.children ?? []).map((child) => child.name),
      ...Object.keys(entity.historyNotes ?? {}),
    ]);
    declaredByEntity.set(entity, declared);
  }
  return declared;
}

/** The history row of one entry. */
function historyRow(entry: HistoryEntry): Insertable<DB['history']> {
  assertDeclaredChanges(entry.entity, entry.changes);
  return {
    entity: entry.entity.name,
    record_id: entry.recordId,
    action: entry.action,
    changes: JSON.stringify(entry.changes),
    user_id: entry.userId,
    source: entry.source ?? null,
  };
}

/**
 * The INSERT of one entry as SQL, for a caller that runs it inside a larger statement (confirm's
 * writes, a CTE the builder does not make).
 */
export const historyInsert = (entry: HistoryEntry) => {
  const row = Object.entries(historyRow(entry));
  return sql`insert into history (${sql.join(row.map(([column]) => sql.ref(column)))})
    values (${sql.join(row.map(([, value]) => value))})`;
};

export async function recordHistory(trx: Executor, entry: HistoryEntry): Promise<void> {
  const row = historyRow(entry);
  await trx.insertInto('history').values(row).execute();
}

/** One entry of `recordHistories`, before it is written. */
export interface HistoryDraft<
  Action extends 'create' | 'update' | 'delete' = 'create' | 'update' | 'delete',
> {
  readonly recordId: string;
  readonly action: Action;
  readonly changes: Row;
}

/** Many entries of one entity and one author in a single statement (the Excel import's batches, bulk actions). */
export async function recordHistories(
  trx: Executor,
  entity: EntityDef,
  entries: readonly HistoryDraft[],
  author: { userId: string | null; source?: string },
): Promise<void> {
  if (entries.length === 0) return;
  for (const entry of entries) assertDeclaredChanges(entity, entry.changes);
  // One `unnest` of three arrays: a thousand entries are one statement with three parameters.
  await trx
    .insertInto('history')
    .columns(['entity', 'record_id', 'action', 'changes', 'user_id', 'source'])
    .expression(
      sql`select ${entity.name}, e.record_id, e.action, e.changes::jsonb, ${author.userId}::uuid, ${author.source ?? null}
      from unnest(${entries.map((e) => e.recordId)}::uuid[], ${entries.map((e) => e.action)}::text[],
                  ${entries.map((e) => JSON.stringify(e.changes))}::text[]) as e(record_id, action, changes)`,
    )
    .execute();
}

/** Who wrote a line, from `app_user as u` and `api_key as k` joined on its user id. */
export const authorColumns = ['u.username', 'u.full_name', 'k.name as key_name'] as const;

/** `username: full name`, or `คีย์ API: name` for the ERP integration's key; null when gone. */
export function authorLabel(author: {
  username: string | null;
  full_name: string | null;
  key_name: string | null;
}): string | null {
  if (author.username !== null)
    return author.full_name === null ? author.username : `${author.username}: ${author.full_name}`;
  return author.key_name === null ? null : `คีย์ API: ${author.key_name}`;
}

const ACTIONS: readonly HistoryAnswer['action'][] = ['create', 'update', 'delete'];

/** A history row's action, as the writes above recorded it (the column is text). */
function actionOf(action: string): HistoryAnswer['action'] {
  const found = ACTIONS.find((a) => a === action);
  if (!found) throw new Error(`history: unknown action ${JSON.stringify(action)}`);
  return found;
}

/** A history row's changes: the object `changesOf` wrote (an older or hand-made row: none). */
const changesIn = (changes: unknown): Row =>
  changes !== null && typeof changes === 'object' && !Array.isArray(changes) ? { ...changes } : {};

/** A record's history as the contract answers it, newest first (at most 500 entries). */
export async function historyOf(db: Database, entity: EntityDef, recordId: string): Promise<HistoryAnswer[]> {
  const rows = await db
    .selectFrom('history as h')
    .leftJoin('app_user as u', 'u.id', 'h.user_id')
    // Writes of the ERP integration are recorded under the API key's id (integration/apiKeys.ts).
    .leftJoin('api_key as k', 'k.id', 'h.user_id')
    .select((eb) => [
      eb.cast<string>('h.id', 'text').as('id'),
      'h.action',
      'h.changes',
      'h.at',
      'h.user_id',
      'h.source',
      ...authorColumns,
    ])
    .where('h.entity', '=', entity.name)
    .where('h.record_id', '=', recordId)
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(500)
    .execute();
  return withHistoryLabels(
    db,
    entity,
    rows.map((row) => ({
      id: row.id,
      action: actionOf(row.action),
      changes: changesIn(row.changes),
      at: new Date(row.at).toISOString(),
      userId: row.user_id,
      source: row.source,
      userLabel: authorLabel(row),
    })),
  );
}

/** Every (field, value) of an entry whose value is a reference id, child rows included. */
function referencesIn(entity: EntityDef, changes: HistoryAnswer['changes']): [FieldDef, unknown][] {
  const found: [FieldDef, unknown][] = [];
  const values = (value: unknown) =>
    value !== null && typeof value === 'object' && 'to' in value
      ? [(value as { from?: unknown }).from, (value as { to?: unknown }).to]
      : [value];
  for (const field of labelledFields(entity.fields))
    if (field.name in changes) for (const value of values(changes[field.name])) found.push([field, value]);
  for (const child of entity.children ?? []) {
    if (!(child.name in changes)) continue;
    const fields = labelledFields(child.fields);
    for (const rows of values(changes[child.name]))
      for (const row of Array.isArray(rows) ? (rows as Row[]) : [])
        for (const field of fields) found.push([field, row?.[field.name]]);
  }
  return found;
}

/**
 * History entries keep the ids they were written with; each entry answers `labels` (id → label)
 * for the references in it, so a reader sees `BKK: กรุงเทพ`, never a UUID (issue 23).
 */
async function withHistoryLabels(
  db: Database,
  entity: EntityDef,
  rows: HistoryAnswer[],
): Promise<HistoryAnswer[]> {
  const request = new LabelRequest();
  const perEntry = rows.map((row) => referencesIn(entity, row.changes));
  for (const refs of perEntry) for (const [field, value] of refs) request.add(field, value);
  const index = await request.read(db);
  return rows.map((row, i) => {
    const labels: Record<string, string> = {};
    for (const [field, value] of perEntry[i]!) {
      const ids = [value].flat();
      const found = [labelOf(index, field, value)].flat();
      ids.forEach((id, k) => {
        if (typeof id === 'string' && typeof found[k] === 'string') labels[id] = found[k] as string;
      });
    }
    return { ...row, labels };
  });
}
