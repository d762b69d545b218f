import type { EntityDef, FieldDef } from '@lms/domain';
import { sql } from 'kysely';
import type { Database, Tx } from '../db/database.ts';
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

/** The INSERT of one entry, for a caller that runs it inside a larger statement (confirm's writes). */
export const historyInsert = (entry: HistoryEntry) =>
  sql`insert into history (entity, record_id, action, changes, user_id, source)
    values (${entry.entity.name}, ${entry.recordId}, ${entry.action}, ${JSON.stringify(entry.changes)}::jsonb, ${entry.userId}, ${entry.source ?? null})`;

export async function recordHistory(trx: Tx | Database, entry: HistoryEntry): Promise<void> {
  await historyInsert(entry).execute(trx);
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
  trx: Tx | Database,
  entity: EntityDef,
  entries: readonly HistoryDraft[],
  author: { userId: string | null; source?: string },
): Promise<void> {
  if (entries.length === 0) return;
  await sql`insert into history (entity, record_id, action, changes, user_id, source)
    select ${entity.name}, e.record_id, e.action, e.changes::jsonb, ${author.userId}::uuid, ${author.source ?? null}
      from unnest(${entries.map((e) => e.recordId)}::uuid[], ${entries.map((e) => e.action)}::text[],
                  ${entries.map((e) => JSON.stringify(e.changes))}::text[]) as e(record_id, action, changes)`.execute(
    trx,
  );
}

export async function historyOf(db: Database, entity: EntityDef, recordId: string) {
  const { rows } = await sql<Row>`
    select h.id::text as id, h.action, h.changes, h.at, h.user_id as "userId", h.source,
           case when u.id is not null then concat_ws(': ', u.username, u.full_name)
                when k.id is not null then concat('คีย์ API: ', k.name) end as "userLabel"
      from history h left join app_user u on u.id = h.user_id
      -- Writes of the ERP integration are recorded under the API key's id (integration/apiKeys.ts).
      left join api_key k on k.id = h.user_id
     where h.entity = ${entity.name} and h.record_id = ${recordId}
     order by h.at desc, h.id desc limit 500`.execute(db);
  return withHistoryLabels(db, entity, rows);
}

/** Every (field, value) of an entry whose value is a reference id, child rows included. */
function referencesIn(entity: EntityDef, changes: Row): [FieldDef, unknown][] {
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
async function withHistoryLabels(db: Database, entity: EntityDef, rows: Row[]): Promise<Row[]> {
  const request = new LabelRequest();
  const perEntry = rows.map((row) => referencesIn(entity, (row.changes as Row | null) ?? {}));
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
