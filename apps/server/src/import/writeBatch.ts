import type { EntityDef } from '@lms/domain';
import { sql } from 'kysely';
import { columnFields, refsFields, toColumnValue } from '../crud/columns.ts';
import type { Row } from '../crud/repository.ts';
import type { Tx } from '../db/database.ts';
import { columnOf, linkTableOf, tableOf } from '../entities/naming.ts';

/** One record of a batch: its values, and the stored record it updates (id, version) if any. */
export interface BatchWrite {
  readonly values: Row;
  readonly existing?: Row;
}

/** Rows per statement: one array per column, so the statement stays small however many rows. */
const ROWS = 1000;

/** column → its SQL type (`numeric(12,3)`, `uuid`, `smallint[]`), to cast the columns' text back. */
async function columnTypes(trx: Tx, entity: EntityDef): Promise<Map<string, string>> {
  const { rows } = await sql<{ name: string; type: string }>`
    select attname as name, format_type(atttypid, atttypmod) as type from pg_attribute
     where attrelid = ${tableOf(entity)}::regclass and attnum > 0 and not attisdropped`.execute(trx);
  return new Map(rows.map((r) => [r.name, r.type]));
}

/** A column value as PostgreSQL's text input of its type (an array column's value as an array literal). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value))
    return `{${value.map((v) => (v === null ? 'NULL' : `"${String(v).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Writes many records of one entity with one INSERT … SELECT FROM unnest(…) or UPDATE … FROM
 * unnest(…) per thousand rows (a text array per column, cast to the column's type), and their
 * `refs` links with one DELETE and one INSERT per field: the Excel import's writes (the CRUD's
 * `writeRecord` writes one record in several statements). Answers each record's id in order,
 * undefined for an update whose version moved (stale). Columns and links only: the import
 * writes no attachments or child rows.
 */
export async function writeBatch(
  trx: Tx,
  entity: EntityDef,
  writes: readonly BatchWrite[],
  audit: { userId: string; branchId?: string },
): Promise<(string | undefined)[]> {
  const types = await columnTypes(trx, entity);
  const cast = (column: string) => sql`u.${sql.ref(column)}::${sql.raw(types.get(column) ?? 'text')}`;
  const table = sql.table(tableOf(entity));
  const ids: (string | undefined)[] = [];
  // Rows with the same columns (all of a sheet, as a rule) share a statement.
  const groups = new Map<string, number[]>();
  writes.forEach((write, i) => {
    const key = `${write.existing ? 'update' : 'create'}:${Object.keys(write.values).sort().join(',')}`;
    const group = groups.get(key);
    if (group) group.push(i);
    else groups.set(key, [i]);
  });
  for (const indexes of groups.values()) {
    const first = writes[indexes[0]!]!;
    const fields = columnFields(entity).filter((f) => !f.readOnly && f.name in first.values);
    const names = fields.map((f) => columnOf(f));
    for (let start = 0; start < indexes.length; start += ROWS) {
      const chunk = indexes.slice(start, start + ROWS);
      const rows = chunk.map((i) => writes[i]!);
      const arrays = fields.map(
        (f) => sql`${rows.map((w) => asText(toColumnValue(w.values[f.name])))}::text[]`,
      );
      let answered: (string | undefined)[];
      if (first.existing) {
        const sets = [
          ...names.map((c) => sql`${sql.ref(c)} = ${cast(c)}`),
          sql`version = t.version + 1`,
          sql`updated_at = now()`,
          sql`updated_by = ${audit.userId}`,
        ];
        const { rows: updated } = await sql<{ id: string }>`update ${table} as t set ${sql.join(sets)}
          from unnest(${rows.map((w) => w.existing!.id)}::uuid[], ${rows.map((w) => w.existing!.version)}::int[],
                      ${sql.join(arrays)}) as u(${sql.join(['import_id', 'import_version', ...names].map((c) => sql.ref(c)))})
         where t.id = u.import_id and t.version = u.import_version returning t.id`.execute(trx);
        const done = new Set(updated.map((r) => r.id));
        answered = rows.map((w) =>
          done.has(w.existing!.id as string) ? (w.existing!.id as string) : undefined,
        );
      } else {
        const columns = [...names, ...(entity.branchOwned ? ['branch_id'] : []), 'created_by', 'updated_by'];
        const values = [
          ...names.map(cast),
          ...(entity.branchOwned ? [sql`${audit.branchId ?? null}::uuid`] : []),
          sql`${audit.userId}::uuid`,
          sql`${audit.userId}::uuid`,
        ];
        // An INSERT … SELECT from unnest inserts, and RETURNING answers, in the arrays' order.
        const { rows: inserted } = await sql<{ id: string }>`insert into ${table}
          (${sql.join(columns.map((c) => sql.ref(c)))})
          select ${sql.join(values)} from unnest(${sql.join(arrays)}) as u(${sql.join(names.map((c) => sql.ref(c)))})
          returning id`.execute(trx);
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
