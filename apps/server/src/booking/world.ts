import { type BookedLine, type BookingWorld, HORIZON_DAYS } from '@lms/booking';
import { addDays } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { assertPresent, both, type ColumnsRow, columns, type RowOf, selectRows } from '../db/fields.ts';
import { prepared } from '../db/prepared.ts';
import { type DraftKey, draftInStatement } from './drafts.ts';
import {
  linkedIds,
  type MasterParts,
  masterDataCacheOf,
  masterPartsOf,
  masterPartsSql,
  masterVersionSql,
} from './masterData.ts';

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
  /**
   * Just these slots of the branch, with their use as their rows keep it, instead of every slot
   * and booked line from `from` to `to` (a confirm's own: its re-check reads nothing else).
   */
  readonly slotIds?: readonly string[];
}

/**
 * Active booking lines using the branch's slots between two days: the capacity already taken. A
 * line's amount left empty counts as none, as the engine's sums and the slot's kept use count it.
 */
const bookedLinesQuery = (branchId: string, from: string, to: string, excludeBookingId: string | null) =>
  selectRows(
    bookedLineColumns,
    sql`from booking_report__lines l
       join booking_report b on b.id = l.parent_id and b.canceled_at is null
       join vehicle_date_slot s on s.id = l.slot_id
      where s.branch_id = ${branchId} and s.shift_date between ${from}::date and ${to}::date
        and b.id is distinct from ${excludeBookingId}::uuid`,
  );

const bookedLineColumns = columns(
  'booking_report__lines',
  ['slotId'],
  {
    usedWeight: sql<number>`coalesce(l.used_weight, 0)::float`,
    usedVolume: sql<number>`coalesce(l.used_volume, 0)::float`,
    usedMinute: sql<number>`coalesce(l.used_minute, 0)`,
    canceled: sql<boolean>`false`,
  },
  'l',
);

/** A slot's used capacity as its row keeps it (migration 0030: the sum of its active bookings' lines). */
export const slotUseColumns = columns('vehicle_date_slot', [], {
  usedWeight: sql<number>`used_weight::float`,
  usedVolume: sql<number>`used_volume::float`,
  usedMinute: sql<number>`used_minute::float`,
});

export type UsedAmounts = ColumnsRow<typeof slotUseColumns>;

/** A slot's use as a line of the world (the engine sums a slot's lines). */
export const useOf = (slot: { id: string } & UsedAmounts): BookedLine => ({
  slotId: slot.id,
  usedWeight: slot.usedWeight,
  usedVolume: slot.usedVolume,
  usedMinute: slot.usedMinute,
});

/** The columns of a branch's vehicle date slot as the engine reads them. */
export const slotColumns = columns(
  'vehicle_date_slot',
  ['id', 'branchId', 'shiftOfDayId', 'vehicleTypeId', 'shipCondId', 'routeConfigId', 'total', 'special'],
  { shiftDate: sql<string>`shift_date::text` },
);

/** A DO as the engine reads it: one line of one article (the declaration's articleUomId), the line id is the DO's. */
export const deliveryOrderColumns = columns(
  'delivery_order',
  ['id', 'docNo', 'qty', 'weight', 'volume', 'isBooking', 'deliveredQty'],
  { articleId: 'articleUomId', shipToId: sql<string | null>`coalesce(bo_ship_to_id, so_ship_to_id)` },
);

export type DeliveryOrderRow = ColumnsRow<typeof deliveryOrderColumns>;

/**
 * A DO of the world; `isBooking` is read by confirm (a DO booked meanwhile), not by the engine.
 * What a delivery already brought (`deliveredQty`, docs/delivery.md) is not booked again: the
 * engine sees the rest, its weight and volume in proportion.
 */
