import type { ClosedShift, VehicleDateSlot } from '@lms/booking';
import { entityByName } from '@lms/domain';
import { type RawBuilder, sql } from 'kysely';
import { historyInsert } from '../crud/history.ts';
import type { Draft, DraftKey } from './drafts.ts';
import { draftInStatement } from './drafts.ts';
import { BOOKING_CHANNEL, type BookingEvent } from './events.ts';
import type { OnBookingChange } from './hooks.ts';
import { type AcceptedAllocation, linesInserts, slotWords, tripOf } from './lines.ts';
import { shipToSnapshot } from './shipToSnapshot.ts';
import {
  closedShiftsOf,
  type DeliveryOrderRow,
  deliveryOrderColumns,
  lockedShiftShipments,
  slotColumns,
  slotUseColumns,
  type UsedAmounts,
} from './world.ts';

/** The statements of a confirm (confirm.ts): its locks, its check under them, its writes. */

const bookingReport = entityByName('bookingReport');

/** What the locks of a confirm read (`lockCtes`), as JSON. */
export interface LockedRows {
  draft: unknown;
  orders: (DeliveryOrderRow & { customer_id: string })[];
  slots: (VehicleDateSlot & UsedAmounts)[];
  closures: ClosedShift[];
}

/**
 * A confirm's locks, as CTEs: the draft taken (deleted, returned: `draft`), the shipments of its
 * slots' days and shifts locked FOR SHARE in id order (a check-in committed before is read as it
 * is now, one after waits for this confirm: docs/booking.md "Closed shifts"; `closures`), its DOs
 * locked in id order, read as they are now (`locked`), the unbooked ones marked booked, the NOTIFY
 * queued (sent at commit only: `notified`), and then its slots locked in id order, read with their
 * kept use (`slots`; FOR UPDATE reads the latest row, which the previous holder of the lock
 * wrote). Shipments, then DOs, then slots, each in id order: two confirms sharing either never
 * deadlock, cancel and move never hold a slot while they wait for a DO, and a dispatcher's plan
 * (shipments, then the DOs it links) never waits for a confirm that waits for it. Their parameters
 * are scalars, the ids read from the draft in the statement.
 */
function lockCtes(key: DraftKey, event: BookingEvent) {
  const draft = draftInStatement(key);
  return sql`draft as (${draft.takeCte}),
    shift_shipments as (${lockedShiftShipments(key.branchId, draft.slotIds)}),
    closures as (${closedShiftsOf(key.branchId, sql`shift_shipments`, draft.slotIds)}),
    -- The subquery on shift_shipments makes the shipments' locks come first.
    locked as (
      select ${deliveryOrderColumns}, customer_id from delivery_order
       where id = any(${draft.deliveryOrderIds}) and branch_id = ${key.branchId}
         and (select count(*) from shift_shipments) >= 0 order by id for update),
    marked as (
      update delivery_order d set is_booking = true, updated_at = now(), updated_by = ${key.userId}, version = d.version + 1
        from locked where d.id = locked.id and not locked."isBooking"),
    notified as (select pg_notify(${BOOKING_CHANNEL}, ${JSON.stringify(event)})),
    -- The subquery on locked makes the DOs' locks come first.
    slots as (
      select ${slotColumns}, ${slotUseColumns} from vehicle_date_slot
       where id = any(${draft.slotIds}) and branch_id = ${key.branchId} and (select count(*) from locked) >= 0
       order by id for update)`;
}

/** The first statement of a confirm's transaction: its locks (`lockCtes`) and what they read. */
export const takeAndLockSql = (key: DraftKey, event: BookingEvent) =>
  sql<LockedRows>`with ${lockCtes(key, event)}
    select (select row_to_json(draft) from draft) as draft,
           (select coalesce(json_agg(locked order by id), '[]') from locked) as orders,
           (select coalesce(json_agg(slots order by id), '[]') from slots) as slots,
           (select coalesce(json_agg(closures), '[]') from closures) as closures
      from notified`;

/** What a confirm writes, as its engine accepted it. */
export interface ConfirmWritesOf {
  readonly bookingId: string;
  readonly key: DraftKey;
  readonly today: string;
  readonly draft: Draft;
  /** The customer of the booking: its first DO's (a value, or the statement's own read of it). */
  readonly customerId: string | RawBuilder<unknown>;
  readonly subDistrictId: string | null;
  readonly allocations: readonly AcceptedAllocation[];
  /** The booking's DO numbers, for its history. */
  readonly docNos: readonly string[];
  readonly onChange?: OnBookingChange;
  readonly bookedBy?: string;
}

/**
 * Every write of a confirm, as CTEs (`booking` returns its number): the booking, its allocations
 * and lines, its history entry and what the features write with it. The foreign keys of the lines
 * are checked at the statement's end, after the booking's insert.
 */
