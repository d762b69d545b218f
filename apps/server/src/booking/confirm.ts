import { randomUUID } from 'node:crypto';
import {
  type Amounts,
  type BookingWorld,
  type ClosedShift,
  remainingCapacity,
  type VehicleDateSlot,
} from '@lms/booking';
import { bangkokIsoDate, bookingRequestMessages, type ConfirmConflict, entityByName } from '@lms/domain';
import { sql } from 'kysely';
import { historyInsert } from '../crud/history.ts';
import type { Database, Tx } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { conflict, unprocessable } from '../http/errors.ts';
import { type Draft, type DraftKey, draftInStatement, foundDraft } from './drafts.ts';
import { evaluateDraft } from './evaluate.ts';
import { BOOKING_CHANNEL, type BookingEvent } from './events.ts';
import type { OnBookingChange } from './hooks.ts';
import { type AcceptedAllocation, linesInserts, slotWords, tripOf } from './lines.ts';
import { shipToSnapshot } from './shipToSnapshot.ts';
import {
  closedShiftsOf,
  type DeliveryOrderRow,
  deliveryOrderColumns,
  loadDraftWorld,
  loadWorld,
  lockedShiftShipments,
  slotColumns,
  slotUseColumns,
  toWorldOrder,
  type UsedAmounts,
  useOf,
  type WorldOrder,
} from './world.ts';

const bookingReport = entityByName('bookingReport');

/**
 * A confirm that lost the race for a slot's capacity (409): the message says what is left once,
 * `remaining` gives it as figures (`ConfirmConflict` of the contract).
 */
export class CapacityLost extends Error {
  constructor(
    readonly text: string,
    readonly remaining: Amounts,
  ) {
    super(text);
  }
  get body(): ConfirmConflict {
    return { messages: [this.text], remaining: this.remaining };
  }
}

/** The world of a draft: its DOs and ship-to, slots from today to the last slot it uses. */
export function draftWorld(
  db: Database,
  draft: Pick<Draft, 'branchId' | 'request'>,
  today: string,
  to: string,
) {
  return loadWorld(db, {
    branchId: draft.branchId,
    from: today,
    to,
    deliveryOrderIds: draft.request.deliveryOrderIds,
    shipToIds: [draft.request.shipToId],
  });
}

/** A draft's slots, in id order (the order they are locked in); none is a planner's error. */
function slotIdsOf(draft: Draft) {
  const slotIds = [...new Set(draft.allocations.map((a) => a.slotId))].sort();
  if (slotIds.length === 0) throw unprocessable({ allocations: 'ยังไม่ได้เลือกรถสำหรับการจองนี้' });
  return slotIds;
}

/** Every slot the draft names was found, or the planner's error (a slot deleted meanwhile). */
function requireEverySlot(found: readonly unknown[], slotIds: readonly string[]) {
  if (found.length !== slotIds.length) throw unprocessable({ allocations: 'ช่วงรถบางช่วงไม่มีอยู่แล้ว' });
}

/**
 * All a confirm reads before its locks, in one statement: the draft and its world less the
 * capacity used. The engine's check of an allocation reads its own slot only, so the world holds
 * the draft's slots (not every slot of the days between) with their use.
 */
async function prepare(db: Database, key: DraftKey, today: string) {
  const found = await loadDraftWorld(db, key, today);
  const draft = foundDraft(found.draft);
  const slotIds = slotIdsOf(draft);
  requireEverySlot(found.world.slots, slotIds);
  return { draft, slotIds, world: found.world };
}

/**
 * Before the locks, the answers a confirm can give from what is committed now: a DO booked
 * meanwhile, or a slot already too full. Capacity is only ever taken under the locks, so a
 * confirm that loses here loses to bookings that were confirmed first; it leaves the queue for
 * the slot's lock to the confirms that may still fit (a race of a thousand for a hundred places).
 */
function alreadyLost(world: BookingWorld, draft: Draft, branchId: string, today: string) {
  const booked = (world.deliveryOrders as readonly WorldOrder[]).filter((o) => o.isBooking);
  if (booked.length) return conflict(bookingRequestMessages.booked(booked.map((o) => o.docNo).join(', ')));
  const failed = evaluateDraft(world, draft.request, draft.allocations, branchId, today).allocations.find(
    (a) => !a.ok && a.rule === 'CAPACITY',
  );
  return failed && !failed.ok ? capacityLost(world, failed, draft) : undefined;
}

