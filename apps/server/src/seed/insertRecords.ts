import { type EntityName, entityByName } from '@lms/domain';
import { sql } from 'kysely';
import type { Executor } from '../db/database.ts';
import { columnOf, linkTableOf, tableOf } from '../entities/naming.ts';

type Row = Record<string, unknown>;
const BATCH = 500;

/**
 * Bulk insert of records named in the declarations' field names (seed data, benchmarks):
 * columns come from the entity's declaration, `refs` fields go to their link tables.
 * Answers the new ids in order.
 */
export async function insertRecords(
  db: Executor,
  entityName: EntityName,
  rows: readonly Row[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const entity = entityByName(entityName);
  const columnFields = entity.fields.filter(
    (f) => f.type !== 'refs' && rows.some((r) => r[f.name] !== undefined),
  );
  const refsFields = entity.fields.filter(
    (f) => f.type === 'refs' && rows.some((r) => r[f.name] !== undefined),
  );
  const ids: string[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    // A value a row leaves out takes the column default (false for flags), not null.
    const values = batch.map(
      (row) =>
        sql`(${sql.join(columnFields.map((f) => (row[f.name] === undefined ? sql`default` : sql`${row[f.name]}`)))})`,
    );
    const { rows: inserted } = await sql<{ id: string }>`
      insert into ${sql.table(tableOf(entity))} (${sql.join(columnFields.map((f) => sql.ref(columnOf(f))))})
      values ${sql.join(values)} returning id`.execute(db);
    ids.push(...inserted.map((r) => r.id));
  }
  for (const field of refsFields) {
    const pairs = rows.flatMap((row, i) =>
      ((row[field.name] as string[] | undefined) ?? []).map((ref) => [ids[i]!, ref]),
    );
    for (let start = 0; start < pairs.length; start += BATCH) {
      const batch = pairs.slice(start, start + BATCH);
      await sql`insert into ${sql.table(linkTableOf(entity, field))} (owner_id, ref_id)
        values ${sql.join(batch.map(([owner, ref]) => sql`(${owner}, ${ref})`))}`.execute(db);
    }
  }
  return ids;
}
