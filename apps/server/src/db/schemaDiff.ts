import { randomBytes } from 'node:crypto';
import type { EntityDef } from '@lms/domain';
import { sql } from 'kysely';
import { entityDdl } from '../entities/ddl.ts';
import { FILE_TABLE } from '../entities/naming.ts';
import { createDatabase, databaseUrl, dropDatabase } from './admin.ts';
import { connect, type Database } from './database.ts';

/**
 * What a database holds, in PostgreSQL's own words (format_type, pg_get_expr, pg_indexes), so
 * that a schema built by the declarations' DDL and one built by the migrations compare exactly.
 */
export interface ColumnShape {
  readonly type: string;
  readonly nullable: boolean;
  readonly default: string | null;
}

export interface SchemaShape {
  /** table → column → shape */
  readonly columns: ReadonlyMap<string, ReadonlyMap<string, ColumnShape>>;
  /** table → index definitions without their generated names */
  readonly indexes: ReadonlyMap<string, ReadonlySet<string>>;
  /** table → check and foreign-key definitions → constraint name */
  readonly constraints: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

function group<T, V>(
  rows: readonly T[],
  key: (row: T) => string,
  add: (into: V, row: T) => void,
  init: () => V,
) {
  const out = new Map<string, V>();
  for (const row of rows) {
    const k = key(row);
    if (!out.has(k)) out.set(k, init());
    add(out.get(k)!, row);
  }
  return out;
}

/** Generated index names differ between databases built in another order; the definition does not. */
const unnamed = (indexdef: string) => indexdef.replace(/ INDEX \S+ ON /, ' INDEX ON ');

/** A table split by month (db/partitions.ts) is its parent here: its partitions are copies of it. */
export async function readSchema(db: Database): Promise<SchemaShape> {
  const columns = await sql<{
    table: string;
    column: string;
    type: string;
    nullable: boolean;
    default: string | null;
  }>`
    select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
           not a.attnotnull as nullable, pg_get_expr(d.adbin, d.adrelid) as default
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and a.attnum > 0 and not a.attisdropped`.execute(
    db,
  );
  const indexes = await sql<{ table: string; def: string }>`
    select tablename as table, indexdef as def from pg_indexes where schemaname = 'public'
       and not exists (select from pg_class p where p.oid = format('%I', tablename)::regclass and p.relispartition)`.execute(
    db,
  );
  const constraints = await sql<{ table: string; name: string; def: string }>`
    select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as def
      from pg_constraint k join pg_class c on c.oid = k.conrelid
     where k.connamespace = 'public'::regnamespace and k.contype in ('c', 'f') and not c.relispartition`.execute(
    db,
  );
  return {
    columns: group(
      columns.rows,
      (r) => r.table,
      (m: Map<string, ColumnShape>, r) =>
        m.set(r.column, { type: r.type, nullable: r.nullable, default: r.default }),
      () => new Map(),
    ),
    indexes: group(
      indexes.rows,
      (r) => r.table,
      (s: Set<string>, r) => s.add(unnamed(r.def)),
      () => new Set(),
    ),
    constraints: group(
      constraints.rows,
      (r) => r.table,
      (m: Map<string, string>, r) => m.set(r.def, r.name),
      () => new Map(),
    ),
  };
}

/** The schema the declarations ask for: their DDL run in a scratch database next to `adminUrl`. */
export async function declaredSchema(adminUrl: string, entities: readonly EntityDef[]): Promise<SchemaShape> {
  const name = `lms_declared_${randomBytes(6).toString('hex')}`;
  await createDatabase(adminUrl, name);
  const db = connect(databaseUrl(adminUrl, name), 1);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    // The uploads' table is 0005_files', not a declaration's: its key is all the attachment links
    // need here; its other columns are the migrations' and never drift.
    await sql.raw(`create table "${FILE_TABLE}" (id uuid primary key default gen_random_uuid())`).execute(db);
    for (const statement of entityDdl(entities)) await sql.raw(statement).execute(db);
    return await readSchema(db);
  } finally {
    await db.destroy();
    await dropDatabase(adminUrl, name);
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnClause(shape: ColumnShape): string {
  return [
    shape.type,
    shape.default === null ? '' : `default ${shape.default}`,
    shape.nullable ? '' : 'not null',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The statements that bring `actual` to what `declared` asks for: missing tables (their DDL),
 * columns, type, nullability and default changes, indexes and constraints. What the database has
 * beyond the declarations (columns and checks of later migrations) is left alone. A column added
 * as NOT NULL to a table with rows needs a backfill first: the statement says what, not how.
 */
export function alterStatements(
  declared: SchemaShape,
  actual: SchemaShape,
  entities: readonly EntityDef[],
): string[] {
  const out: string[] = [];
  const ddl = entityDdl(entities);
  for (const [table, columns] of declared.columns) {
    const have = actual.columns.get(table);
    if (!have) {
      const mentions = [`create table ${quote(table)}`, `alter table ${quote(table)}`, `on ${quote(table)}`];
      out.push(...ddl.filter((statement) => mentions.some((m) => statement.includes(m))));
      continue;
    }
    const t = quote(table);
    for (const [column, shape] of columns) {
      const c = quote(column);
      const current = have.get(column);
      if (!current) {
        out.push(`alter table ${t} add column ${c} ${columnClause(shape)}`);
        continue;
      }
      if (current.type !== shape.type) out.push(`alter table ${t} alter column ${c} type ${shape.type}`);
      if (current.nullable !== shape.nullable) {
        out.push(`alter table ${t} alter column ${c} ${shape.nullable ? 'drop' : 'set'} not null`);
      }
      if (current.default !== shape.default) {
        out.push(
          `alter table ${t} alter column ${c} ${shape.default === null ? 'drop default' : `set default ${shape.default}`}`,
        );
      }
    }
    const haveIndexes = actual.indexes.get(table) ?? new Set();
    for (const index of declared.indexes.get(table) ?? []) if (!haveIndexes.has(index)) out.push(index);
    const haveConstraints = actual.constraints.get(table) ?? new Map<string, string>();
    for (const constraint of (declared.constraints.get(table) ?? new Map()).keys()) {
      if (haveConstraints.has(constraint)) continue;
      // A changed enum: the old check on the same column goes, or it still refuses the new values.
      const column = /^CHECK \(\(?\(?(\w+)/.exec(constraint)?.[1];
      for (const [def, name] of haveConstraints) {
        if (column && def.startsWith('CHECK') && /^CHECK \(\(?\(?(\w+)/.exec(def)?.[1] === column) {
          if (!declared.constraints.get(table)?.has(def))
            out.push(`alter table ${t} drop constraint ${quote(name)}`);
        }
      }
      out.push(`alter table ${t} add ${constraint}`);
    }
  }
  return out;
}

/** The ALTERs the database at `url` needs to match the declarations; empty when there is no drift. */
export async function schemaDrift(
  adminUrl: string,
  db: Database,
  entities: readonly EntityDef[],
): Promise<string[]> {
  return alterStatements(await declaredSchema(adminUrl, entities), await readSchema(db), entities);
}
