/**
 * pg_stat_statements in a bench's own cluster (`BENCH_STATEMENTS=1`; `=all` counts the statements
 * run inside triggers and functions too): what PostgreSQL spent its time on, per statement,
 * planning and executing. Never for the product's cluster: it needs a
 * restart with the library preloaded.
 */
import { sql } from 'kysely';
import { connect, type Database } from '../apps/server/src/db/database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';

export const statementsWanted = !!process.env.BENCH_STATEMENTS;

/** Restarts the cluster with pg_stat_statements loaded (planning times tracked too). */
export async function withStatements(
  dir: string,
  embedded: EmbeddedDatabase,
  options: { throwaway?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const admin = connect(embedded.adminUrl, 1);
  await sql`alter system set shared_preload_libraries = 'pg_stat_statements'`.execute(admin);
  await sql`alter system set pg_stat_statements.track_planning = on`.execute(admin);
  // BENCH_STATEMENTS=all: the statements triggers and functions run, each apart, too.
  const track = process.env.BENCH_STATEMENTS === 'all' ? 'all' : 'top';
  await sql`alter system set pg_stat_statements.track = ${sql.lit(track)}`.execute(admin);
  await admin.destroy();
  await embedded.stop();
  return startEmbeddedPostgres(dir, options);
}

export async function resetStatements(db: Database): Promise<void> {
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  await sql`select pg_stat_statements_reset()`.execute(db);
}

/** The statements that took the most time, per `unit` (a confirm, a request) as well as per call. */
export async function printStatements(db: Database, units: number, unit: string, top = 12): Promise<void> {
  const { rows } = await sql<{
    calls: number;
    plans: number;
    plan: number;
    exec: number;
    query: string;
  }>`select calls::int, plans::int, total_plan_time::float as plan, total_exec_time::float as exec, query
       from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
      order by total_plan_time + total_exec_time desc limit ${top}`.execute(db);
  console.log(`\npg_stat_statements: ms per ${unit} (plan + exec), calls and plans per ${unit}, ms per call`);
  for (const r of rows) {
    const text = r.query.replace(/\s+/g, ' ').slice(0, 110);
    console.log(
      `${((r.plan + r.exec) / units).toFixed(3).padStart(8)} (${(r.plan / units).toFixed(3)} + ${(r.exec / units).toFixed(3)})${(r.calls / units).toFixed(2).padStart(7)}${(r.plans / units).toFixed(2).padStart(7)}${((r.plan + r.exec) / Math.max(r.calls, 1)).toFixed(3).padStart(9)}  ${text}`,
    );
  }
}
