import { type EntityDef, entityByName, type FieldDef, refLabelName } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { columnOf, tableOf } from '../entities/naming.ts';

type Row = Record<string, unknown>;

/** SQL that builds an entity's record label, `code: name` (style.md: one representation everywhere). */
export function labelSql(target: EntityDef, alias: string) {
  const parts = target.labelFields.map((name) => sql`${sql.ref(`${alias}.${columnOf({ name })}`)}::text`);
  return sql`concat_ws(': ', ${sql.join(parts)})`;
}

/** The label field of a reference in an answer: `provinceId` → `provinceLabel`, `branchIds` → `branchLabels`. */
export function labelKey(field: FieldDef): string {
  return field.type === 'refs' ? `${field.name.replace(/Ids$/, '')}Labels` : refLabelName(field.name);
}

function labelTarget(field: FieldDef): EntityDef | undefined {
  if (!field.ref) return undefined;
  const target = entityByName(field.ref);
  return target.name === 'file' ? undefined : target;
}

/**
 * Adds `<ref>Label` to every row: one query per referenced entity for the whole page, never one
 * per row (style.md: react-admin's getMany).
 */
export async function attachLabels(db: Database, entity: EntityDef, rows: Row[]): Promise<void> {
  const refFields = entity.fields.filter((f) => (f.type === 'ref' || f.type === 'refs') && labelTarget(f));
  const auditFields = entity.fields.filter((f) => f.name === 'createdBy' || f.name === 'updatedBy');
  const idsByTarget = new Map<string, Set<string>>();
  for (const field of [...refFields, ...auditFields]) {
    const target = field.ref ?? 'appUser';
    const ids = idsByTarget.get(target) ?? new Set<string>();
    for (const row of rows)
      for (const id of [row[field.name]].flat()) if (typeof id === 'string') ids.add(id);
    idsByTarget.set(target, ids);
  }
  // One round trip for the whole page: a UNION ALL of one select per referenced entity.
  const parts = [...idsByTarget]
    .filter(([, ids]) => ids.size > 0)
    .map(([targetName, ids]) => {
      const target = entityByName(targetName);
      return sql`select ${targetName}::text as target, r.id, ${labelSql(target, 'r')} as label
        from ${sql.table(tableOf(target))} r where r.id = any(${[...ids]}::uuid[])`;
    });
  const labels = new Map<string, Map<string, string>>();
  if (parts.length) {
    const { rows: found } = await sql<{
      target: string;
      id: string;
      label: string;
    }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const { target, id, label } of found) {
      const byId = labels.get(target) ?? new Map<string, string>();
      byId.set(id, label);
      labels.set(target, byId);
    }
  }
  for (const row of rows) {
    for (const field of [...refFields, ...auditFields]) {
      const byId = labels.get(field.ref ?? 'appUser');
      const value = row[field.name];
      row[labelKey(field)] = Array.isArray(value)
        ? value.map((id) => byId?.get(id) ?? null)
        : typeof value === 'string'
          ? (byId?.get(value) ?? null)
          : null;
    }
  }
}