export const toWorldOrder = (d: DeliveryOrderRow) => {
  const qty = d.qty ?? 1;
  const left = Math.max(0, qty - (d.deliveredQty ?? 0));
  const share = qty > 0 ? left / qty : 1;
  return {
    id: d.id,
    docNo: d.docNo,
    isBooking: d.isBooking,
    lines: d.articleId
      ? [
          {
            id: d.id,
            articleId: d.articleId,
            qty: left,
            weight: Math.round(d.weight * share * 1000) / 1000,
            volume: Math.round(d.volume * share * 1000) / 1000,
          },
        ]
      : [],
  };
};

/**
 * A closed shift as the engine reads it (docs/booking.md "Closed shifts"): the first truck of the
 * branch's day and shift to check in, its plate (else its shipment's number) and when.
 */
const closedShiftColumns = columns('shipment', [], {
  branchId: sql<string>`s.branch_id`,
  shiftDate: sql<string>`s.shift_date::text`,
  shiftOfDayId: sql<string>`s.shift_of_day_id`,
  truck: sql<string>`coalesce(s.car_plate_snap, s.doc_no)`,
  checkedInDate: sql<string>`s.act_date_check_in::text`,
  // A check-in day without its time counts from the start of that day (as the stage order does).
  checkedInTime: sql<string>`coalesce(to_char(s.act_time_check_in, 'HH24:MI'), '00:00')`,
});

/**
 * The branch's closed shifts among its shipments `s` that `where` keeps, one row per day and
 * shift. `from` names the shipments to read: the table, or the rows a statement has locked
 * (`closedShiftsOf`).
 */
const closedShiftsSql = (
  branchId: string,
  where: RawBuilder<unknown>,
  from: RawBuilder<unknown> = sql`shipment`,
) =>
  sql<
    ColumnsRow<typeof closedShiftColumns>
  >`select distinct on (s.shift_date, s.shift_of_day_id) ${closedShiftColumns}
      from ${from} s
     where s.branch_id = ${branchId} and s.act_date_check_in is not null and ${where}
     order by s.shift_date, s.shift_of_day_id, s.act_date_check_in, s.act_time_check_in nulls first`;

/** Shipments `s` of the days and shifts of some slots. */
const ofSlotShifts = (branchId: string, slotIds: RawBuilder<unknown>) =>
  sql`(s.shift_date, s.shift_of_day_id) in (${shiftsOfSlots(branchId, slotIds)})`;

/** The days and shifts of some slots of the branch, for `closedShiftsSql`. */
export const shiftsOfSlots = (branchId: string, slotIds: RawBuilder<unknown>) =>
  sql`select shift_date, shift_of_day_id from vehicle_date_slot where branch_id = ${branchId} and id = any(${slotIds})`;

/**
 * The shipments of the days and shifts of some slots, locked FOR SHARE (in a transaction that
 * holds those slots): a check-in of one of them committed before is read as it is now, and one
 * after waits for this transaction. So a booking and a check-in of its shift never both win.
 */
export const lockedShiftShipments = (branchId: string, slotIds: RawBuilder<unknown>) =>
  sql`select * from shipment where branch_id = ${branchId}
        and (shift_date, shift_of_day_id) in (${shiftsOfSlots(branchId, slotIds)}) order by id for share`;

/** The closed shifts among locked shipments (`lockedShiftShipments` as a CTE named `from`). */
export const closedShiftsOf = (branchId: string, from: RawBuilder<unknown>, slotIds: RawBuilder<unknown>) =>
  closedShiftsSql(branchId, ofSlotShifts(branchId, slotIds), from);

/** A subquery's rows as one JSON array (numbers stay numbers, as the pool's type parsers make them). */
const jsonRows = (query: RawBuilder<unknown>) => sql`(select coalesce(json_agg(t), '[]') from (${query}) t)`;

export type WorldOrder = ReturnType<typeof toWorldOrder>;

/** Ids a world's parts are limited to, as uuid[] expressions: listed, or read in the same statement. */
interface PartIds {
  /** Absent: a world without DOs (the calendar's), whose articles are all of them. */
  readonly deliveryOrderIds?: RawBuilder<unknown>;
  readonly shipToIds: RawBuilder<unknown>;
  /** Just these slots, with their use as their rows keep it, instead of the range's slots and lines. */
  readonly slotIds?: RawBuilder<unknown>;
}

