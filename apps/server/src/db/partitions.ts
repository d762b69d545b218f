import { sql } from 'kysely';
import type { AnyDatabase } from './database.ts';

/**
 * The tables split by month (migrations 0058, 0059; docs/operations.md "Partitions"): each month's
 * partition is created ahead by the server, and a month that is over can leave the database with
 * `npm run db:partitions -- detach <table> <YYYY-MM>`. A month is a UTC month.
 */
export const MONTHLY_TABLES = ['delivery_position', 'history'] as const;
export type MonthlyTable = (typeof MONTHLY_TABLES)[number];

/** Months created ahead of the current one: a server stopped for less than this writes into months that exist. */
export const MONTHS_AHEAD = 3;
/** How often a running server makes sure of them (any instance may: creating a month is idempotent). */
export const PARTITIONS_EVERY_MS = 24 * 60 * 60_000;
/** Where a detached month goes: out of `public`, so neither the app nor a backup reads it. */
export const ARCHIVE_SCHEMA = 'archive';

const monthStart = (at: Date, add = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1));
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** Months of a split table, as `YYYY-MM-01` (the first day, what `ensure_month_partition` takes). */
export type TableMonths = Readonly<Partial<Record<string, readonly string[]>>>;

/**
 * This month and the next MONTHS_AHEAD for each table, the months `keep` names (a restore keeps the
 * backup's months, empty ones too), and the month of any row that landed in a table's default
 * partition (moved into its month). Answers the partitions it created.
 * Idempotent: a month that exists is left as it is.
 */
export async function ensurePartitions(
  db: AnyDatabase,
  now = new Date(),
  keep: TableMonths = {},
): Promise<string[]> {
  const created: string[] = [];
  // A database at an older migration level (a restore) has fewer of them split, or none.
  const { rows: split } = await sql<{ table: string }>`
    select relname as table from pg_class
     where relnamespace = 'public'::regnamespace and relkind = 'p' and relname = any (${[...MONTHLY_TABLES]})`.execute(
    db,
  );
  for (const { table } of split) {
    const { rows: strays } = await sql<{ month: string }>`
      select distinct to_char(date_trunc('month', at at time zone 'UTC'), 'YYYY-MM-DD') as month
        from ${sql.table(`${table}_default`)}`.execute(db);
    const months = [
      ...Array.from({ length: MONTHS_AHEAD + 1 }, (_, i) => isoDay(monthStart(now, i))),
      ...(keep[table] ?? []),
      ...strays.map((r) => r.month),
    ];
    for (const month of new Set(months)) {
      const { rows } = await sql<{ made: boolean }>`
        select ensure_month_partition(${table}, 'at', ${month}::date) as made`.execute(db);
      if (rows[0]?.made) created.push(`${table}_${month.slice(0, 7).replace('-', '_')}`);
    }
  }
  return created;
}

export interface MonthPartition {
  readonly table: MonthlyTable;
  readonly name: string;
  /** The partition's bounds as PostgreSQL prints them (`FOR VALUES FROM (…) TO (…)`, or `DEFAULT`). */
  readonly bounds: string;
  readonly bytes: number;
}

/** Each monthly table's partitions, oldest first, with their size on disk (table and indexes). */
export async function listPartitions(db: AnyDatabase): Promise<MonthPartition[]> {
  const { rows } = await sql<MonthPartition>`
    select p.relname as table, c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bounds,
           pg_total_relation_size(c.oid)::float8 as bytes
      from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
     where p.relnamespace = 'public'::regnamespace and p.relname = any (${[...MONTHLY_TABLES]})
     order by p.relname, c.relname`.execute(db);
  return rows;
}

/** Each split table's month partitions (not its default), as `YYYY-MM-01`. */
export async function partitionMonths(db: AnyDatabase): Promise<Record<string, string[]>> {
  const months: Record<string, string[]> = {};
  for (const { table, name } of await listPartitions(db)) {
    const match = /_(\d{4})_(\d{2})$/.exec(name);
    if (match) months[table] = [...(months[table] ?? []), `${match[1]}-${match[2]}-01`];
  }
  return months;
}

export class PartitionError extends Error {}

/**
 * Detaches one month that is over and moves it to the `archive` schema, where its rows stay for the
 * operator to export (`pg_dump -t archive.history_2026_01`) and drop. The current month and later
 * are refused: rows are still written there. DETACH takes a short exclusive lock on the table (a
 * catalogue change, no rows copied); writes wait for it, they do not fail.
 */
export async function detachMonth(db: AnyDatabase, table: string, month: string, now = new Date()) {
  const parent = MONTHLY_TABLES.find((t) => t === table);
  if (!parent)
    throw new PartitionError(`Not a monthly table: ${table} (one of ${MONTHLY_TABLES.join(', ')})`);
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new PartitionError(`A month is YYYY-MM, got "${month}"`);
  const first = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  if (first >= monthStart(now))
    throw new PartitionError(`${month} is not over yet: only past months are detached`);
  const name = `${parent}_${match[1]}_${match[2]}`;
  const attached = (await listPartitions(db)).some((p) => p.name === name);
  if (!attached) throw new PartitionError(`${parent} has no partition for ${month}`);
  await db.transaction().execute(async (trx) => {
    await sql`create schema if not exists ${sql.id(ARCHIVE_SCHEMA)}`.execute(trx);
    await sql`alter table ${sql.table(parent)} detach partition ${sql.table(name)}`.execute(trx);
    await sql`alter table ${sql.table(name)} set schema ${sql.id(ARCHIVE_SCHEMA)}`.execute(trx);
  });
  return `${ARCHIVE_SCHEMA}.${name}`;
}
