/**
 * bench/api's SQL side: the statements one API call runs, recorded from the API's own code
 * (crud/) with the case's inputs, then replayed through `pg` under the same load shape. What the
 * API sends is what gets timed: statements it runs at once (a list's page and total) are replayed
 * at once, and those it names (db/prepared.ts) go by the same name.
 */
import { type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/database.ts';
import { preparingPool, statementName } from '../../apps/server/src/db/prepared.ts';
import type { DB } from '../../apps/server/src/db/schema.generated.ts';

interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
  readonly start: number;
  readonly end: number;
}

/** The API's statements for one call, in rounds: the statements of a round ran at the same time. */
export async function statementsOf(url: string, call: (db: Database) => Promise<unknown>) {
  const recorded: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const recorder = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: preparingPool(pool) }),
    log: (event) => {
      if (event.level !== 'query') return;
      const end = performance.now();
      const { sql: text, parameters } = event.query as CompiledQuery;
      recorded.push({ text, values: parameters, start: end - event.queryDurationMillis, end });
    },
  });
  await call(recorder);
  await recorder.destroy();
  const rounds: Statement[][] = [];
  for (const statement of recorded.sort((a, b) => a.start - b.start)) {
    const last = rounds.at(-1);
    if (last?.some((other) => statement.start < other.end)) last.push(statement);
    else rounds.push([statement]);
  }
  return rounds.map((round) => round.map(({ text, values }) => ({ text, values })));
}

export type Rounds = Awaited<ReturnType<typeof statementsOf>>;

/** The same load shape as the API's: `loops` loops for `seconds`, each call's rounds awaited in turn. */
export async function replay(pool: pg.Pool, rounds: Rounds, loops: number, seconds: number) {
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  const run = ({ text, values }: Rounds[number][number]) => {
    const name = statementName(text);
    return pool.query(name ? { name, text, values: [...values] } : { text, values: [...values] });
  };
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        for (const round of rounds) await Promise.all(round.map(run));
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), rps: latencies.length / seconds };
}
