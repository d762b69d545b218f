import type { BookingWorld } from '@lms/booking';
import { banDayPatternOptions, utilizationStatusOptions } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { assertOptions, assertPresent, columns, type RowOf, selectRows } from '../db/fields.ts';

/** A link table's ids as an array (`'{}'` when none): a `refs` field of the owner row `owner`. */
export const linkedIds = (table: string, owner: string) =>
  sql<
    string[]
  >`coalesce((select array_agg(ref_id) from ${sql.table(table)} where owner_id = ${sql.ref(`${owner}.id`)}), '{}')`;

/** A time of day as the engine reads it (`HH:mm`). */
const timeOfDay = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'HH24:MI')`;

/** Each master part's query, typed by its columns; the branch's own where a part is per branch. */
export const masterPartsSql = (branchId: string) => ({
  branch: selectRows(
    columns('branch', ['id', 'code', 'name', 'lat', 'lon']),
    sql`from branch where id = ${branchId}`,
  ),
  settings: selectRows(
    columns('branch__vehicle_type_settings', [
      'vehicleTypeId',
      'shipCondId',
      'speedPerKm',
      'loadTime',
      'unloadTime',
      'waitTime',
    ]),
    sql`from branch__vehicle_type_settings where parent_id = ${branchId}`,
  ),
  vehicleTypes: selectRows(
    columns('vehicle_type', [
      'id',
      'code',
      'name',
      'maxCapacityWeight',
      'maxCapacityVolume',
      'notValidForPlanning',
      'special',
    ]),
    sql`from vehicle_type`,
  ),
  shipConds: selectRows(
    columns(
      'ship_cond',
      ['id', 'code', 'name', 'sla', 'maxDistance'],
      { vehicleTypeIds: linkedIds('ship_cond__vehicle_type_ids', 's') },
      's',
    ),
    sql`from ship_cond s`,
  ),
  shifts: selectRows(
    columns('shift_of_day', ['id', 'name', 'active', 'priority', 'timeSlotCodeId', 'totalMinute'], {
      startTime: timeOfDay('start_time'),
      endTime: timeOfDay('end_time'),
    }),
    sql`from shift_of_day`,
  ),
  timeSlotCodes: selectRows(columns('time_slot_code', ['id', 'code', 'name']), sql`from time_slot_code`),
  adjustPercents: selectRows(
    columns('vehicle_type_adjust_percent', [
      'branchId',
      'vehicleTypeId',
      'bookingWeightAdjustPercent',
      'bookingVolumeAdjustPercent',
    ]),
    sql`from vehicle_type_adjust_percent where branch_id = ${branchId}`,
  ),
  thresholds: selectRows(
    columns('vehicle_utilization_thresholds', [
      'vehicleTypeId',
      'status',
      'minWeightPercent',
      'maxWeightPercent',
      'minVolumePercent',
      'maxVolumePercent',
      'minHourPercent',
      'maxHourPercent',
    ]),
    sql`from vehicle_utilization_thresholds`,
  ),
  truckBans: selectRows(
    columns(
      'truck_ban_config',
      ['id', 'name', 'branchId', 'vehicleTypeId', 'subDistrictId', 'banDayPattern', 'bannedWeekdays'],
      { startTime: timeOfDay('start_time'), endTime: timeOfDay('end_time') },
    ),
    sql`from truck_ban_config where branch_id = ${branchId}`,
  ),
  prohibits: selectRows(
    columns('article_type_prohibit', ['code', 'name', 'articleUomTypeId']),
    sql`from article_type_prohibit`,
  ),
  routes: selectRows(
    columns('route_config', ['id', 'code', 'name', 'subDistrictId']),
    sql`from route_config`,
  ),
  prices: selectRows(
    columns('shipping_price_config', ['vehicleTypeId', 'validFrom', 'minimumFee', 'fee75Km', 'fee150Km']),
    sql`from shipping_price_config`,
  ),
  routeSubDistricts: selectRows(
    columns('sub_district', ['id', 'lat', 'lon']),
    sql`from sub_district where id in (select sub_district_id from route_config)`,
  ),
});

/** The master parts as a statement reads them (JSON rows of each part's columns). */
export type MasterRows = {
  readonly [K in keyof ReturnType<typeof masterPartsSql>]: readonly RowOf<
    ReturnType<typeof masterPartsSql>[K]
  >[];
};

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
  readonly branch: readonly Omit<BookingWorld['branches'][number], 'vehicleTypeSettings'>[];
  readonly settings: BookingWorld['branches'][number]['vehicleTypeSettings'];
  /** The routes' sub-districts (a world adds its ship-tos'). */
  readonly routeSubDistricts: BookingWorld['subDistricts'];
};

/**
 * The master rows as the engine reads them: the compiler checks every column against the engine's
 * type; the few the schema keeps wider (an option's text, a column the WHERE makes present) are
 * checked here, row by row (a cache miss only).
 */
export function masterPartsOf(rows: MasterRows): MasterParts {
  assertOptions(rows.thresholds, 'status', utilizationStatusOptions, 'vehicle_utilization_thresholds.status');
  assertPresent(rows.adjustPercents, 'branchId', 'vehicle_type_adjust_percent.branch_id');
  assertPresent(rows.truckBans, 'branchId', 'truck_ban_config.branch_id');
  assertOptions(rows.truckBans, 'banDayPattern', banDayPatternOptions, 'truck_ban_config.ban_day_pattern');
  const { thresholds, adjustPercents, truckBans } = rows;
  return { ...rows, thresholds, adjustPercents, truckBans };
}

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
