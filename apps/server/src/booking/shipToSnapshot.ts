import { sql } from 'kysely';

/**
 * The ship-to copied onto a booking as it is inserted (spec §3: the booking report's "shipTo
 * (name, tel, lat, lon, address, subDistrictId)"), in the confirm's own statement: the booking
 * keeps where the goods were meant to go even when the ship-to is edited later. Its own
 * coordinates are copied as they are (null: the sub-district's are used, as for the ship-to
 * itself). `columns` go in the INSERT's column list, `values(alias)` in its SELECT from the ship-to.
 */
export const shipToSnapshot = {
  columns: sql`ship_to_name, ship_to_tel, ship_to_address, ship_to_lat, ship_to_lon, ship_to_sub_district_id`,
  values: (alias: string) =>
    sql`${sql.ref(`${alias}.name`)}, ${sql.ref(`${alias}.tel`)}, ${sql.ref(`${alias}.address`)}, ${sql.ref(`${alias}.lat`)}, ${sql.ref(`${alias}.lon`)}, ${sql.ref(`${alias}.sub_district_id`)}`,
};
