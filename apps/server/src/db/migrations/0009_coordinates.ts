import { type Kysely, sql } from 'kysely';

/** The tables with a latitude and longitude (latLonFields) when this migration shipped. */
const tables = ['branch', 'sub_district', 'ship_to'] as const;

/**
 * Coordinates in range, never NaN. PostgreSQL's numeric accepts 'NaN', and the geodata's
 * `None` became NaN through `Number()`: 71 seeded sub-districts, whose rows then failed to
 * serialize. A point without a real coordinate has none (null: booking falls back to the
 * sub-district, or to no distance), so bad values are cleared before the checks are added.
 * NaN sorts above every number, so `between` refuses it as well.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await sql`update ${sql.table(table)} set lat = null, lon = null
      where not (lat between -90 and 90) or not (lon between -180 and 180)`.execute(db);
    await sql`alter table ${sql.table(table)}
      add constraint ${sql.ref(`${table}_lat_range`)} check (lat between -90 and 90),
      add constraint ${sql.ref(`${table}_lon_range`)} check (lon between -180 and 180)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of tables) {
    await sql`alter table ${sql.table(table)}
      drop constraint ${sql.ref(`${table}_lat_range`)}, drop constraint ${sql.ref(`${table}_lon_range`)}`.execute(
      db,
    );
  }
}
