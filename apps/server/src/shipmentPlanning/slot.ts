import type { TripsInput } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { notFound } from '../http/errors.ts';

/** Everything planning reads for one branch, one day and one shift. Weights in kg, volumes in m³, minutes. */

export interface SlotLine {
  readonly deliveryOrderId: string;
  readonly docNo: string;
  readonly qty: number;
  readonly weight: number;
  readonly volume: number;
  readonly deliveryTime: string | null;
  readonly vehicleTypeId: string;
  readonly vehicleTypeName: string;
  readonly shipCondId: string;
  readonly uomTypeId: string | null;
  readonly installationMinutes: number;
}

export interface SlotBooking {
  readonly id: string;
  readonly docNo: string;
  readonly shipToLabel: string;
  readonly subDistrictId: string | null;
  readonly lat: number | null;
  readonly lon: number | null;
  readonly lines: SlotLine[];
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

export interface SlotSetting {
  readonly vehicleTypeId: string;
  readonly shipCondId: string;
  readonly speedPerKm: number;
  readonly loadTime: number;
  readonly unloadTime: number;
  readonly waitTime: number;
}

export interface SlotBan {
  readonly vehicleTypeId: string;
  readonly subDistrictId: string;
  readonly startTime: string;
  readonly endTime: string;
  readonly banDayPattern: 'EVERY_DAY' | 'WEEKDAYS' | 'WEEKENDS' | 'CUSTOM';
  readonly bannedWeekdays: number[] | null;
}

export interface SlotShipment {
  readonly id: string;
  readonly docNo: string;
  readonly vehicleId: string | null;
  readonly licensePlate: string | null;
  readonly checkedIn: boolean;
}

export interface Slot {
  readonly branchId: string;
  readonly date: string;
  readonly branch: { readonly lat: number | null; readonly lon: number | null };
  readonly shift: {
    readonly id: string;
    readonly name: string;
    readonly startTime: string;
    readonly endTime: string;
  };
  readonly bookings: SlotBooking[];
  readonly trucks: SlotTruck[];
  readonly drivers: { id: string; name: string; vehicleId: string | null; isMain: boolean }[];
  readonly settings: SlotSetting[];
  readonly bans: SlotBan[];
  readonly prohibits: { code: string; articleUomTypeId: string }[];
  /** The confirmed plan: its number, trips as confirmed, and the shipments written for it. */
  readonly version: number;
  readonly confirmedTrips: TripsInput;
  readonly shipments: SlotShipment[];
}

async function rows<T>(db: Database, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

/** Loads a slot; 404 when the shift does not exist. */
export async function loadSlot(
  db: Database,
  branchId: string,
  date: string,
  shiftOfDayId: string,
): Promise<Slot> {
  const [branches, shifts, lines, trucks, drivers, settings, bans, prohibits, plans, shipments] =
    await Promise.all([
      rows(
        db,
        sql<{ lat: number | null; lon: number | null }>`select lat, lon from branch where id = ${branchId}`,
      ),
      rows(
        db,
        sql<{ id: string; name: string; startTime: string; endTime: string }>`
        select id, name, to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime"
          from shift_of_day where id = ${shiftOfDayId}`,
      ),
      // The slot's confirmed bookings, one row per line (a line is one DO).
      rows(
        db,
        sql<
          SlotLine & {
            bookingId: string;
            bookingDocNo: string;
            shipToLabel: string;
            subDistrictId: string | null;
            lat: number | null;
            lon: number | null;
          }
        >`
        select b.id as "bookingId", b.doc_no as "bookingDocNo", st.code || ' ' || st.name as "shipToLabel",
               st.sub_district_id as "subDistrictId", coalesce(st.lat, sd.lat)::float as lat, coalesce(st.lon, sd.lon)::float as lon,
               l.delivery_order_id as "deliveryOrderId", d.doc_no as "docNo", l.qty::float as qty,
               coalesce(l.used_weight, d.weight)::float as weight, coalesce(l.used_volume, d.volume)::float as volume,
               to_char(l.delivery_time, 'HH24:MI') as "deliveryTime", s.vehicle_type_id as "vehicleTypeId",
               vt.name as "vehicleTypeName", l.ship_cond_id as "shipCondId", a.article_uom_type_id as "uomTypeId",
               coalesce(case when a.no_use_cap then 0 else a.installation_time end, 0)::float as "installationMinutes"
          from booking_report__lines l
          join booking_report b on b.id = l.parent_id and b.canceled_at is null and b.branch_id = ${branchId}
          join vehicle_date_slot s on s.id = l.slot_id
          join vehicle_type vt on vt.id = s.vehicle_type_id
          join delivery_order d on d.id = l.delivery_order_id
          join ship_to st on st.id = b.ship_to_id
          left join sub_district sd on sd.id = st.sub_district_id
          left join article a on a.id = l.article_id
         where s.branch_id = ${branchId} and s.shift_date = ${date}::date and s.shift_of_day_id = ${shiftOfDayId}
         order by b.doc_no, l.position`,
      ),
      // The branch's trucks of every type the planner may use.
      rows(
        db,
        sql<SlotTruck>`
        select v.id, v.code, v.name, v.license_plate as "licensePlate", v.vehicle_type_id as "vehicleTypeId",
               t.name as "vehicleTypeName", t.max_capacity_weight::float as "maxWeight", t.max_capacity_volume::float as "maxVolume",
               coalesce(p.planning_weight_adjust_percent, 100)::float as "weightPercent",
               coalesce(p.planning_volume_adjust_percent, 100)::float as "volumePercent"
          from vehicle v
          join vehicle_type t on t.id = v.vehicle_type_id and not t.not_valid_for_planning
          left join vehicle_type_adjust_percent p on p.branch_id = v.branch_id and p.vehicle_type_id = v.vehicle_type_id
         where v.branch_id = ${branchId}
         order by v.code`,
      ),
      rows(
        db,
        sql<{ id: string; name: string; vehicleId: string | null; isMain: boolean }>`
        select id, name, vehicle_id as "vehicleId", is_main as "isMain" from driver
         where branch_id = ${branchId} and (start_at is null or start_at <= ${date}::date)
           and (end_at is null or end_at >= ${date}::date)
         order by is_main desc, code`,
      ),
      rows(
        db,
        sql<SlotSetting>`
        select vehicle_type_id as "vehicleTypeId", ship_cond_id as "shipCondId", speed_per_km::float as "speedPerKm",
               load_time as "loadTime", unload_time as "unloadTime", wait_time as "waitTime"
          from branch__vehicle_type_settings where parent_id = ${branchId} order by position`,
      ),
      rows(
        db,
        sql<SlotBan>`
        select vehicle_type_id as "vehicleTypeId", sub_district_id as "subDistrictId",
               to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime",
               ban_day_pattern as "banDayPattern", banned_weekdays as "bannedWeekdays"
          from truck_ban_config where branch_id = ${branchId}`,
      ),
      rows(
        db,
        sql<{
          code: string;
          articleUomTypeId: string;
        }>`select code, article_uom_type_id as "articleUomTypeId" from article_type_prohibit`,
      ),
      rows(
        db,
        sql<{ version: number; trips: TripsInput }>`select version, trips from shipment_plan
        where branch_id = ${branchId} and shift_date = ${date}::date and shift_of_day_id = ${shiftOfDayId}`,
      ),
      slotShipments(db, branchId, date, shiftOfDayId),
    ]);
  const shift = shifts[0];
  if (!shift) throw notFound('ไม่พบกะที่เลือก');
  const bookings = new Map<string, SlotBooking>();
  for (const { bookingId, bookingDocNo, shipToLabel, subDistrictId, lat, lon, ...line } of lines) {
    const booking = bookings.get(bookingId) ?? {
      id: bookingId,
      docNo: bookingDocNo,
      shipToLabel,
      subDistrictId,
      lat,
      lon,
      lines: [],
    };
    // A DO the booking split by quantity over several vehicles of this slot is one job here (its
    // parts summed): the planner delivers a DO whole, and a job id may appear once.
    const same = booking.lines.findIndex((l) => l.deliveryOrderId === line.deliveryOrderId);
    const known = booking.lines[same];
    if (known)
      booking.lines[same] = {
        ...known,
        qty: known.qty + line.qty,
        weight: known.weight + line.weight,
        volume: known.volume + line.volume,
      };
    else booking.lines.push(line);
    bookings.set(bookingId, booking);
  }
  return {
    branchId,
    date,
    branch: branches[0] ?? { lat: null, lon: null },
    shift,
    bookings: [...bookings.values()],
    trucks,
    drivers,
    settings,
    bans,
    prohibits,
    version: plans[0]?.version ?? 0,
    confirmedTrips: plans[0]?.trips ?? [],
    shipments,
  };
}

/** The shipments written for a slot's confirmed plan. */
export function slotShipments(db: Database, branchId: string, date: string, shiftOfDayId: string) {
  return rows(
    db,
    sql<SlotShipment>`
      select id, doc_no as "docNo", vehicle_id as "vehicleId", car_plate_snap as "licensePlate",
             act_date_check_in is not null as "checkedIn"
        from shipment
       where branch_id = ${branchId} and shift_date = ${date}::date and shift_of_day_id = ${shiftOfDayId}
       order by doc_no`,
  );
}

/** The active shifts, in the order booking ranks them. */
export function activeShifts(db: Database) {
  return rows(
    db,
    sql<{ id: string; name: string; startTime: string; endTime: string }>`
      select id, name, to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime"
        from shift_of_day where active order by start_time, priority, name`,
  );
}
