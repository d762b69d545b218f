import { type EntityDef, naturalKeyOf } from '@lms/domain';
import { sql } from 'kysely';
import { selectList } from '../crud/columns.ts';
import { attachLinksAndChildren, type Row } from '../crud/repository.ts';
import type { Executor } from '../db/database.ts';
import { columnOf, tableOf } from '../entities/naming.ts';

/** Two stored records have this key (the key is not unique in the database): the row must say which. */
export const AMBIGUOUS = 'ambiguous';

/** The map key of a natural key's values: `["C0001"]`, `["2026-03-15","<shift id>",…]`. */
export const keyText = (values: readonly unknown[]) => JSON.stringify(values.map(String));

const CHUNK = 5000;

/**
 * The stored records with these natural keys (in the acting branch for branch-owned entities),
 * with their links and child rows, read a few thousand keys per query.
 */
export async function findByKeys(
  db: Executor,
  entity: EntityDef,
  keys: readonly (readonly unknown[])[],
  branchId: string | undefined,
): Promise<Map<string, Row | typeof AMBIGUOUS>> {
  const names = naturalKeyOf(entity);
  const found = new Map<string, Row | typeof AMBIGUOUS>();
  const branch = entity.branchOwned ? sql`and t.branch_id = ${branchId ?? null}` : sql``;
  for (let start = 0; start < keys.length; start += CHUNK) {
    const chunk = keys.slice(start, start + CHUNK);
    const columns = names.map((name) => sql`${sql.ref(`t.${columnOf({ name })}`)}::text`);
    const arrays = names.map((_, i) => sql`${chunk.map((key) => String(key[i]))}::text[]`);
    const { rows } = await sql<Row>`select ${selectList(entity)} from ${sql.table(tableOf(entity))} as t
      where (${sql.join(columns)}) in (select * from unnest(${sql.join(arrays)})) ${branch}`.execute(db);
    await attachLinksAndChildren(db, entity, rows);
    for (const row of rows) {
      const key = keyText(names.map((name) => row[name]));
      found.set(key, found.has(key) ? AMBIGUOUS : row);
    }
  }
  return found;
}
