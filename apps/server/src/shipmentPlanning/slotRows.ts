import type { Executor } from '../db/database.ts';

/** The queries behind a slot (`loadSlot`): its bookings' lines, the branch's trucks and drivers. */

/**
 * A branch's booked lines with their slots (`l`, `b`, `s`): what makes a booking one of a slot's,
 * read by the slot's planning (`slotLines`) and counted by the dispatcher's home.
 */
export function bookedLines(db: Executor, branchId: string) {
  return db
    .selectFrom('booking_report__lines as l')
    .innerJoin('booking_report as b', (join) =>
      join.onRef('b.id', '=', 'l.parent_id').on('b.canceled_at', 'is', null).on('b.branch_id', '=', branchId),
    )
    .innerJoin('vehicle_date_slot as s', 's.id', 'l.slot_id')
    .where('s.branch_id', '=', branchId);
}

/** The slot's confirmed bookings, one row per line (a line is one DO), in booking order. */
export function slotLines(db: Executor, branchId: string, date: string, shiftOfDayId: string) {
  return bookedLines(db, branchId)
    .innerJoin('vehicle_type as vt', 'vt.id', 's.vehicle_type_id')
    .innerJoin('delivery_order as d', 'd.id', 'l.delivery_order_id')
    .innerJoin('ship_to as st', 'st.id', 'b.ship_to_id')
    .leftJoin('sub_district as sd', 'sd.id', 'st.sub_district_id')
    .leftJoin('article as a', 'a.id', 'l.article_id')
    .select((eb) => [
      'b.id as bookingId',
      'b.doc_no as bookingDocNo',
      'st.code as shipToCode',
      'st.name as shipToName',
      'st.sub_district_id as subDistrictId',
      eb.fn.coalesce('st.lat', 'sd.lat').as('lat'),
      eb.fn.coalesce('st.lon', 'sd.lon').as('lon'),
      'l.delivery_order_id as deliveryOrderId',
      'd.doc_no as docNo',
      'l.qty',
      eb.fn.coalesce('l.used_weight', 'd.weight').as('weight'),
      eb.fn.coalesce('l.used_volume', 'd.volume').as('volume'),
      'l.delivery_time as deliveryTime',
      's.vehicle_type_id as vehicleTypeId',
      'vt.name as vehicleTypeName',
      'l.ship_cond_id as shipCondId',
      'a.article_uom_type_id as uomTypeId',
      'a.no_use_cap as noUseCap',
      'a.installation_time as installationTime',
      // Sent back from this booking by a failed or partial delivery: its stop is history (slot.ts).
      eb
        .exists(
          eb
            .selectFrom('delivery_return as r')
            .select(eb.lit(1).as('one'))
            .whereRef('r.booking_id', '=', 'b.id')
            .whereRef('r.delivery_order_id', '=', 'l.delivery_order_id'),
        )
        .$castTo<boolean>()
        .as('returned'),
    ])
    .where('s.shift_date', '=', date)
    .where('s.shift_of_day_id', '=', shiftOfDayId)
    .orderBy('b.doc_no')
    .orderBy('l.position')
    .execute();
}

export interface SlotTruck {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly licensePlate: string | null;
  readonly vehicleTypeId: string;
  readonly vehicleTypeName: string;
  readonly maxWeight: number;
  readonly maxVolume: number;
  /** The branch's planning adjust % of the type (100 when none is set). */
  readonly weightPercent: number;
  readonly volumePercent: number;
}

/** The branch's trucks of every type the planner may use, with the branch's planning adjust %. */
export function slotTrucks(db: Executor, branchId: string): Promise<SlotTruck[]> {
  return db
    .selectFrom('vehicle as v')
    .innerJoin('vehicle_type as t', (join) =>
      join.onRef('t.id', '=', 'v.vehicle_type_id').on((eb) => eb.not(eb.ref('t.not_valid_for_planning'))),
    )
    .leftJoin('vehicle_type_adjust_percent as p', (join) =>
      join.onRef('p.branch_id', '=', 'v.branch_id').onRef('p.vehicle_type_id', '=', 'v.vehicle_type_id'),
    )
    .select((eb) => [
      'v.id',
      'v.code',
      'v.name',
      'v.license_plate as licensePlate',
      'v.vehicle_type_id as vehicleTypeId',
      't.name as vehicleTypeName',
      't.max_capacity_weight as maxWeight',
      't.max_capacity_volume as maxVolume',
      eb.fn.coalesce('p.planning_weight_adjust_percent', eb.lit(100)).as('weightPercent'),
      eb.fn.coalesce('p.planning_volume_adjust_percent', eb.lit(100)).as('volumePercent'),
    ])
    .where('v.branch_id', '=', branchId)
    .orderBy('v.code')
    .execute();
}

/** The branch's drivers employed on the day, main drivers first. */
export function slotDrivers(db: Executor, branchId: string, date: string) {
  return db
    .selectFrom('driver')
    .select(['id', 'name', 'vehicle_id as vehicleId', 'is_main as isMain'])
    .where('branch_id', '=', branchId)
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', date)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>=', date)]))
    .orderBy('is_main', 'desc')
    .orderBy('code')
    .execute();
}