const capacityLost = (world: BookingWorld, failed: { message: string; slotId: string }, draft: Draft) =>
  new CapacityLost(
    `ความจุของรถเปลี่ยนไประหว่างนี้: ${failed.message}`,
    remainingCapacity(world, failed.slotId, draft.request.special),
  );

/**
 * A confirm's first statement in its transaction: the draft taken (deleted, returned), the
 * shipments of its slots' days and shifts locked FOR SHARE in id order (a check-in committed
 * before is read as it is now, one after waits for this confirm: docs/booking.md "Closed shifts"),
 * its DOs locked in id order, read as they are now, the unbooked ones marked booked, the NOTIFY
 * queued (sent at commit only), and then its slots locked in id order, read with their kept use
 * (FOR UPDATE reads the latest row, which the previous holder of the lock wrote). Shipments, then
 * DOs, then slots, each in id order: two confirms sharing either never deadlock, cancel and move
 * never hold a slot while they wait for a DO, and a dispatcher's plan (shipments, then the DOs it
 * links) never waits for a confirm that waits for it. Its parameters are scalars, so each
 * connection plans it once.
 */
async function takeAndLock(trx: Tx, key: DraftKey, event: BookingEvent) {
  const draft = draftInStatement(key);
  const query = sql<{
    draft: unknown;
    orders: (DeliveryOrderRow & { customer_id: string })[];
    slots: (VehicleDateSlot & UsedAmounts)[];
    closures: ClosedShift[];
  }>`
    with draft as (${draft.takeCte}),
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
       order by id for update)
    select (select row_to_json(draft) from draft) as draft,
           (select coalesce(json_agg(locked order by id), '[]') from locked) as orders,
           (select coalesce(json_agg(slots order by id), '[]') from slots) as slots,
           (select coalesce(json_agg(closures), '[]') from closures) as closures
      from notified`;
  const { rows } = await trx.executeQuery(prepared(query.compile(trx)));
  return rows[0]!;
}

/** The draft was edited (in another window) between the confirm's read and its lock: read again. */
class DraftChanged extends Error {}

/** How many times a confirm starts again on a draft edited meanwhile before it gives up (409). */
const CONFIRM_ATTEMPTS = 3;

/**
 * Confirm (booking.md): one transaction that locks every slot it touches, re-checks every
 * allocation against the capacity left now, and writes the booking, its lines, the DOs'
 * isBooking and a log entry — or answers 409 with what is left and writes nothing.
 *
 * Five round trips: the draft and its world (before the transaction; it may answer already),
 * BEGIN, one statement that takes the draft and locks its DOs and then its slots (their kept use
 * with them), one statement of every write (the features' too: `OnBookingChange.inConfirm`), COMMIT.
 * The slot locks are what confirms of one slot queue on: they are held for the re-check and the
 * writes only. A feature's own statements (`onChange`: the customer's message, when a provider is
 * set) still run under them.
 */
export async function confirmDraft(
  db: Database,
  draftId: string,
  branchId: string,
  userId: string | null,
  options: ConfirmOptions = {},
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await confirmOnce(db, { id: draftId, branchId, userId }, options);
    } catch (error) {
      if (!(error instanceof DraftChanged)) throw error;
      if (attempt === CONFIRM_ATTEMPTS) throw conflict('ร่างการจองนี้ถูกแก้ไขในหน้าต่างอื่นแล้ว กรุณาโหลดใหม่');
    }
  }
}

/** How a confirm runs: its clock, what a feature writes with it, and who booked when no user did. */
export interface ConfirmOptions {
  readonly now?: Date;
  readonly onChange?: OnBookingChange;
  /** Where the booking came from, in words for its history's source (the customer's link: no user). */
  readonly bookedBy?: string;
}

