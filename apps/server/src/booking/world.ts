import { type BookedLine, type BookingWorld, HORIZON_DAYS } from '@lms/booking';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
/** The last day a suggestion may reach: far enough for the longest SLA plus the search horizon. */
export const worldEnd = (today: string) => addDays(today, HORIZON_DAYS + 60);

/** Rows of a query, typed loosely: the engine's types mirror the declarations' field names. */
async function rows<T>(db: Database, query: ReturnType<typeof sql<T>>): Promise<T[]> {
  return (await query.execute(db)).rows;
}

export interface WorldScope {
  readonly branchId: string;
  readonly from: string;
  readonly to: string;
  readonly deliveryOrderIds?: readonly string[];
  readonly shipToIds?: readonly string[];
  /** A booking being moved: its own lines do not take capacity from where it may go. */
  readonly excludeBookingId?: string;
}

/** Active booking lines using the branch's slots between two days: the capacity already taken. */
export function bookedLines(
  db: Database,
  branchId: string,
  from: string,
  to: string,
  excludeBookingId: string | null = null,
): Promise<BookedLine[]> {
  return rows(
    db,
    sql<BookedLine>`select l.slot_id as "slotId", l.used_weight::float as "usedWeight", l.used_volume::float as "usedVolume",
        l.used_minute as "usedMinute", false as canceled
       from booking_report__lines l
       join booking_report b on b.id = l.parent_id and b.canceled_at is null
       join vehicle_date_slot s on s.id = l.slot_id
      where s.branch_id = ${branchId} and s.shift_date between ${from}::date and ${to}::date
        and b.id is distinct from ${excludeBookingId}::uuid`,
  );
}

/**
 * Everything the engine reads for one branch and a range of days, loaded in parallel. Master data
 * is small; slots and booked lines are limited to the range; DOs and ship-tos to those asked for.
 */
