import { createHash } from 'node:crypto';
import type { CompiledQuery, PostgresPool } from 'kysely';
import type pg from 'pg';

/** Statement texts sent as named (prepared) statements, with their names. */
const named = new Map<string, string>();
/**
 * Bounds on the texts named (and so on each connection's prepared statements), should a marked
 * text vary: the fixed statements' own, and the list pages' (one text per entity, filters, sort
 * and size), so that lists never take the names the booking's statements need.
 */
const MAX_NAMED = { fixed: 200, list: 60 } as const;
const namedOf = { fixed: 0, list: 0 };

/**
 * Marks a compiled statement to be prepared once per connection and executed by name after: for
 * a large statement run on every request (the booking world's), PostgreSQL's planning is most of
 * its cost, and a named statement is planned again only while its plans are custom (the first
 * five runs), then with a generic plan when that costs no more. Answers the query unchanged.
 * `kind` is the budget it counts against (`list`: a list page's, crud/repository.ts).
 */
export function prepared<T>(
  query: CompiledQuery<T>,
  kind: keyof typeof MAX_NAMED = 'fixed',
): CompiledQuery<T> {
  if (!named.has(query.sql) && namedOf[kind] < MAX_NAMED[kind]) {
    namedOf[kind]++;
    named.set(query.sql, `lms_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`);
  }
  return query;
}

/** The name a statement text goes by when `prepared` marked it (a bench replays it the same way). */
export const statementName = (text: string): string | undefined => named.get(text);

type Query = (...args: unknown[]) => unknown;

/**
 * The pool as Kysely sees it, sending the statements marked by `prepared` with their names (pg
 * keeps which names each connection has prepared). Everything else goes through unchanged.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrapped = {
    async connect() {
      const client = await pool.connect();
      const query = client.query.bind(client) as Query;
      return {
        query: (text: unknown, values?: unknown) => {
          const name = typeof text === 'string' ? statementName(text) : undefined;
          return name ? query({ name, text, values }) : query(text, values);
        },
        release: (error?: Error | boolean) => client.release(error),
      };
    },
    end: () => pool.end(),
  };
  // The client's query is overloaded (text and values, or a cursor): both pass through as given.
  return wrapped as unknown as PostgresPool;
}
