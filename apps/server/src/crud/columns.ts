import { type EntityDef, type FieldDef, STANDARD_RECORD_FIELDS } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import { columnOf, isLinkField, snake } from '../entities/naming.ts';

/** Columns every stored entity has, answered under these names. */
export const standardFields = STANDARD_RECORD_FIELDS;

/** Fields that live in a column of the entity's own table (not links or children). */
export function columnFields(entity: Pick<EntityDef, 'fields'>): FieldDef[] {
  return entity.fields.filter(
    (f) => !isLinkField(f) && !(standardFields as readonly string[]).includes(f.name),
  );
}

export const refsFields = (entity: EntityDef) => entity.fields.filter((f) => f.type === 'refs');
export const attachmentFields = (entity: EntityDef) => entity.fields.filter((f) => f.type === 'attachments');

/** `"t"."plan_time_check_in"` with the value shaped for JSON: times as HH:mm, the rest as stored. */
export function selectColumn(field: Pick<FieldDef, 'name' | 'type'>, alias = 't'): RawBuilder<unknown> {
  const column = sql.ref(`${alias}.${columnOf(field)}`);
  if (field.type === 'time') return sql`to_char(${column}, 'HH24:MI') as ${sql.ref(field.name)}`;
  return sql`${column} as ${sql.ref(field.name)}`;
}

/**
 * The select list of one record of the entity (standard columns first); `only`: just the columns
 * of those names (a list page asked with `fields`, crud/repository.ts).
 */
export function selectList(entity: EntityDef, alias = 't', only?: ReadonlySet<string>): RawBuilder<unknown> {
  const wanted = (name: string) => !only || only.has(name);
  const parts = [
    ...standardFields
      .filter(wanted)
      .map((name) => sql`${sql.ref(`${alias}.${snake(name)}`)} as ${sql.ref(name)}`),
    ...columnFields(entity)
      .filter((f) => wanted(f.name))
      .map((f) => selectColumn(f, alias)),
  ];
  return sql.join(parts);
}

/**
 * The bookkeeping columns of a write to one entity row: its version moves on, who wrote it and
 * when. Spread into a typed `set(...)`: it fits only a table that has those columns.
 */
export const touched = (userId: string) => ({
  version: sql<number>`version + 1`,
  updated_at: sql<Date>`now()`,
  updated_by: userId,
});

/**
 * A body value as the field's column expects it: empty string → null; a boolean is never null (its
 * column is `not null default false`, and an unticked box or an empty cell means no).
 */
export function toColumnValue(field: Pick<FieldDef, 'type'>, value: unknown): unknown {
  if (value === undefined || value === '' || value === null) return field.type === 'boolean' ? false : null;
  return value;
}
