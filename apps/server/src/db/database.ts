import { Kysely, type MigrationProvider, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { preparingPool } from './prepared.ts';

// numeric and bigint come back as strings by default; the API speaks numbers.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// Dates stay ISO strings (yyyy-MM-dd): a JS Date would shift them by the time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

// biome-ignore lint/suspicious/noExplicitAny: tables are derived from the entity declarations at run time.
export type Database = Kysely<any>;

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection closed by the server (restart, failover, a dropped test database) must not
  // crash the process: the pool discards it and the next query opens a new one.
  pool.on('error', (error) =>
    console.error(JSON.stringify({ level: 50, msg: 'idle database connection lost', err: error.message })),
  );
  // Statements marked `prepared` (db/prepared.ts) go by name; every other one as before.
  return new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Database): Promise<string> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return migrationLevel(db);
}

export async function migrationLevel(db: Database): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? 'none';
}

export async function serverVersion(db: Database): Promise<string> {
  const { rows } = await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db);
  return `PostgreSQL ${rows[0]?.v ?? '?'}`;
}
