import { type EntityDef, type EntityName, entityByName, type FieldDef, labelKey } from '@lms/domain';
import { type ExpressionBuilder, type RawBuilder, type ReferenceExpression, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { columnOf, isLabelled, tableOf } from '../entities/naming.ts';

type Row = Record<string, unknown>;

/** SQL that builds an entity's record label, `code: name` (style.md: one representation everywhere). */
export function labelSql(target: EntityDef, alias: string): RawBuilder<string> {
  const parts = target.labelFields.map((name) => {
    const column = sql.ref(`${alias}.${columnOf({ name })}`);
    const field = target.fields.find((f) => f.name === name);
    // A reference in a label reads as that record's label, never its id (vehicleDateSlot's
    // vehicle type and shift: issue 23).
    if (field?.type === 'ref' && field.ref && isLabelled(field.ref) && field.ref !== target.name) {
      const ref = entityByName(field.ref);
      const inner = `${alias}_${columnOf({ name })}`;
      return sql`(select ${labelSql(ref, inner)} from ${sql.table(tableOf(ref))} ${sql.raw(inner)} where ${sql.ref(`${inner}.id`)} = ${column})`;
    }
    return sql`${column}::text`;
  });
  return sql<string>`concat_ws(': ', ${sql.join(parts)})`;
}

/** The same label from a fixed table's typed columns (`c.code`, `c.name`), for a query builder's select. */
export function labelFrom<D, T extends keyof D>(
  eb: ExpressionBuilder<D, T>,
  ...parts: ReferenceExpression<D, T>[]
) {
  return eb.fn<string>('concat_ws', [sql.lit(': '), ...parts]);
}

/** The label field of a reference in an answer: `provinceId` → `provinceLabel`, `branchIds` → `branchLabels`. */

function labelTarget(field: FieldDef): EntityDef | undefined {
  if (!field.ref) return undefined;
  const target = entityByName(field.ref);
  return isLabelled(target) ? target : undefined;
}

const AUDIT_FIELDS = new Set(['createdBy', 'updatedBy']);

/** The fields of a record (or child row) whose value is the id of a record with a label. */
export function labelledFields(fields: readonly FieldDef[]): FieldDef[] {
  return fields.filter(
    (f) => ((f.type === 'ref' || f.type === 'refs') && labelTarget(f)) || AUDIT_FIELDS.has(f.name),
  );
}

export const targetOf = (field: FieldDef) => field.ref ?? 'appUser';

/** `target entity → id → label`, read in one round trip. */
export type LabelIndex = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** Collects ids per target entity; `labelsOf` then reads them all in one query. */
export class LabelRequest {
  readonly #ids = new Map<EntityName, Set<string>>();

  add(field: FieldDef, value: unknown): void {
    const ids = this.#ids.get(targetOf(field)) ?? new Set<string>();
    for (const id of [value].flat()) if (typeof id === 'string') ids.add(id);
    this.#ids.set(targetOf(field), ids);
  }

  /** One round trip for every id: a UNION ALL of one select per referenced entity. */
  async read(db: Database): Promise<LabelIndex> {
    const parts = [...this.#ids]
      .filter(([, ids]) => ids.size > 0)
      .map(([targetName, ids]) => {
        const target = entityByName(targetName);
        return sql`select ${targetName}::text as target, r.id, ${labelSql(target, 'r')} as label
          from ${sql.table(tableOf(target))} r where r.id = any(${[...ids]}::uuid[])`;
      });
    const labels = new Map<string, Map<string, string>>();
    if (!parts.length) return labels;
    const { rows } = await sql<{ target: string; id: string; label: string }>`${sql.join(
      parts,
      sql` union all `,
    )}`.execute(db);
    for (const { target, id, label } of rows) {
      const byId = labels.get(target) ?? new Map<string, string>();
      byId.set(id, label);
      labels.set(target, byId);
    }
    return labels;
  }
}

/** The label of one reference value (`null` when the record is gone), an array for `refs`. */
export function labelOf(
  labels: LabelIndex,
  field: FieldDef,
  value: unknown,
): string | null | (string | null)[] {
  const byId = labels.get(targetOf(field));
  if (Array.isArray(value)) return value.map((id) => byId?.get(id) ?? null);
  return typeof value === 'string' ? (byId?.get(value) ?? null) : null;
}

/**
 * Adds `<ref>Label` to every row and to every child row (booking lines, branch settings): one
 * query for the whole page, never one per row (style.md: react-admin's getMany). `only`: the
 * references and child lists of those names alone (a list page asked with `fields`).
 */
export async function attachLabels(
  db: Database,
  entity: EntityDef,
  rows: Row[],
  only?: ReadonlySet<string>,
): Promise<void> {
  const wanted = (name: string) => !only || only.has(name);
  const groups = [
    { fields: labelledFields(entity.fields).filter((f) => wanted(f.name)), rows },
    ...(entity.children ?? [])
      .filter((child) => wanted(child.name))
      .map((child) => ({
        fields: labelledFields(child.fields),
        rows: rows.flatMap((row) => (Array.isArray(row[child.name]) ? (row[child.name] as Row[]) : [])),
      })),
  ];
  const request = new LabelRequest();
  for (const group of groups)
    for (const row of group.rows) for (const f of group.fields) request.add(f, row[f.name]);
  const labels = await request.read(db);
  for (const group of groups)
    for (const row of group.rows)
      for (const field of group.fields) row[labelKey(field)] = labelOf(labels, field, row[field.name]);
}