function writeCtes(w: ConfirmWritesOf) {
  const { bookingId, today, allocations } = w;
  const { branchId, userId } = w.key;
  const { request } = w.draft;
  const first = allocations[0]!.allocation;
  const trip = tripOf(allocations);
  const lines = linesInserts(bookingId, allocations, request.shipCondId);
  // The lines' first day, which booking_delivery_date() (migration 0065) keeps on the booking after
  // the lines are written: written with the booking, the trigger finds it right and writes the
  // booking's row no second time in the same statement (a new version and its index entries).
  // ISO days (yyyy-mm-dd) sort as text.
  const firstDay = allocations.map((a) => a.allocation.date).sort()[0];
  return sql`booking as (
        insert into booking_report (id, branch_id, status, doc_no, doc_date, delivery_date, doc_type, call_status, customer_id, ship_to_id,
          sub_district_id, district_id, province_id, region_id, country, load_minute, unload_minute, waiting_minute,
          travel_minute, distance, day_from_confirm,
          confirmed_at, confirmed_by, created_by, updated_by, ${shipToSnapshot.columns})
        select ${bookingId}, ${branchId}, 'CONFIRMED', ${docNoOf(today)}, ${today}::date, ${firstDay}::date, 'DO', 'NOT_CALLED', ${w.customerId}, ${request.shipToId},
               s.id, s.district_id, s.province_id, s.region_id, 'TH', ${trip((a) => a.loadMinute)}, ${trip((a) => a.unloadMinute)},
               ${trip((a) => a.waitingMinute)}, ${trip((a) => a.travelMinute)}, ${first.distanceKm},
               (${first.date}::date - ${today}::date), now(), ${userId}, ${userId}, ${userId}, ${shipToSnapshot.values('st')}
          from sub_district s, ship_to st where s.id = ${w.subDistrictId} and st.id = ${request.shipToId}
        returning doc_no),
      allocations as (${lines.allocations}),
      lines as (${lines.lines}),
      history as (${historyInsert({
        entity: bookingReport,
        recordId: bookingId,
        action: 'create',
        userId,
        // What a planner reads in the history tab: DO numbers and slots in words, never their ids.
        changes: { status: 'CONFIRMED', deliveryOrders: [...w.docNos], slots: slotWords(allocations) },
        source: w.bookedBy,
      })} returning id)${featureWrites(w.onChange, bookingId, allocations)}`;
}

/** The second statement of a confirm's transaction: every write (`writeCtes`), answering the booking's number. */
export const writesSql = (w: ConfirmWritesOf) =>
  sql<{ docNo: string }>`with ${writeCtes(w)} select doc_no as "docNo" from booking`;

/** What a confirm in one statement expects to find under its locks (`atOnceSql`). */
export interface Expected {
  readonly draftVersion: number;
  /** The DOs as read before the locks (`deliveryOrderColumns`), in id order. */
  readonly orders: readonly DeliveryOrderRow[];
  /** Each slot as read before the locks, without its use, and the use it may have now. */
  readonly slots: readonly {
    readonly id: string;
    readonly fixed: VehicleDateSlot;
    readonly maxWeight: number;
    readonly maxVolume: number;
    readonly maxMinute: number;
  }[];
}

/**
 * A whole confirm in one statement (no transaction around it: the slots' locks last as long as
 * the statement): the locks (`lockCtes`), then the check that what the engine judged before them
 * still holds — the draft's version, no shift closed, the DOs as they were (none booked), each
 * slot as it was with its use within what leaves the engine's answer the same (`slotUseLimits` of
 * @lms/booking) — and the writes (`writeCtes`). When the check fails, `lms_confirm_changed()`
 * (migration 0064) ends the statement with an error (SQLSTATE LMS01): nothing is written, and the
 * caller confirms under the locks in a transaction instead, as it judges every case.
 */
export const atOnceSql = (key: DraftKey, event: BookingEvent, expected: Expected, writes: ConfirmWritesOf) =>
  sql<{ docNo: string }>`with ${lockCtes(key, event)},
    verdict as (
      select (select version from draft) = ${expected.draftVersion}
         and not exists (select from closures)
         and (select coalesce(jsonb_agg(to_jsonb(l) - 'customer_id' order by l.id), '[]'::jsonb) from locked l)
             = ${JSON.stringify(expected.orders)}::jsonb
         and (select count(*) from slots) = ${expected.slots.length}
         and (select count(*) = ${expected.slots.length}
                 and bool_and(to_jsonb(s) - 'usedWeight' - 'usedVolume' - 'usedMinute' = e.fixed
                   and s."usedWeight" <= e."maxWeight" and s."usedVolume" <= e."maxVolume" and s."usedMinute" <= e."maxMinute")
                from slots s
                join jsonb_to_recordset(${JSON.stringify(expected.slots)}::jsonb)
                  as e(id uuid, fixed jsonb, "maxWeight" float8, "maxVolume" float8, "maxMinute" float8) on e.id = s.id)
         as ok),
    ${writeCtes(writes)}
    select case when (select ok from verdict) then (select doc_no from booking) else lms_confirm_changed() end as "docNo"
      from notified`;

/** The error of `atOnceSql` when what it expected no longer holds. */
export const isConfirmChanged = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'LMS01';

/** What the features write for a confirm inside its statement of writes (`ConfirmWrites`), after a comma. */
function featureWrites(
  onChange: OnBookingChange | undefined,
  bookingId: string,
  allocations: readonly AcceptedAllocation[],
) {
  if (!onChange?.inConfirm) return sql``;
  const deliveryOrderIds = [
    ...new Set(allocations.flatMap(({ allocation }) => allocation.lines.map((l) => l.deliveryOrderId))),
  ];
  return sql`, ${onChange.inConfirm({ bookingId, deliveryOrderIds, afterHistory: sql`(select id from history)` })}`;
}

/** A booking's number: BK, the day, and the next of a sequence (`BK20261125000042`). */
const docNoOf = (today: string) =>
  sql`'BK' || ${today.replaceAll('-', '')} || lpad(nextval('booking_doc_no_seq')::text, 6, '0')`;
