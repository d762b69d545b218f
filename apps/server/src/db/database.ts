import { Kysely, type MigrationProvider, Migrator, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { preparingPool } from './prepared.ts';
import type { DB } from './schema.generated.ts';

// numeric and bigint come back as strings by default; the API speaks numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Dates stay ISO strings (yyyy-MM-dd): a JS Date would shift them by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

/** The database as the migrations built it (`schema.generated.ts`, `npm run db:types`). */
export type Database = Kysely<DB>;
/** An open transaction on it. */
export type Tx = Transaction<DB>;
/** A connection or an open transaction: what a query may run on. */
export type Executor = Database | Tx;
/**
 * For code that must not depend on today's schema: the migrations (they run against the schema of
 * their own day) and the schema tools that read any database.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration's schema is the one of its day, not DB.
export type AnyDatabase = Kysely<any>;

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection closed by the server (restart, failover, a dropped test database) must not
  // crash the process: the pool discards it and the next query opens a new one.
  pool.on('error', (error) =>
    console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: error.message })),
  );
  // The pool listens on idle connections only: one lost while lent out (a query or a transaction
  // under way) emits 'error' with nobody listening, which ends the process. Its query fails with
  // the error, and the pool drops the broken connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  // Statements marked `prepared` (db/prepared.ts) go by name; every other one as before.
  return new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: AnyDatabase): Promise<string> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return migrationLevel(db);
}

export async function migrationLevel(db: AnyDatabase): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? 'none';
}

export async function serverVersion(db: Database): Promise<string> {
  const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
  return `PostgreSQL ${rows[0]?.v ?? '?'}`;
}
