import { bangkokIsoDate } from '@lms/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { foldMasterDataChanges, masterDataCacheOf, masterVersionSql } from '../src/booking/masterData.ts';
import { loadWorld } from '../src/booking/world.ts';
import type { Database } from '../src/db/database.ts';
import { bookingScenario } from './bookingScenario.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const version = async (db: Database) =>
  Number((await sql<{ v: number }>`select ${masterVersionSql} as v`.execute(db)).rows[0]!.v);

describe('the booking world’s cached master data', () => {
  it('is read again as soon as a master table changes, by whatever path', async () => {
    const { db } = server;
    const world = await bookingScenario(db, { deliveryOrders: 1 });
    const today = bangkokIsoDate(new Date());
    const scope = {
      branchId: world.branchId,
      from: today,
      to: today,
      deliveryOrderIds: world.deliveryOrderIds,
    };
    const capacity = async () =>
      (await loadWorld(db, scope)).vehicleTypes.find((v) => v.id === world.vehicleTypeId)?.maxCapacityWeight;

    expect(await capacity()).toBe(1000);
    const cache = masterDataCacheOf(db);
    const before = await version(db);
    expect(cache.at(before, world.branchId)).toBeDefined();
    // A change written straight to the table, as an import or a hand-made fix would.
    await sql`update vehicle_type set max_capacity_weight = 1234 where id = ${world.vehicleTypeId}`.execute(
      db,
    );
    expect(await version(db)).toBeGreaterThan(before);
    expect(cache.at(await version(db), world.branchId)).toBeUndefined();
    expect(await capacity()).toBe(1234);
    // A branch's own parts too (its settings), and a statement that changes no row still counts.
    await sql`update branch__vehicle_type_settings set load_time = 25 where parent_id = ${world.branchId}`.execute(
      db,
    );
    const settings = (await loadWorld(db, scope)).branches[0]!.vehicleTypeSettings;
    expect(settings.map((s) => s.loadTime)).toEqual([25]);
    const unchanged = await version(db);
    await sql`delete from truck_ban_config where false`.execute(db);
    expect(await version(db)).toBe(unchanged + 1);
  });

  it('keeps the version when the change rows are folded into one', async () => {
    const { db } = server;
    await sql`update time_slot_code set code = code where false`.execute(db);
    const before = await version(db);
    const rows = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from master_data_change`.execute(db)).rows[0]!.n);
    expect(await rows()).toBeGreaterThan(1);
    await foldMasterDataChanges(db);
    expect(await rows()).toBe(1);
    expect(await version(db)).toBe(before);
  });

  it('answers a transaction from its own snapshot, not from the pool’s cache', async () => {
    const { db } = server;
    const world = await bookingScenario(db, { deliveryOrders: 1 });
    const today = bangkokIsoDate(new Date());
    const scope = { branchId: world.branchId, from: today, to: today };
    await loadWorld(db, scope);
    const rolledBack = db.transaction().execute(async (trx) => {
      await sql`update vehicle_type set max_capacity_weight = 777 where id = ${world.vehicleTypeId}`.execute(
        trx,
      );
      const inside = await loadWorld(trx as unknown as Database, scope);
      expect(inside.vehicleTypes.find((v) => v.id === world.vehicleTypeId)?.maxCapacityWeight).toBe(777);
      throw new Error('rolled back');
    });
    // Any other error (a failed expectation inside) fails here.
    await expect(rolledBack).rejects.toThrow('rolled back');
    const after = await loadWorld(db, scope);
    expect(after.vehicleTypes.find((v) => v.id === world.vehicleTypeId)?.maxCapacityWeight).toBe(1000);
  });
});
