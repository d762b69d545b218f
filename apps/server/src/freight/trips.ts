import {
  type FreightPriceList,
  type FreightTripLine,
  freightProblemMessage,
  monthDays,
  tripFreight,
} from '@lms/domain';
import { sql } from 'kysely';
import { labelFrom } from '../crud/labels.ts';
import type { Executor } from '../db/database.ts';

/**
 * The trips a contractor is paid for on one branch's statement of one month (docs/freight.md
 * "Which trips"), each priced by the domain's `tripFreight`:
 *
 * - the shipment's truck belongs to the contractor (the truck's owner when the statement is drafted
 *   or recalculated), it is the branch's, and its ShipEnd actual time is recorded (a trip that did
 *   not run is not paid);
 * - its day (the shift's day, else the planned check-in's) is in the month; or it is a late trip: of
 *   an earlier month whose statement for this contractor was already approved;
 * - it is on no other statement.
 */
export interface TripsOf {
  readonly branchId: string;
  readonly contractorId: string;
  readonly month: string;
  /** The statement being (re)calculated: its own trips are its to take again. */
  readonly statementId: string | null;
}

/** The price list, every row of it (a trip uses the row valid on its day). */
export async function priceLists(db: Executor): Promise<FreightPriceList[]> {
  const rows = await db
    .selectFrom('shipping_price_config')
    .select(['vehicle_type_id', 'valid_from', 'minimum_fee', 'fee75_km', 'fee150_km', 'extra_drop_fee'])
    .execute();
  return rows.map((row) => ({
    vehicleTypeId: row.vehicle_type_id,
    validFrom: row.valid_from,
    minimumFee: row.minimum_fee,
    fee75Km: row.fee75_km,
    fee150Km: row.fee150_km,
    extraDropFee: row.extra_drop_fee,
  }));
}

const tripDay = sql<string>`coalesce(s.shift_date, s.plan_date_check_in)`;

/** The statement's trips, in day and number order, priced. */
export async function tripsOf(db: Executor, of: TripsOf): Promise<FreightTripLine[]> {
  const { first, last } = monthDays(of.month);
  const rows = await db
    .selectFrom('shipment as s')
    .innerJoin('vehicle as v', 'v.id', 's.vehicle_id')
    .leftJoin('vehicle_type as vt', (join) =>
      join.on(sql<boolean>`vt.id = coalesce(s.vehicle_type_id, v.vehicle_type_id)`),
    )
    .leftJoin('driver as d', 'd.id', 's.driver_id')
    .select((eb) => [
      's.id',
      's.doc_no',
      tripDay.as('day'),
      eb.fn.coalesce('s.car_plate_snap', 'v.license_plate').as('plate'),
      'vt.id as vehicle_type_id',
      labelFrom(eb, 'vt.code', 'vt.name').as('vehicle_type_label'),
      'd.name as driver_name',
      // Active bookings only: a cancelled one was not delivered.
      sql<number>`(select count(distinct b.ship_to_id)::int from shipment__booking_report_ids l
        join booking_report b on b.id = l.ref_id where l.owner_id = s.id and b.canceled_at is null)`.as(
        'drops',
      ),
      sql<number | null>`(select max(b.distance) from shipment__booking_report_ids l
        join booking_report b on b.id = l.ref_id where l.owner_id = s.id and b.canceled_at is null)`.as(
        'distance',
      ),
      sql<boolean>`${tripDay} < ${first}::date`.as('late'),
    ])
    .where('s.branch_id', '=', of.branchId)
    .where('v.contractor_id', '=', of.contractorId)
    .where('s.act_date_ship_end', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.between(tripDay, first, last),
        eb.and([
          eb(tripDay, '<', first),
          eb.exists(
            eb
              .selectFrom('freight_statement as f')
              .select('f.id')
              .where('f.branch_id', '=', of.branchId)
              .where('f.contractor_id', '=', of.contractorId)
              .where('f.state', 'in', ['APPROVED', 'EXPORTED'])
              .where('f.month', '=', sql<string>`to_char(${tripDay}, 'YYYY-MM')`),
          ),
        ]),
      ]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('freight_statement_trip as t')
            .select('t.shipment_id')
            .whereRef('t.shipment_id', '=', 's.id')
            .where('t.statement_id', 'is distinct from', of.statementId),
        ),
      ),
    )
    .orderBy(tripDay)
    .orderBy('s.doc_no')
    .execute();
  const prices = await priceLists(db);
  return rows.map((row) => {
    const distanceKm = row.distance === null ? null : Math.round(row.distance * 100) / 100;
    const trip = { vehicleTypeId: row.vehicle_type_id, day: row.day, distanceKm, drops: row.drops };
    const price = tripFreight(trip, prices);
    const common = {
      shipmentId: row.id,
      docNo: row.doc_no,
      day: row.day,
      licensePlate: row.plate,
      vehicleTypeId: row.vehicle_type_id,
      vehicleTypeLabel: row.vehicle_type_id === null ? null : row.vehicle_type_label,
      driverName: row.driver_name,
      drops: row.drops,
      distanceKm,
      late: row.late,
    };
    return price.priced
      ? {
          ...common,
          tier: price.tier,
          priceValidFrom: price.validFrom,
          distanceFee: price.distanceFee,
          minimumApplied: price.minimumApplied,
          extraDrops: price.extraDrops,
          extraDropFee: price.extraDropFee,
          fee: price.fee,
          problem: null,
        }
      : {
          ...common,
          tier: null,
          priceValidFrom: null,
          distanceFee: 0,
          minimumApplied: false,
          extraDrops: 0,
          extraDropFee: 0,
          fee: 0,
          problem: freightProblemMessage(price.problem, {
            vehicleTypeLabel: common.vehicleTypeLabel,
            day: row.day,
          }),
        };
  });
}
