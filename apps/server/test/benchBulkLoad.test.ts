import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withoutIndexes } from '../../../bench/scale/bulkLoad.ts';
import { BIG_TABLES } from '../../../bench/scale/generate.ts';
import { setupTestServer } from './harness.ts';

// bench/scale's bulk load drops the big tables' keys, indexes and foreign keys and makes them
// again from the catalogue: what comes back must be what the migrations made, split tables too.
const server = setupTestServer();

/** Every index and constraint of the schema, partitions' included, as the catalogue prints them. */
async function schemaShape() {
  const { rows: indexes } = await sql<{ d: string }>`
    select tablename || ' ' || indexname || ' ' || indexdef as d from pg_indexes
     where schemaname = 'public' order by 1`.execute(server.db);
  const { rows: constraints } = await sql<{ d: string }>`
    select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated as d
      from pg_constraint where connamespace = 'public'::regnamespace order by 1`.execute(server.db);
  return { indexes: indexes.map((r) => r.d), constraints: constraints.map((r) => r.d) };
}

const indexCount = async () =>
  (
    await sql<{ n: number }>`select count(*)::int as n from pg_indexes
      where schemaname = 'public' and tablename = any(${BIG_TABLES}::text[])`.execute(server.db)
  ).rows[0]!.n;

describe('bench/scale bulk load', () => {
  it('loads into bare tables and makes every key, index and foreign key again as the migrations made them', async () => {
    const before = await schemaShape();
    expect(before.indexes.some((d) => d.startsWith('delivery_order '))).toBe(true);
    expect(before.indexes.some((d) => d.startsWith('history_'))).toBe(true);
    let duringLoad = -1;
    const lines: string[] = [];
    await withoutIndexes(
      server.db,
      BIG_TABLES,
      async () => {
        duringLoad = await indexCount();
        await sql`insert into history (entity, record_id, action, changes, at, source)
          values ('deliveryOrder', gen_random_uuid(), 'create', '{}', now(), 'bench')`.execute(server.db);
      },
      (line) => lines.push(line),
    );
    expect(duringLoad).toBe(0);
    expect(await schemaShape()).toEqual(before);
    expect(lines.some((l) => l.includes('foreign keys made again'))).toBe(true);
    // pg_reload_conf() only signals: a backend takes the reset at its next command after the
    // postmaster has passed the signal on, so the first read may still see the load's setting.
    const maxWalSize = async () =>
      (
        await sql<{ s: string }>`select setting as s from pg_settings where name = 'max_wal_size'`.execute(
          server.db,
        )
      ).rows[0]!.s;
    await expect.poll(maxWalSize, { timeout: 5_000 }).not.toBe('8192');
  });

  it('fails when the loaded rows break a foreign key, rather than leaving it out', async () => {
    await expect(
      withoutIndexes(
        server.db,
        ['delivery_position'],
        async () => {
          await sql`insert into delivery_position (shipment_id, at, lat, lon, accuracy)
            values (gen_random_uuid(), now(), 13.7, 100.5, 5)`.execute(server.db);
        },
        () => {},
      ),
    ).rejects.toThrow(/foreign key/);
  });
});
