import { type Kysely, sql } from 'kysely';

/**
 * The booking engine's master data, cached per process (booking/masterData.ts), checked against a
 * version read in the same statement as the rest of a world: the sum of `master_data_change.n`.
 * Every statement that writes a master table adds a row of 1 in its own transaction, so the sum
 * seen by a snapshot grows with every committed change and never otherwise; rows are only ever
 * folded into one of their sum (`foldMasterDataChanges`), which no snapshot can tell apart.
 * Inserts take no lock that another writer waits for: master-data writers do not queue on a
 * counter row.
 */
// Frozen with this migration: a table the world reads later needs its trigger in a migration of its own.
const MASTER_TABLES = [
  'branch',
  'branch__vehicle_type_settings',
  'vehicle_type',
  'ship_cond',
  'ship_cond__vehicle_type_ids',
  'shift_of_day',
  'time_slot_code',
  'vehicle_type_adjust_percent',
  'vehicle_utilization_thresholds',
  'truck_ban_config',
  'article_type_prohibit',
  'route_config',
  'shipping_price_config',
  'sub_district',
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table master_data_change (n bigint not null)`.execute(db);
  await sql`create function lms_master_data_changed() returns trigger language plpgsql as $$
    begin
      insert into master_data_change (n) values (1);
      return null;
    end $$`.execute(db);
  for (const table of MASTER_TABLES) {
    await sql`create trigger ${sql.id(`${table}_master_data_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function lms_master_data_changed()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of MASTER_TABLES)
    await sql`drop trigger ${sql.id(`${table}_master_data_changed`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function lms_master_data_changed()`.execute(db);
  await sql`drop table master_data_change`.execute(db);
}
