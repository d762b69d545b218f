import type { EntityDef, FieldDef } from '@lms/domain';
import { unknownFieldType } from '@lms/domain';
import {
  childTableOf,
  columnOf,
  FILE_TABLE,
  isLinkField,
  linkTableOf,
  storedAsTable,
  tableOf,
} from './naming.ts';

/** Columns every entity table has, whatever its declaration shows. */
const STANDARD_COLUMNS = new Set(['id', 'version', 'created_at', 'updated_at', 'created_by', 'updated_by']);

function sqlType(field: FieldDef): string {
  switch (field.type) {
    case 'string':
      return field.maxLength ? `varchar(${field.maxLength})` : 'text';
    case 'text':
      return 'text';
    case 'integer':
      return 'integer';
    case 'decimal':
      return `numeric(18, ${field.scale ?? 2})`;
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'time':
      return 'time';
    case 'datetime':
      return 'timestamptz';
    case 'enum':
      return 'text';
    case 'ref':
    case 'file':
    case 'image':
      return 'uuid';
    case 'weekdays':
      return 'smallint[]';
    case 'roles':
      return 'text[]';
    case 'refs':
    case 'attachments':
      throw new Error(`${field.type} field ${field.name} is stored in a link table, not a column`);
    default:
      return unknownFieldType(field.type);
  }
}

function columnSql(field: FieldDef): string {
  const parts = [`"${columnOf(field)}" ${sqlType(field)}`];
  // Booleans are never unknown: a missing flag is false.
  if (field.type === 'boolean') parts.push('not null default false');
  else if (field.required && !field.readOnly) parts.push('not null');
  if (field.type === 'enum' && field.options?.length) {
    const values = field.options.map((o) => `'${o.value.replace(/'/g, "''")}'`).join(', ');
    parts.push(`check ("${columnOf(field)}" in (${values}))`);
  }
  return parts.join(' ');
}

/** `references` clause for a single reference; `appUser` audit columns never block deletes. */
function foreignKey(field: FieldDef): string | undefined {
  if (field.type !== 'ref' || !field.ref) return undefined;
  if (!storedAsTable(field.ref)) return undefined;
  return `foreign key ("${columnOf(field)}") references "${tableOf({ name: field.ref })}" (id)`;
}

function storedFields(fields: readonly FieldDef[]): FieldDef[] {
  return fields.filter((f) => !isLinkField(f) && !STANDARD_COLUMNS.has(columnOf(f)));
}

/**
 * CREATE TABLE statements for the declarations, tables first and foreign keys after, so
 * declaration order does not matter. Children and `refs` links get their own tables.
 */
export function entityDdl(entities: readonly EntityDef[]): string[] {
  const tables: string[] = [];
  const constraints: string[] = [];
  const indexes: string[] = [];
  const stored = entities.filter(storedAsTable);
  for (const entity of stored) {
    const table = tableOf(entity);
    const columns = [
      'id uuid primary key default gen_random_uuid()',
      'version integer not null default 1',
      'created_at timestamptz not null default now()',
      'updated_at timestamptz not null default now()',
      'created_by uuid',
      'updated_by uuid',
      ...storedFields(entity.fields).map(columnSql),
    ];
    tables.push(`create table "${table}" (\n  ${columns.join(',\n  ')}\n)`);
    constraints.push(...foreignKeys(table, entity.fields));
    indexes.push(...entityIndexes(entity));

    for (const field of entity.fields.filter((f) => f.type === 'refs')) {
      const link = linkTableOf(entity, field);
      tables.push(
        `create table "${link}" (owner_id uuid not null references "${table}" (id) on delete cascade, ref_id uuid not null, primary key (owner_id, ref_id))`,
      );
      if (field.ref && storedAsTable(field.ref)) {
        constraints.push(
          `alter table "${link}" add foreign key (ref_id) references "${tableOf({ name: field.ref })}" (id)`,
        );
      }
      indexes.push(`create index on "${link}" (ref_id)`);
    }
    // Attachments keep their order, and their files: the file's key is referenced without
    // `on delete`, so a stored file still attached to a record cannot be deleted (docs/domain.md).
    for (const field of entity.fields.filter((f) => f.type === 'attachments')) {
      const link = linkTableOf(entity, field);
      tables.push(
        `create table "${link}" (owner_id uuid not null references "${table}" (id) on delete cascade, position integer not null, file_id uuid not null, primary key (owner_id, file_id))`,
      );
      constraints.push(`alter table "${link}" add foreign key (file_id) references "${FILE_TABLE}" (id)`);
      indexes.push(`create index on "${link}" (file_id)`);
      indexes.push(`create unique index on "${link}" (owner_id, position)`);
    }
    for (const child of entity.children ?? []) {
      const childTable = childTableOf(entity, child.name);
      const childColumns = [
        'id uuid primary key default gen_random_uuid()',
        `parent_id uuid not null references "${table}" (id) on delete cascade`,
        'position integer not null default 0',
        ...storedFields(child.fields).map(columnSql),
      ];
      tables.push(`create table "${childTable}" (\n  ${childColumns.join(',\n  ')}\n)`);
      constraints.push(...foreignKeys(childTable, child.fields));
      indexes.push(`create index on "${childTable}" (parent_id, position)`);
    }
  }
  return [...tables, ...constraints, ...indexes];
}

function foreignKeys(table: string, fields: readonly FieldDef[]): string[] {
  return storedFields(fields).flatMap((f) => {
    const fk = foreignKey(f);
    return fk ? [`alter table "${table}" add ${fk}`] : [];
  });
}

/** The indexes the declared filters, sorts, uniqueness and searches need. */
function entityIndexes(entity: EntityDef): string[] {
  const table = tableOf(entity);
  const scope = entity.branchOwned ? '"branch_id", ' : '';
  const out: string[] = [];
  for (const field of storedFields(entity.fields)) {
    const column = `"${columnOf(field)}"`;
    if (field.unique) out.push(`create unique index on "${table}" (${scope}${column})`);
    else if (field.type === 'ref') out.push(`create index on "${table}" (${column})`);
    if (field.searchable && (field.type === 'string' || field.type === 'text')) {
      out.push(`create index on "${table}" using gin (${column} gin_trgm_ops)`);
    }
  }
  const sort = entity.defaultSort.map((s) => `"${columnOf({ name: s.field })}" ${s.direction}`).join(', ');
  if (sort) out.push(`create index on "${table}" (${scope}${sort}, id)`);
  return out;
}
