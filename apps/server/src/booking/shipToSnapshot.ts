import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';

/**
 * Copies the ship-to onto a booking just inserted (spec §3: the booking report's "shipTo (name,
 * tel, lat, lon, address, subDistrictId)"), in the confirm's transaction: the booking keeps where
 * the goods were meant to go even when the ship-to is edited later. Its own coordinates are copied
 * as they are (null: the sub-district's are used, as for the ship-to itself).
 */
export async function snapshotShipTo(trx: Tx, bookingId: string): Promise<void> {
  await sql`update booking_report b
       set ship_to_name = s.name, ship_to_tel = s.tel, ship_to_address = s.address,
           ship_to_lat = s.lat, ship_to_lon = s.lon, ship_to_sub_district_id = s.sub_district_id
      from ship_to s
     where s.id = b.ship_to_id and b.id = ${bookingId}`.execute(trx);
}
