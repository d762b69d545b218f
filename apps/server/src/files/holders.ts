import { type EntityDef, entities, type FieldDef } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import { childTableOf, columnOf, linkTableOf, storedAsTable, tableOf } from '../entities/naming.ts';

/** A place records name stored files in: an `attachments` link table, a `file`/`image` column. */
export interface FileHolder {
  /** The record's entity (a child row's parent). */
  readonly entity: EntityDef;
  readonly field: FieldDef;
  /** `select id, branch_id`: each file id it names, with its record's branch (null: not branch-owned). */
  readonly rows: RawBuilder<{ id: string; branch_id: string | null }>;
}

const isFile = (field: FieldDef) => field.type === 'file' || field.type === 'image';

/**
 * Every holder: from the declarations (raw SQL: tables and columns come from them, never from
 * input), then those features provide (`provideFileHolder`).
 */
const holders: FileHolder[] = entities.filter(storedAsTable).flatMap((entity) => {
  const record = sql.table(tableOf(entity));
  const branch = entity.branchOwned ? sql`t.branch_id` : sql`null::uuid`;
  // A link or child row has its record's branch only through the record.
  const through = (key: string) =>
    entity.branchOwned ? sql` join ${record} t on t.id = r.${sql.ref(key)}` : sql``;
  const holder = (field: FieldDef, rows: RawBuilder<unknown>): FileHolder => ({
    entity,
    field,
    rows: rows as FileHolder['rows'],
  });
  return [
    ...entity.fields
      .filter((field) => field.type === 'attachments')
      .map((field) =>
        holder(
          field,
          sql`select r.file_id as id, ${branch} as branch_id from ${sql.table(linkTableOf(entity, field))} r${through('owner_id')}`,
        ),
      ),
    ...entity.fields
      .filter(isFile)
      .map((field) =>
        holder(
          field,
          sql`select t.${sql.ref(columnOf(field))} as id, ${branch} as branch_id from ${record} t`,
        ),
      ),
    ...(entity.children ?? []).flatMap((child) =>
      child.fields
        .filter(isFile)
        .map((field) =>
          holder(
            field,
            sql`select r.${sql.ref(columnOf(field))} as id, ${branch} as branch_id from ${sql.table(childTableOf(entity, child.name))} r${through('parent_id')}`,
          ),
        ),
    ),
  ];
});

export const fileHolders: readonly FileHolder[] = holders;

/**
 * A feature's own table that names stored files (the delivery proofs): the sweep keeps them, and
 * who may read the holder's entity in the row's branch may read them, as for a declared field.
 * Keyed by `key`: every app of a process provides the same.
 */
export function provideFileHolder(key: string, holder: FileHolder): void {
  if (provided.has(key)) return;
  provided.add(key);
  holders.push(holder);
}
const provided = new Set<string>();

/** The union of some holders' rows as one table `(id, branch_id)`; none: an empty one. */
export function heldFiles(
  holders: readonly RawBuilder<unknown>[],
): RawBuilder<{ id: string; branch_id: string | null }> {
  if (!holders.length) return sql`(select null::uuid as id, null::uuid as branch_id where false)`;
  return sql`(${sql.join(holders, sql` union all `)})`;
}
