import { bangkokIsoDate } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { seedBranchCapacity, seedDocuments } from './branchData.ts';
import { seedGeography } from './geography.ts';
import { seedMasterData } from './masterData.ts';
import { seedUsers } from './users.ts';

/**
 * A believable company on an empty database (product.md "Demo data"): real Thai geography,
 * four branches, trucks, shifts, ship conds, 60 days of slots, a Bangkok truck ban, articles
 * with a prohibited pair, customers, ship-tos, SOs, unbooked DOs and a user per role.
 * Answers the demo users' one-time passwords, or nothing when the database already has data.
 */
export async function seedDemoCompany(db: Database, today = bangkokIsoDate(new Date())) {
  return db.transaction().execute(async (trx) => {
    // One seeding at a time across instances: a lock on a name, no table.
    await sql`select pg_advisory_xact_lock(hashtext('lms:demo-seed'))`.execute(trx);
    if (await trx.selectFrom('branch').select('id').limit(1).executeTakeFirst()) return undefined;
    const geo = await seedGeography(trx);
    const master = await seedMasterData(trx, geo);
    await seedBranchCapacity(trx, geo, master, today);
    await seedDocuments(trx, geo, master, today);
    return seedUsers(trx, master.branchIds);
  });
}
