import type { BookingWorld } from '@lms/booking';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';

/** The parts of a world that are master data: the same for every request until someone edits them. */
export type MasterParts = Pick<
  BookingWorld,
  | 'vehicleTypes'
  | 'shipConds'
  | 'shifts'
  | 'timeSlotCodes'
  | 'thresholds'
  | 'prohibits'
  | 'routes'
  | 'prices'
  | 'adjustPercents'
  | 'truckBans'
> & {
  readonly branch: readonly { id: string }[];
  readonly settings: readonly unknown[];
  /** The routes' sub-districts (a world adds its ship-tos'). */
  readonly routeSubDistricts: BookingWorld['subDistricts'];
};

/** Each master part's query; the branch's own where a part is per branch. */
export const masterPartsSql = (branchId: string): Record<keyof MasterParts, RawBuilder<unknown>> => ({
  branch: sql`select id, code, name, lat, lon from branch where id = ${branchId}`,
  settings: sql`select vehicle_type_id as "vehicleTypeId", ship_cond_id as "shipCondId", speed_per_km as "speedPerKm",
             load_time as "loadTime", unload_time as "unloadTime", wait_time as "waitTime"
        from branch__vehicle_type_settings where parent_id = ${branchId}`,
  vehicleTypes: sql`select id, code, name, max_capacity_weight as "maxCapacityWeight", max_capacity_volume as "maxCapacityVolume",
             not_valid_for_planning as "notValidForPlanning", special from vehicle_type`,
  shipConds: sql`select s.id, s.code, s.name, s.sla, s.max_distance as "maxDistance",
             coalesce((select array_agg(ref_id) from ship_cond__vehicle_type_ids where owner_id = s.id), '{}') as "vehicleTypeIds"
        from ship_cond s`,
  shifts: sql`select id, name, to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime",
             active, priority, time_slot_code_id as "timeSlotCodeId", total_minute as "totalMinute" from shift_of_day`,
  timeSlotCodes: sql`select id, code, name from time_slot_code`,
  adjustPercents: sql`select branch_id as "branchId", vehicle_type_id as "vehicleTypeId", booking_weight_adjust_percent as "bookingWeightAdjustPercent",
             booking_volume_adjust_percent as "bookingVolumeAdjustPercent" from vehicle_type_adjust_percent where branch_id = ${branchId}`,
  thresholds: sql`select vehicle_type_id as "vehicleTypeId", status, min_weight_percent as "minWeightPercent", max_weight_percent as "maxWeightPercent",
             min_volume_percent as "minVolumePercent", max_volume_percent as "maxVolumePercent", min_hour_percent as "minHourPercent",
             max_hour_percent as "maxHourPercent" from vehicle_utilization_thresholds`,
  truckBans: sql`select id, name, branch_id as "branchId", vehicle_type_id as "vehicleTypeId", sub_district_id as "subDistrictId",
             to_char(start_time, 'HH24:MI') as "startTime", to_char(end_time, 'HH24:MI') as "endTime",
             ban_day_pattern as "banDayPattern", banned_weekdays as "bannedWeekdays"
        from truck_ban_config where branch_id = ${branchId}`,
  prohibits: sql`select code, name, article_uom_type_id as "articleUomTypeId" from article_type_prohibit`,
  routes: sql`select id, code, name, sub_district_id as "subDistrictId" from route_config`,
  prices: sql`select vehicle_type_id as "vehicleTypeId", minimum_fee as "minimumFee", fee75_km as "fee75Km", fee150_km as "fee150Km" from shipping_price_config`,
  routeSubDistricts: sql`select id, lat, lon from sub_district where id in (select sub_district_id from route_config)`,
});

/**
 * The master data's version as a snapshot sees it (migration 0029): the count of committed
 * statements that wrote a master table. Read in the same statement as the rest of a world, so a
 * cached copy is used only when it is exactly what that statement would have read.
 */
export const masterVersionSql = sql`(select coalesce(sum(n), 0) from master_data_change)`;

/** Past this many change rows, the next miss folds them into one (their sum: the version stays). */
const FOLD_AT = 1000;

interface Cached {
  readonly version: number;
  readonly branches: Map<string, MasterParts>;
}

/**
 * Master parts per branch, cached per database handle (a pool, not a transaction) at one version.
 * A hit is decided by the version read in the caller's own statement, never by time or by a
 * notification, so several instances and writes by any path (a route, an import, SQL by hand)
 * are seen at once: a world is never assembled from master data older than its snapshot.
 */
export class MasterDataCache {
  private cached: Cached | undefined;
  private changeRows = 0;

  /** The branch's parts if cached at `version`. */
  at(version: number, branchId: string): MasterParts | undefined {
    return this.cached?.version === version ? this.cached.branches.get(branchId) : undefined;
  }

  /** Whether a branch is cached at all (whatever the version): worth asking the short statement. */
  has(branchId: string): boolean {
    return this.cached?.branches.has(branchId) ?? false;
  }

  /** Keeps a branch's parts read at `version`; an older version is dropped, a newer one is kept. */
  keep(version: number, branchId: string, parts: MasterParts, changeRows: number): void {
    if (!this.cached || this.cached.version < version) this.cached = { version, branches: new Map() };
    if (this.cached.version === version) this.cached.branches.set(branchId, parts);
    this.changeRows = changeRows;
  }

  /** Folds the change rows into one when there are many (a fresh cache's load does it). */
  async foldIfMany(db: Database): Promise<void> {
    if (this.changeRows <= FOLD_AT) return;
    this.changeRows = 0;
    await foldMasterDataChanges(db);
  }
}

const caches = new WeakMap<Database, MasterDataCache>();

/** The cache of a database handle; one per pool, so per process and database. */
export function masterDataCacheOf(db: Database): MasterDataCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MasterDataCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Replaces the change rows by one row of their sum, in one statement: every snapshot sees the same
 * sum before and after. Rows added meanwhile by other transactions are not deleted, and two folds
 * at once each re-add only what they themselves deleted.
 */
export async function foldMasterDataChanges(db: Database): Promise<void> {
  await sql`with folded as (delete from master_data_change returning n)
    insert into master_data_change (n) select sum(n) from folded having count(*) > 0`.execute(db);
}
