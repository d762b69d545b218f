import type { EntityDef, FieldDef } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import { columnOf, isLinkField } from '../entities/naming.ts';

/** Columns every stored entity has, answered under these names. */
export const standardFields = ['id', 'version', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const;

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
  if (field.type === 'time')
    return sql`to_char(${column}, 'HH24:MI')`.as(field.name) as unknown as RawBuilder<unknown>;
  return sql`${column}`.as(field.name) as unknown as RawBuilder<unknown>;
}

/** The select list of one record of the entity (standard columns first). */
export function selectList(entity: EntityDef, alias = 't'): RawBuilder<unknown> {
  const parts = [
    sql`${sql.ref(`${alias}.id`)} as "id"`,
    sql`${sql.ref(`${alias}.version`)} as "version"`,
    sql`${sql.ref(`${alias}.created_at`)} as "createdAt"`,
    sql`${sql.ref(`${alias}.updated_at`)} as "updatedAt"`,
    sql`${sql.ref(`${alias}.created_by`)} as "createdBy"`,
    sql`${sql.ref(`${alias}.updated_by`)} as "updatedBy"`,
    ...columnFields(entity).map((f) => selectColumn(f, alias)),
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

/** A body value as the column expects it (empty string → null; weekdays/roles as arrays). */
export function toColumnValue(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  return value;
}
