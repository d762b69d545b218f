import { sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/database.ts';

/**
 * Rows and size on disk of the big tables (a split table with its partitions summed), table and
 * indexes apart: the figures docs/operations.md "Sizes" gives at 1× and 10×.
 */
export async function printSizes(db: Database): Promise<void> {
  const { rows } = await sql<{ table: string; rows: number; table_bytes: number; index_bytes: number }>`
    with rel as (
      select coalesce(p.relname, c.relname) as table, c.oid, c.reltuples
        from pg_class c
        left join pg_inherits i on i.inhrelid = c.oid
        left join pg_class p on p.oid = i.inhparent
       where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    )
    select "table", sum(greatest(reltuples, 0))::float8 as rows, sum(pg_table_size(oid))::float8 as table_bytes,
           sum(pg_indexes_size(oid))::float8 as index_bytes
      from rel group by "table" order by sum(pg_total_relation_size(oid)) desc limit 16`.execute(db);
  const { rows: total } = await sql<{ bytes: number }>`
    select pg_database_size(current_database())::float8 as bytes`.execute(db);
  const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(2)} GB`;
  console.log(`database on disk: ${gb(total[0]!.bytes)}`);
  console.log(
    `  ${'table'.padEnd(32)}${'rows'.padStart(14)}${'table'.padStart(11)}${'indexes'.padStart(11)}`,
  );
  for (const r of rows)
    console.log(
      `  ${r.table.padEnd(32)}${Math.round(r.rows).toLocaleString('en').padStart(14)}${gb(r.table_bytes).padStart(11)}${gb(r.index_bytes).padStart(11)}`,
    );
}