async function confirmOnce(db: Database, key: DraftKey, options: ConfirmOptions) {
  const { branchId, userId } = key;
  const today = bangkokIsoDate(options.now ?? new Date());
  const { draft, slotIds, world } = await prepare(db, key, today);
  const lost = alreadyLost(world, draft, branchId, today);
  if (lost) throw lost;
  const bookingId = randomUUID();
  const dayOf = new Map(world.slots.map((s) => [s.id, s.shiftDate]));
  const event: BookingEvent = {
    branchId,
    kind: 'confirmed',
    bookingId,
    slotIds,
    dates: [...new Set(draft.allocations.map((a) => dayOf.get(a.slotId)!))],
  };
  return db.transaction().execute(async (trx) => {
    const locked = await takeAndLock(trx, key, event);
    const taken = foundDraft(locked.draft);
    if (taken.version !== draft.version) throw new DraftChanged();
    const orders = locked.orders;
    const booked = orders.filter((o) => o.isBooking);
    if (booked.length) throw conflict(bookingRequestMessages.booked(booked.map((o) => o.docNo).join(', ')));
    requireEverySlot(locked.slots, slotIds);
    const now: BookingWorld = {
      ...world,
      // As they are under their locks: their vehicles may have changed, their use has.
      slots: locked.slots,
      // As read under their locks, before this confirm marked them booked.
      deliveryOrders: orders.map(toWorldOrder),
      bookedLines: locked.slots.map(useOf),
      // As read under the shipments' locks: a truck that checked in since the draft was made closes its shift.
      closedShifts: locked.closures,
    };
    const evaluation = evaluateDraft(now, draft.request, draft.allocations, branchId, today);
    const failed = evaluation.allocations.find((a) => !a.ok);
    // A rule other than capacity (the delivery time outside a shift whose hours changed, say) is not a
    // race lost: it is the planner's to fix, on the allocation it concerns.
    if (failed && !failed.ok && failed.rule !== 'CAPACITY')
      throw unprocessable({ [`allocations.${failed.index}`]: failed.message });
    if (failed && !failed.ok) throw capacityLost(now, failed, draft);
    if (!evaluation.ok)
      throw unprocessable({ allocations: evaluation.uncovered.join('\n') || 'การจองยังไม่ครบ' });
    const allocations = evaluation.allocations.flatMap((a) =>
      a.ok ? [{ allocation: a.allocation, deliveryTime: a.deliveryTime }] : [],
    );

    const subDistrictId = now.shipTos.find((s) => s.id === draft.request.shipToId)?.subDistrictId ?? null;
    const first = allocations[0]!.allocation;
    const trip = tripOf(allocations);
    const lines = linesInserts(bookingId, allocations, draft.request.shipCondId);
    // Every write in one statement: the foreign keys of the lines are checked at its end, after the booking's insert.
    const writes = sql<{ docNo: string }>`
      with booking as (
        insert into booking_report (id, branch_id, status, doc_no, doc_date, doc_type, call_status, customer_id, ship_to_id,
          sub_district_id, district_id, province_id, region_id, country, load_minute, unload_minute, waiting_minute,
          travel_minute, distance, day_from_confirm,
          confirmed_at, confirmed_by, created_by, updated_by, ${shipToSnapshot.columns})
        select ${bookingId}, ${branchId}, 'CONFIRMED', ${docNoOf(today)}, ${today}::date, 'DO', 'NOT_CALLED', ${orders[0]!.customer_id}, ${draft.request.shipToId},
               s.id, s.district_id, s.province_id, s.region_id, 'TH', ${trip((a) => a.loadMinute)}, ${trip((a) => a.unloadMinute)},
               ${trip((a) => a.waitingMinute)}, ${trip((a) => a.travelMinute)}, ${first.distanceKm},
               (${first.date}::date - ${today}::date), now(), ${userId}, ${userId}, ${userId}, ${shipToSnapshot.values('st')}
          from sub_district s, ship_to st where s.id = ${subDistrictId} and st.id = ${draft.request.shipToId}
        returning doc_no),
      allocations as (${lines.allocations}),
      lines as (${lines.lines}),
      history as (${historyInsert({
        entity: bookingReport,
        recordId: bookingId,
        action: 'create',
        userId,
        // What a planner reads in the history tab: DO numbers and slots in words, never their ids.
        changes: {
          status: 'CONFIRMED',
          deliveryOrders: orders.map((o) => o.docNo),
          slots: slotWords(allocations),
        },
        source: options.bookedBy,
      })} returning id)${featureWrites(options.onChange, bookingId, allocations)}
      select doc_no as "docNo" from booking`;
    const { rows } = await trx.executeQuery(prepared(writes.compile(trx)));
    await options.onChange?.(trx, bookingId, 'confirmed');
    // The number the planner reads and tells the customer, shown with the link to the booking.
    return { id: bookingId, docNo: rows[0]!.docNo, totals: evaluation.totals };
  });
}

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