const listed = (ids: readonly string[]) => sql`${[...ids]}::uuid[]`;

// The select lists every request reads, made once.
const shipToColumns = columns('ship_to', ['id', 'code', 'name', 'subDistrictId', 'lat', 'lon']);
const subDistrictColumns = columns('sub_district', ['id', 'lat', 'lon']);
const articleColumns = columns(
  'article',
  [
    'id',
    'code',
    'name',
    'stackVolumePercent',
    'installationTime',
    'cannotSplit',
    'noUseCap',
    'articleUomTypeId',
  ],
  { unsupportedVehicleTypeIds: linkedIds('article__unsupported_vehicle_type_ids', 'a') },
  'a',
);

/** The parts of a world that depend on the request: slots of the range, its DOs, ship-tos, articles, use. */
function requestPartsSql(scope: WorldScope, ids: PartIds) {
  const { branchId, from, to } = scope;
  const doIds = ids.deliveryOrderIds ?? listed([]);
  // One `in` over both lists, not `= any(…) or in (…)`: PostgreSQL reads an OR of the two by a
  // sequential scan of every ship-to (711 ms for the home's calendar cells over 1M ship-tos,
  // bench/home), the union by the key, row by row.
  const shipTos = selectRows(
    shipToColumns,
    sql`from ship_to
    where id in (select unnest(${ids.shipToIds})
                 union all
                 select coalesce(bo_ship_to_id, so_ship_to_id) from delivery_order where branch_id = ${branchId} and id = any(${doIds}))`,
  );
  const parts = {
    articles: selectRows(
      articleColumns,
      sql`from article a
         ${ids.deliveryOrderIds ? sql`where a.id in (select article_uom_id from delivery_order where id = any(${doIds}))` : sql``}`,
    ),
    deliveryOrders: selectRows(
      deliveryOrderColumns,
      sql`from delivery_order where branch_id = ${branchId} and id = any(${doIds})`,
    ),
    shipTos,
    shipToSubDistricts: selectRows(
      subDistrictColumns,
      sql`from sub_district where id in (select "subDistrictId" from (${shipTos}) s)`,
    ),
  };
  return ids.slotIds
    ? {
        ...parts,
        slots: selectRows(
          both(slotColumns, slotUseColumns),
          sql`from vehicle_date_slot where branch_id = ${branchId} and id = any(${ids.slotIds})`,
        ),
        closedShifts: closedShiftsSql(branchId, ofSlotShifts(branchId, ids.slotIds)),
      }
    : {
        ...parts,
        slots: selectRows(
          slotColumns,
          sql`from vehicle_date_slot where branch_id = ${branchId} and shift_date between ${from}::date and ${to}::date`,
        ),
        bookedLines: bookedLinesQuery(branchId, from, to, scope.excludeBookingId ?? null),
        closedShifts: closedShiftsSql(branchId, sql`s.shift_date between ${from}::date and ${to}::date`),
      };
}

/** Each part's rows as a statement reads them (JSON). */
type Rows<P> = { readonly [K in keyof P]: readonly RowOf<P[K]>[] };

type RequestParts = ReturnType<typeof requestPartsSql>;
type RequestRows = Rows<RequestParts>;

/**
 * One `select` of every part as a JSON array, with the master data's version; with `draft`, the
 * draft too (a CTE of that name the parts may read their ids from).
 */
