import { sql } from 'kysely';
import type { Database } from '../../apps/server/src/db/database.ts';

/**
 * Bulk-load practice for bench/scale's generation (PostgreSQL's "Populating a Database"): the big
 * tables' indexes, keys and foreign keys are dropped before their rows go in and made again after
 * — one sort per index instead of tens of millions of random b-tree inserts, one validating join
 * per foreign key instead of a lookup per row. Their definitions are read from the catalogue
 * (pg_get_indexdef, pg_get_constraintdef) just before the drop, so what comes back is what the
 * migrations made, whatever they make. The cluster's settings for a load (no waiting on commit
 * flushes, checkpoints far apart, a large sort memory) are set with ALTER SYSTEM for the load and
 * reset after. The caller runs its statements with `session_replication_role = replica` so that no
 * trigger fires per row (generate.ts).
 */
interface Dropped {
  readonly table: string;
  readonly name: string;
  readonly create: string;
}

const LOAD_SETTINGS: Record<string, string> = {
  synchronous_commit: 'off',
  maintenance_work_mem: '1GB',
  max_wal_size: '8GB',
  checkpoint_timeout: '30min',
  max_parallel_maintenance_workers: '2',
};

async function setLoadSettings(db: Database, on: boolean) {
  for (const [name, value] of Object.entries(LOAD_SETTINGS))
    await sql.raw(on ? `alter system set ${name} = '${value}'` : `alter system reset ${name}`).execute(db);
  await sql`select pg_reload_conf()`.execute(db);
}

/** Foreign keys on or to `tables` (the top ones: a split table's partitions inherit theirs). */
async function foreignKeys(db: Database, tables: readonly string[]): Promise<Dropped[]> {
  const { rows } = await sql<Dropped>`
    select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as create
      from pg_constraint c
     where c.contype = 'f' and c.conparentid = 0
       and (c.conrelid::regclass::text = any(${tables}::text[]) or c.confrelid::regclass::text = any(${tables}::text[]))
     order by 1, 2`.execute(db);
  return rows;
}

/** Primary keys and unique constraints of `tables`, then their other indexes (the parents' only). */
async function keysAndIndexes(db: Database, tables: readonly string[]) {
  const { rows: keys } = await sql<Dropped>`
    select c.conrelid::regclass::text as table, c.conname as name, pg_get_constraintdef(c.oid) as create
      from pg_constraint c
     where c.contype in ('p', 'u') and c.conparentid = 0 and c.conrelid::regclass::text = any(${tables}::text[])
     order by 1, 2`.execute(db);
  const { rows: indexes } = await sql<Dropped>`
    select t.oid::regclass::text as table, i.relname as name, pg_get_indexdef(i.oid) as create
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     where t.oid::regclass::text = any(${tables}::text[])
       and not exists (select from pg_constraint c where c.conindid = i.oid and c.conrelid = t.oid)
     order by 1, 2`.execute(db);
  // A split table's index reads "ON ONLY parent" (the parent alone): made again, it is every partition's.
  return {
    keys,
    indexes: indexes.map((i) => ({ ...i, create: i.create.replace(' ON ONLY ', ' ON ') })),
  };
}

/**
 * Runs `load` with `tables` bare (no index, key or foreign key on or to them), then makes every
 * one of them again (keys, indexes, then foreign keys, which check every loaded row) and analyses
 * the tables. Each step is timed through `log`.
 */
export async function withoutIndexes(
  db: Database,
  tables: readonly string[],
  load: () => Promise<void>,
  log: (line: string) => void,
): Promise<void> {
  const fks = await foreignKeys(db, tables);
  const { keys, indexes } = await keysAndIndexes(db, tables);
  await setLoadSettings(db, true);
  try {
    for (const fk of fks)
      await sql`alter table ${sql.raw(fk.table)} drop constraint ${sql.id(fk.name)}`.execute(db);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
    for (const key of keys)
      await sql`alter table ${sql.raw(key.table)} drop constraint ${sql.id(key.name)}`.execute(db);
    log(
      `  dropped ${fks.length} foreign keys, ${indexes.length} indexes, ${keys.length} keys on ${tables.length} tables`,
    );
    await load();
    const timed = async (what: string, statements: string[]) => {
      const t0 = performance.now();
      for (const statement of statements) await sql.raw(statement).execute(db);
      log(`  ${what}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    await timed(
      `${keys.length} keys made again`,
      keys.map((k) => `alter table ${k.table} add constraint "${k.name}" ${k.create}`),
    );
    for (const table of tables)
      await timed(
        `${table}'s indexes made again`,
        indexes.filter((i) => i.table === table).map((i) => i.create),
      );
    await timed(
      `${fks.length} foreign keys made again (each checks its rows)`,
      fks.map((f) => `alter table ${f.table} add constraint "${f.name}" ${f.create}`),
    );
  } finally {
    await setLoadSettings(db, false);
  }
  const t0 = performance.now();
  await sql.raw(`analyze ${tables.join(', ')}`).execute(db);
  log(`  analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
