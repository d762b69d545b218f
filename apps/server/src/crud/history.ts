import type { EntityDef } from '@lms/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database.ts';

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

export async function recordHistory(
  trx: Transaction<unknown> | Database,
  entry: {
    entity: EntityDef;
    recordId: string;
    action: 'create' | 'update' | 'delete';
    changes: Row;
    userId: string;
  },
): Promise<void> {
  await sql`insert into history (entity, record_id, action, changes, user_id)
    values (${entry.entity.name}, ${entry.recordId}, ${entry.action}, ${JSON.stringify(entry.changes)}::jsonb, ${entry.userId})`.execute(
    trx,
  );
}

export async function historyOf(db: Database, entity: EntityDef, recordId: string) {
  const { rows } = await sql<Row>`
    select h.id::text as id, h.action, h.changes, h.at, h.user_id as "userId",
           concat_ws(': ', u.username, u.full_name) as "userLabel"
      from history h left join app_user u on u.id = h.user_id
     where h.entity = ${entity.name} and h.record_id = ${recordId}
     order by h.at desc, h.id desc limit 500`.execute(db);
  return rows;
}
