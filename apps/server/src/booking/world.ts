import { type BookedLine, type BookingWorld, HORIZON_DAYS } from '@lms/booking';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { type MasterParts, masterDataCacheOf, masterPartsSql, masterVersionSql } from './masterData.ts';

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
/** The last day a suggestion may reach: far enough for the longest SLA plus the search horizon. */
export const worldEnd = (today: string) => addDays(today, HORIZON_DAYS + 60);

export interface WorldScope {
  readonly branchId: string;
  readonly from: string;
  readonly to: string;
  readonly deliveryOrderIds?: readonly string[];
  readonly shipToIds?: readonly string[];
  /** A booking being moved: its own lines do not take capacity from where it may go. */
  readonly excludeBookingId?: string;
  /** Just these slots of the branch instead of every slot from `from` to `to` (a confirm's own). */
  readonly slotIds?: readonly string[];
  /**
   * Instead of every booked line of the range, the use of just these slots as their rows keep it:
   * all a confirm's re-check of its own slots reads.
   */
  readonly useOfSlots?: readonly string[];
}

/** Active booking lines using the branch's slots between two days: the capacity already taken. */
const bookedLinesQuery = (branchId: string, from: string, to: string, excludeBookingId: string | null) =>
  sql`select l.slot_id as "slotId", l.used_weight::float as "usedWeight", l.used_volume::float as "usedVolume",
        l.used_minute as "usedMinute", false as canceled
       from booking_report__lines l
       join booking_report b on b.id = l.parent_id and b.canceled_at is null
       join vehicle_date_slot s on s.id = l.slot_id
      where s.branch_id = ${branchId} and s.shift_date between ${from}::date and ${to}::date
        and b.id is distinct from ${excludeBookingId}::uuid`;

/** A slot's used capacity as its row keeps it (migration 0030: the sum of its active bookings' lines). */
export const slotUseColumns = sql`used_weight::float as "usedWeight", used_volume::float as "usedVolume",
  used_minute::float as "usedMinute"`;

/** The capacity used now on the given slots, one line per slot, as their rows keep it. */
const slotUseQuery = (slotIds: readonly string[]) =>
  sql`select id as "slotId", ${slotUseColumns} from vehicle_date_slot where id = any(${[...slotIds]}::uuid[])`;

/** A slot's use as a line of the world (the engine sums a slot's lines). */
export const useOf = (slot: { id: string } & UsedAmounts): BookedLine => ({
  slotId: slot.id,
  usedWeight: slot.usedWeight,
  usedVolume: slot.usedVolume,
  usedMinute: slot.usedMinute,
});

export interface UsedAmounts {
  usedWeight: number;
  usedVolume: number;
  usedMinute: number;
}

/** The columns of a branch's vehicle date slot as the engine reads them. */
export const slotColumns = sql`id, branch_id as "branchId", shift_date::text as "shiftDate", shift_of_day_id as "shiftOfDayId",
  vehicle_type_id as "vehicleTypeId", ship_cond_id as "shipCondId", route_config_id as "routeConfigId", total, special`;

/** A DO as the engine reads it: one line of one article (the declaration's articleUomId), the line id is the DO's. */
export const deliveryOrderColumns = sql`id, doc_no as "docNo", article_uom_id as "articleId", qty, weight, volume,
  coalesce(bo_ship_to_id, so_ship_to_id) as "shipToId", is_booking as "isBooking"`;

export interface DeliveryOrderRow {
  id: string;
  docNo: string;
  articleId: string | null;
  qty: number | null;
  weight: number;
  volume: number;
  shipToId: string | null;
  isBooking: boolean;
}

/** A DO of the world; `isBooking` is read by confirm (a DO booked meanwhile), not by the engine. */
export const toWorldOrder = (d: DeliveryOrderRow) => ({
  id: d.id,
  docNo: d.docNo,
  isBooking: d.isBooking,
  lines: d.articleId
    ? [{ id: d.id, articleId: d.articleId, qty: d.qty ?? 1, weight: d.weight, volume: d.volume }]
    : [],
});

/** A subquery's rows as one JSON array (numbers stay numbers, as the pool's type parsers make them). */
const jsonRows = (query: ReturnType<typeof sql>) =>
  sql`(select coalesce(json_agg(t), '[]') from (${query}) t)`;

export type WorldOrder = ReturnType<typeof toWorldOrder>;

