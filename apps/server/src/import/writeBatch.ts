import type { EntityDef, FieldDef } from '@lms/domain';
import { sql, type Transaction } from 'kysely';
import { columnFields, refsFields, toColumnValue } from '../crud/columns.ts';
import type { Row } from '../crud/repository.ts';
import { columnOf, linkTableOf, tableOf } from '../entities/naming.ts';

/** One record of a batch: its values, and the stored record it updates (id, version) if any. */
export interface BatchWrite {
  readonly values: Row;
  readonly existing?: Row;
}

/** Bind parameters per statement, well below PostgreSQL's 65,535. */
const PARAMETERS = 30_000;
const MAX_ROWS = 1000;

/** column → its SQL type (`numeric(12,3)`, `uuid`, `text[]`): VALUES rows carry no column types of their own. */
async function columnTypes(trx: Transaction<unknown>, entity: EntityDef): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; type: string }>`
    select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
     where attrelid = ${tableOf(entity)}::regclass and attnum > 0 and not attisdropped`.execute(trx);
  return new Map(rows.map((r) => [r.name, r.type]));
}

/**
 * Writes many records of one entity with one INSERT … VALUES or UPDATE … FROM (VALUES …) per
 * thousand rows, and their `refs` links with one DELETE and one INSERT … unnest per field: the
 * Excel import's writes (the CRUD's `writeRecord` writes one record in several statements).
 * Answers each record's id in order, undefined for an update whose version moved (stale).
 * Columns and links only: the import writes no attachments or child rows.
 */
export async function writeBatch(
  trx: Transaction<unknown>,
  entity: EntityDef,
  writes: readonly BatchWrite[],
  audit: { userId: string; branchId?: string },
): Promise<(string | undefined)[]> {
  const types = await columnTypes(trx, entity);
  const typed = (column: string, value: unknown) => sql`${value}::${sql.raw(types.get(column) ?? 'text')}`;
  const table = sql.table(tableOf(entity));
  const ids: (string | undefined)[] = [];
  // Rows with the same columns (all of a sheet, as a rule) share a statement.
  const groups = new Map<string, number[]>();
  writes.forEach((write, i) => {
    const key = `${write.existing ? 'update' : 'create'}:${Object.keys(write.values).sort().join(',')}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const indexes of groups.values()) {
    const first = writes[indexes[0]!]!;
    const fields = columnFields(entity).filter((f) => !f.readOnly && f.name in first.values);
    const size = Math.max(1, Math.min(MAX_ROWS, Math.floor(PARAMETERS / (fields.length + 4))));
    for (let start = 0; start < indexes.length; start += size) {
      const chunk = indexes.slice(start, start + size);
      const rows = chunk.map((i) => writes[i]!);
      const cells = (write: BatchWrite) =>
        fields.map((f: FieldDef) => typed(columnOf(f), toColumnValue(write.values[f.name])));
      let answered: (string | undefined)[];
      if (first.existing) {
        const names = fields.map((f) => columnOf(f));
        const tuples = rows.map(
          (w) =>
            sql`(${sql.join([sql`${w.existing!.id}::uuid`, sql`${w.existing!.version}::int`, ...cells(w)])})`,
        );
        const sets = [
          ...names.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`),
          sql`version = t.version + 1`,
          sql`updated_at = now()`,
          sql`updated_by = ${audit.userId}`,
        ];
        const { rows: updated } = await sql<{ id: string }>`update ${table} as t set ${sql.join(sets)}
          from (values ${sql.join(tuples)}) as v(${sql.join(['import_id', 'import_version', ...names].map((c) => sql.ref(c)))})
         where t.id = v.import_id and t.version = v.import_version returning t.id`.execute(trx);
        const done = new Set(updated.map((r) => r.id));
        answered = rows.map((w) =>
          done.has(w.existing!.id as string) ? (w.existing!.id as string) : undefined,
        );
      } else {
        const extra = [...(entity.branchOwned ? ['branch_id'] : []), 'created_by', 'updated_by'];
        const columns = [...fields.map((f) => columnOf(f)), ...extra];
        const tuples = rows.map(
          (w) =>
            sql`(${sql.join([
              ...cells(w),
              ...(entity.branchOwned ? [typed('branch_id', audit.branchId ?? null)] : []),
              typed('created_by', audit.userId),
              typed('updated_by', audit.userId),
            ])})`,
        );
        // RETURNING answers a plain INSERT … VALUES in the order of its rows (ORMs' bulk inserts rely on it).
        const { rows: inserted } = await sql<{ id: string }>`insert into ${table}
          (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(tuples)} returning id`.execute(trx);
        answered = inserted.map((r) => r.id);
      }
      chunk.forEach((i, k) => {
        ids[i] = answered[k];
      });
    }
  }
  for (const field of refsFields(entity)) {
    const owners: string[] = [];
    const refs: string[] = [];
    const touched: string[] = [];
    writes.forEach((write, i) => {
      const id = ids[i];
      if (!id || !(field.name in write.values)) return;
      touched.push(id);
      for (const ref of new Set((write.values[field.name] as string[] | null) ?? [])) {
        owners.push(id);
        refs.push(ref);
      }
    });
    if (touched.length === 0) continue;
    const link = sql.table(linkTableOf(entity, field));
    await sql`delete from ${link} where owner_id = any(${touched}::uuid[])`.execute(trx);
    if (owners.length)
      await sql`insert into ${link} (owner_id, ref_id) select * from unnest(${owners}::uuid[], ${refs}::uuid[])`.execute(
        trx,
      );
  }
  return ids;
}