export async function loadWorld(db: Database, scope: WorldScope): Promise<BookingWorld> {
  const { branchId, from, to } = scope;
  const doIds = [...(scope.deliveryOrderIds ?? [])];
  const [
    branches,
    settings,
    slots,
    vehicleTypes,
    shipConds,
    shifts,
    timeSlotCodes,
    adjustPercents,
    thresholds,
    truckBans,
    prohibits,
    routes,
    prices,
    articles,
    deliveryOrders,
    booked,
  ] = await Promise.all([
    rows(
      db,
      sql<{
        id: string;
        code: string;
        name: string;
        lat: number | null;
        lon: number | null;
      }>`select id, code, name, lat, lon from branch where id = ${branchId}`,
    ),
    rows(
      db,
      sql<{
        vehicleTypeId: string;
        shipCondId: string;
        speedPerKm: number;
        loadTime: number;
        unloadTime: number;
        waitTime: number;
      }>`
        select vehicle_type_id as "vehicleTypeId", ship_cond_id as "shipCondId", speed_per_km as "speedPerKm",
               load_time as "loadTime", unload_time as "unloadTime", wait_time as "waitTime"
          from branch__vehicle_type_settings where parent_id = ${branchId}`,
    ),
    rows(
      db,
      sql`select id, branch_id as "branchId", shift_date::text as "shiftDate", shift_of_day_id as "shiftOfDayId",
               vehicle_type_id as "vehicleTypeId", ship_cond_id as "shipCondId", route_config_id as "routeConfigId", total, special
          from vehicle_date_slot where branch_id = ${branchId} and shift_date between ${from}::date and ${to}::date`,
    ),
    rows(
      db,
      sql`select id, code, name, max_capacity_weight as "maxCapacityWeight", max_capacity_volume as "maxCapacityVolume",
               not_valid_for_planning as "notValidForPlanning", special from vehicle_type`,
    ),
    rows(
      db,
      sql`select s.id, s.code, s.name, s.sla, s.max_distance as "maxDistance",
               coalesce((select array_agg(ref_id) from ship_cond__vehicle_type_ids where owner_id = s.id), '{}') as "vehicleTypeIds"
          from ship_cond s`,
    ),
    rows(
      db,
      sql`select id, name, to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime",
               active, priority, time_slot_code_id as "timeSlotCodeId", total_minute as "totalMinute" from shift_of_day`,
    ),
    rows(db, sql`select id, code, name from time_slot_code`),
    rows(
      db,
      sql`select branch_id as "branchId", vehicle_type_id as "vehicleTypeId", booking_weight_adjust_percent as "bookingWeightAdjustPercent",
               booking_volume_adjust_percent as "bookingVolumeAdjustPercent" from vehicle_type_adjust_percent where branch_id = ${branchId}`,
    ),
    rows(
      db,
      sql`select vehicle_type_id as "vehicleTypeId", status, min_weight_percent as "minWeightPercent", max_weight_percent as "maxWeightPercent",
               min_volume_percent as "minVolumePercent", max_volume_percent as "maxVolumePercent", min_hour_percent as "minHourPercent",
               max_hour_percent as "maxHourPercent" from vehicle_utilization_thresholds`,
    ),
    rows(
      db,
      sql`select id, name, branch_id as "branchId", vehicle_type_id as "vehicleTypeId", sub_district_id as "subDistrictId",
               to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime",
               ban_day_pattern as "banDayPattern", banned_weekdays as "bannedWeekdays"
          from truck_ban_config where branch_id = ${branchId}`,
    ),
    rows(db, sql`select code, name, article_uom_type_id as "articleUomTypeId" from article_type_prohibit`),
    rows(db, sql`select id, code, name, sub_district_id as "subDistrictId" from route_config`),
    rows(
      db,
      sql`select vehicle_type_id as "vehicleTypeId", minimum_fee as "minimumFee", fee75_km as "fee75Km", fee150_km as "fee150Km" from shipping_price_config`,
    ),
    rows(
      db,
      sql`select a.id, a.code, a.name, a.stack_volume_percent as "stackVolumePercent", a.installation_time as "installationTime",
               a.cannot_split as "cannotSplit", a.no_use_cap as "noUseCap", a.article_uom_type_id as "articleUomTypeId",
               coalesce((select array_agg(ref_id) from article__unsupported_vehicle_type_ids where owner_id = a.id), '{}') as "unsupportedVehicleTypeIds"
          from article a`,
    ),
    // A DO is one line of one article (the declaration's articleUomId): the line id is the DO's.
    rows(
      db,
      sql<{
        id: string;
        docNo: string;
        articleId: string | null;
        qty: number | null;
        weight: number;
        volume: number;
        shipToId: string | null;
      }>`
        select id, doc_no as "docNo", article_uom_id as "articleId", qty, weight, volume, coalesce(bo_ship_to_id, so_ship_to_id) as "shipToId"
          from delivery_order where branch_id = ${branchId} and id = any(${doIds}::uuid[])`,
    ),
    bookedLines(db, branchId, from, to, scope.excludeBookingId),
  ]);
  const shipToIds = [
    ...new Set([
      ...(scope.shipToIds ?? []),
      ...deliveryOrders.map((d) => d.shipToId).filter((id): id is string => !!id),
    ]),
  ];
  const shipTos = await rows(
    db,
    sql<{
      id: string;
      code: string;
      name: string;
      subDistrictId: string;
      lat: number | null;
      lon: number | null;
    }>`
    select id, code, name, sub_district_id as "subDistrictId", lat, lon from ship_to where id = any(${shipToIds}::uuid[])`,
  );
  const subDistrictIds = [
    ...new Set([
      ...shipTos.map((s) => s.subDistrictId),
      ...routes.map((r) => (r as { subDistrictId: string }).subDistrictId),
    ]),
  ];
  const subDistricts = await rows(
    db,
    sql`select id, lat, lon from sub_district where id = any(${subDistrictIds}::uuid[])`,
  );
  return {
    branches: branches.map((b) => ({ ...b, vehicleTypeSettings: settings })),
    slots,
    vehicleTypes,
    shipConds,
    shifts,
    timeSlotCodes,
    adjustPercents,
    thresholds,
    truckBans,
    prohibits,
    routes,
    prices,
    articles,
    subDistricts,
    shipTos,
    deliveryOrders: deliveryOrders.map((d) => ({
      id: d.id,
      docNo: d.docNo,
      lines: d.articleId
        ? [{ id: d.id, articleId: d.articleId, qty: d.qty ?? 1, weight: d.weight, volume: d.volume }]
        : [],
    })),
    bookedLines: booked,
  } as unknown as BookingWorld;
}