/** The parts of a world that depend on the request: slots of the range, its DOs, ship-tos, articles, use. */
function requestPartsSql(scope: WorldScope) {
  const { branchId, from, to } = scope;
  const doIds = [...(scope.deliveryOrderIds ?? [])];
  const shipToIds = [...(scope.shipToIds ?? [])];
  const shipTos = sql`select id, code, name, sub_district_id as "subDistrictId", lat, lon from ship_to
    where id = any(${shipToIds}::uuid[])
       or id in (select coalesce(bo_ship_to_id, so_ship_to_id) from delivery_order where branch_id = ${branchId} and id = any(${doIds}::uuid[]))`;
  return {
    slots: scope.slotIds
      ? sql`select ${slotColumns} from vehicle_date_slot where branch_id = ${branchId} and id = any(${[...scope.slotIds]}::uuid[])`
      : sql`select ${slotColumns} from vehicle_date_slot where branch_id = ${branchId} and shift_date between ${from}::date and ${to}::date`,
    articles: sql`select a.id, a.code, a.name, a.stack_volume_percent as "stackVolumePercent", a.installation_time as "installationTime",
               a.cannot_split as "cannotSplit", a.no_use_cap as "noUseCap", a.article_uom_type_id as "articleUomTypeId",
               coalesce((select array_agg(ref_id) from article__unsupported_vehicle_type_ids where owner_id = a.id), '{}') as "unsupportedVehicleTypeIds"
          from article a
         ${scope.deliveryOrderIds ? sql`where a.id in (select article_uom_id from delivery_order where id = any(${doIds}::uuid[]))` : sql``}`,
    deliveryOrders: sql`select ${deliveryOrderColumns} from delivery_order where branch_id = ${branchId} and id = any(${doIds}::uuid[])`,
    shipTos,
    shipToSubDistricts: sql`select id, lat, lon from sub_district where id in (select "subDistrictId" from (${shipTos}) s)`,
    bookedLines: scope.useOfSlots
      ? slotUseQuery(scope.useOfSlots)
      : bookedLinesQuery(branchId, from, to, scope.excludeBookingId ?? null),
  };
}

type RequestParts = Record<keyof ReturnType<typeof requestPartsSql>, never[]>;

/** One `select` of every part as a JSON array, with the master data's version. */
async function selectParts<P extends Record<string, RawBuilder<unknown>>>(db: Database, parts: P) {
  const names = Object.keys(parts);
  const query = sql<Record<keyof P, never[]> & { version: number; changes: number }>`select ${sql.join(
    names.map((name) => sql`${jsonRows(parts[name]!)} as ${sql.ref(name)}`),
  )}, ${masterVersionSql} as version, (select count(*) from master_data_change) as changes`;
  // Planning its subqueries was most of its cost: prepared once per connection.
  const { rows } = await db.executeQuery(prepared(query.compile(db)));
  return rows[0]!;
}

/**
 * Everything the engine reads for one branch and a range of days, in one statement (one round trip,
 * one snapshot, where it was seventeen queries). Slots and booked lines are limited to the range;
 * DOs and ship-tos to those asked for; articles to the DOs' (all of them for a world without DOs,
 * the calendar's); sub-districts to the ship-tos' and the routes'. Master data (vehicle types,
 * shifts, rules …) comes from the handle's cache when the version read in the same statement says
 * it is current (masterData.ts); otherwise the statement reads it too and the cache keeps it.
 */
export async function loadWorld(db: Database, scope: WorldScope): Promise<BookingWorld> {
  const cache = masterDataCacheOf(db);
  const request = requestPartsSql(scope);
  if (cache.has(scope.branchId)) {
    const found = await selectParts(db, request);
    const master = cache.at(Number(found.version), scope.branchId);
    if (master) return assemble(master, found);
  }
  const found = await selectParts(db, { ...request, ...masterPartsSql(scope.branchId) });
  cache.keep(Number(found.version), scope.branchId, found, Number(found.changes));
  void cache.foldIfMany(db).catch(() => {});
  return assemble(found, found);
}

function assemble(master: MasterParts, found: RequestParts): BookingWorld {
  const { branch, settings, routeSubDistricts, ...shared } = master;
  return {
    ...shared,
    branches: branch.map((b) => ({ ...b, vehicleTypeSettings: settings })),
    slots: found.slots,
    articles: found.articles,
    shipTos: found.shipTos,
    subDistricts: [...found.shipToSubDistricts, ...routeSubDistricts],
    deliveryOrders: (found.deliveryOrders as DeliveryOrderRow[]).map(toWorldOrder),
    bookedLines: found.bookedLines,
  } as unknown as BookingWorld;
}