async function selectParts<P extends Record<string, RawBuilder<unknown>>>(
  db: Database,
  parts: P,
  draft?: RawBuilder<unknown>,
) {
  const names = Object.keys(parts);
  const query = sql<Rows<P> & { version: number; changes: number; draft?: unknown }>`${
    draft ? sql`with draft as (${draft}) ` : sql``
  }select ${sql.join(names.map((name) => sql`${jsonRows(parts[name]!)} as ${sql.ref(name)}`))}, ${masterVersionSql} as version,
    (select count(*) from master_data_change) as changes${draft ? sql`, (select row_to_json(draft) from draft) as draft` : sql``}`;
  // Planning its subqueries was most of its cost: prepared once per connection.
  const { rows } = await db.executeQuery(prepared(query.compile(db)));
  return rows[0]!;
}

/** The request's parts read with the master data, from the handle's cache when it is current (masterData.ts). */
async function readWorld(
  db: Database,
  branchId: string,
  request: RequestParts,
  draft?: RawBuilder<unknown>,
): Promise<{ found: RequestRows & { draft?: unknown }; master: MasterParts }> {
  const cache = masterDataCacheOf(db);
  if (cache.has(branchId)) {
    const found = await selectParts(db, request, draft);
    const master = cache.at(Number(found.version), branchId);
    if (master) return { found, master };
  }
  const found = await selectParts(db, { ...request, ...masterPartsSql(branchId) }, draft);
  const master = masterPartsOf(found);
  cache.keep(Number(found.version), branchId, master, Number(found.changes));
  void cache.foldIfMany(db).catch(() => {});
  return { found, master };
}

/**
 * Everything the engine reads for one branch and a range of days, in one statement (one round trip,
 * one snapshot, where it was seventeen queries). Slots and booked lines are limited to the range
 * (or to `slotIds`, with their kept use); DOs and ship-tos to those asked for; articles to the
 * DOs' (all of them for a world without DOs, the calendar's); sub-districts to the ship-tos' and
 * the routes'. Master data (vehicle types, shifts, rules …) comes from the handle's cache when the
 * version read in the same statement says it is current (masterData.ts); otherwise the statement
 * reads it too and the cache keeps it.
 */
export async function loadWorld(db: Database, scope: WorldScope): Promise<BookingWorld> {
  const ids: PartIds = {
    deliveryOrderIds: scope.deliveryOrderIds && listed(scope.deliveryOrderIds),
    shipToIds: listed(scope.shipToIds ?? []),
    slotIds: scope.slotIds && listed(scope.slotIds),
  };
  const { found, master } = await readWorld(db, scope.branchId, requestPartsSql(scope, ids));
  return assemble(master, found);
}

/**
 * A confirm's first read: the planner's draft and the world of its own slots (with their kept
 * use), its DOs and ship-to, in one statement keyed by the draft. Its parameters are the draft's
 * key alone, so each connection plans it once (a list of ids as a parameter made PostgreSQL plan
 * it afresh every time). `draft` is undefined when there is no such draft; `orders` are the DOs'
 * rows as read (`deliveryOrderColumns`).
 */
export async function loadDraftWorld(db: Database, key: DraftKey, today: string) {
  const draft = draftInStatement(key);
  const scope = { branchId: key.branchId, from: today, to: today };
  const { found, master } = await readWorld(db, key.branchId, requestPartsSql(scope, draft), draft.cte);
  // The DOs as read, too: a confirm in one statement checks they are the same under its locks.
  return { draft: found.draft, world: assemble(master, found), orders: found.deliveryOrders };
}

function assemble(master: MasterParts, found: RequestRows): BookingWorld {
  const { branch, settings, routeSubDistricts, ...shared } = master;
  assertPresent(found.slots, 'branchId', 'vehicle_date_slot.branch_id');
  return {
    ...shared,
    branches: branch.map((b) => ({ ...b, vehicleTypeSettings: settings })),
    slots: found.slots,
    articles: found.articles,
    shipTos: found.shipTos,
    subDistricts: [...found.shipToSubDistricts, ...routeSubDistricts],
    deliveryOrders: found.deliveryOrders.map(toWorldOrder),
    bookedLines: 'bookedLines' in found ? found.bookedLines : found.slots.map(useOf),
    closedShifts: found.closedShifts,
  };
}
