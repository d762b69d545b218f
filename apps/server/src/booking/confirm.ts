import { type Allocation, type Amounts, remainingCapacity } from '@lms/booking';
import {
  bangkokIsoDate,
  bookingRequestMessages,
  type ConfirmConflict,
  entityByName,
  formatDate,
} from '@lms/domain';
import { sql, type Transaction } from 'kysely';
import { type Contact, enqueueMessage } from '../contact/outbox.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database } from '../db/database.ts';
import { conflict, unprocessable } from '../http/errors.ts';
import { type Draft, findDraft } from './drafts.ts';
import { evaluateDraft } from './evaluate.ts';
import { BOOKING_CHANNEL, type BookingEvent } from './events.ts';
import { snapshotShipTo } from './shipToSnapshot.ts';
import { loadWorld } from './world.ts';

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

async function nextDocNo(trx: Transaction<unknown>, today: string): Promise<string> {
  const { rows } = await sql<{ n: number }>`select nextval('booking_doc_no_seq')::int as n`.execute(trx);
  return `BK${today.replaceAll('-', '')}${String(rows[0]!.n).padStart(6, '0')}`;
}

/**
 * Confirm (booking.md): one transaction that locks every slot it touches, re-checks every
 * allocation against the capacity left now, and writes the booking, its lines, the DOs'
 * isBooking and a log entry — or answers 409 with what is left and writes nothing.
 */
export async function confirmDraft(
  db: Database,
  draftId: string,
  branchId: string,
  userId: string,
  options: { now?: Date; contact?: Contact } = {},
) {
  const today = bangkokIsoDate(options.now ?? new Date());
  return db.transaction().execute(async (trx) => {
    const draft = await findDraft(trx as unknown as Database, draftId, branchId, userId, true);
    const slotIds = [...new Set(draft.allocations.map((a) => a.slotId))].sort();
    if (slotIds.length === 0) throw unprocessable({ allocations: 'ยังไม่ได้เลือกรถสำหรับการจองนี้' });
    // Locked in id order, so two confirms sharing slots never deadlock: the second waits, then sees the first's lines.
    const { rows: slots } = await sql<{
      id: string;
      shift_date: string;
    }>`select id, shift_date::text from vehicle_date_slot
      where id = any(${slotIds}::uuid[]) and branch_id = ${branchId} order by id for update`.execute(trx);
    if (slots.length !== slotIds.length) throw unprocessable({ allocations: 'ช่วงรถบางช่วงไม่มีอยู่แล้ว' });
    const { rows: orders } = await sql<{
      id: string;
      doc_no: string;
      is_booking: boolean;
      customer_id: string;
    }>`
      select id, doc_no, is_booking, customer_id from delivery_order
       where id = any(${[...draft.request.deliveryOrderIds]}::uuid[]) and branch_id = ${branchId} order by id for update`.execute(
      trx,
    );
    const booked = orders.filter((o) => o.is_booking);
    if (booked.length) throw conflict(bookingRequestMessages.booked(booked.map((o) => o.doc_no).join(', ')));

    const lastDay = slots
      .map((s) => s.shift_date)
      .sort()
      .at(-1)!;
    const world = await draftWorld(trx as unknown as Database, draft, today, lastDay);
    const evaluation = evaluateDraft(world, draft.request, draft.allocations, branchId, today);
    const failed = evaluation.allocations.find((a) => !a.ok);
    // A rule other than capacity (the delivery time outside a shift whose hours changed, say) is not a
    // race lost: it is the planner's to fix, on the allocation it concerns.
    if (failed && !failed.ok && failed.rule !== 'CAPACITY')
      throw unprocessable({ [`allocations.${failed.index}`]: failed.message });
    if (failed && !failed.ok)
      throw new CapacityLost(
        `ความจุของรถเปลี่ยนไประหว่างนี้: ${failed.message}`,
        remainingCapacity(world, failed.slotId, draft.request.special),
      );
    if (!evaluation.ok)
      throw unprocessable({ allocations: evaluation.uncovered.join('\n') || 'การจองยังไม่ครบ' });
    const allocations = evaluation.allocations.flatMap((a) =>
      a.ok ? [{ allocation: a.allocation, deliveryTime: a.deliveryTime }] : [],
    );

    const { rows: shipTo } = await sql<{
      sub_district_id: string;
    }>`select sub_district_id from ship_to where id = ${draft.request.shipToId}`.execute(trx);
    const first = allocations[0]!.allocation;
    const trip = tripOf(allocations);
    const { rows: created } = await sql<{ id: string }>`
      insert into booking_report (branch_id, status, doc_no, doc_date, doc_type, call_status, customer_id, ship_to_id,
        sub_district_id, district_id, province_id, region_id, country, load_minute, unload_minute, waiting_minute,
        travel_minute, distance, day_from_confirm,
        confirmed_at, confirmed_by, created_by, updated_by)
      select ${branchId}, 'CONFIRMED', ${await nextDocNo(trx, today)}, ${today}::date, 'DO', 'NOT_CALLED', ${orders[0]!.customer_id}, ${draft.request.shipToId},
             s.id, s.district_id, s.province_id, s.region_id, 'TH', ${trip((a) => a.loadMinute)}, ${trip((a) => a.unloadMinute)},
             ${trip((a) => a.waitingMinute)}, ${trip((a) => a.travelMinute)}, ${first.distanceKm},
             (${first.date}::date - ${today}::date), now(), ${userId}, ${userId}, ${userId}
        from sub_district s where s.id = ${shipTo[0]?.sub_district_id ?? null}
      returning id`.execute(trx);
    const bookingId = created[0]!.id;
    await snapshotShipTo(trx, bookingId);
    await writeLines(trx, bookingId, allocations, draft.request.shipCondId);
    await sql`update delivery_order set is_booking = true, updated_at = now(), updated_by = ${userId}, version = version + 1
      where id = any(${orders.map((o) => o.id)}::uuid[])`.execute(trx);
    await recordHistory(trx, {
      entity: bookingReport,
      recordId: bookingId,
      action: 'create',
      userId,
      // What a planner reads in the history tab: DO numbers and slots in words, never their ids.
      changes: {
        status: 'CONFIRMED',
        deliveryOrders: orders.map((o) => o.doc_no),
        slots: slotWords(allocations),
      },
    });
    await sql`delete from booking_draft where id = ${draft.id}`.execute(trx);
    await enqueueMessage(trx, options.contact, bookingId, 'confirmed');
    await notify(trx, {
      branchId,
      kind: 'confirmed',
      bookingId,
      slotIds,
      dates: [...new Set(allocations.map((a) => a.allocation.date))],
    });
    return { id: bookingId, totals: evaluation.totals };
  });
}

/** Cancel (idempotent): frees the capacity, unsets isBooking, logs. */
export async function cancelBooking(
  db: Database,
  bookingId: string,
  branchId: string,
  userId: string,
  reason: string | null,
  contact?: Contact,
) {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      id: string;
      canceled_at: Date | null;
    }>`select id, canceled_at from booking_report
      where id = ${bookingId} and branch_id = ${branchId} for update`.execute(trx);
    if (!rows[0]) return undefined;
    if (rows[0].canceled_at) return { id: bookingId, alreadyCanceled: true };
    await sql`update booking_report set canceled_at = now(), canceled_by = ${userId}, status = 'CANCELED', updated_at = now(),
      updated_by = ${userId}, version = version + 1 where id = ${bookingId}`.execute(trx);
    const { rows: lines } = await sql<{ delivery_order_id: string; slot_id: string; delivery_date: string }>`
      select delivery_order_id, slot_id, delivery_date::text from booking_report__lines where parent_id = ${bookingId}`.execute(
      trx,
    );
    await sql`update delivery_order set is_booking = false, updated_at = now(), updated_by = ${userId}, version = version + 1
      where id = any(${lines.map((l) => l.delivery_order_id)}::uuid[])`.execute(trx);
    await recordHistory(trx, {
      entity: bookingReport,
      recordId: bookingId,
      action: 'update',
      userId,
      changes: { status: { from: 'CONFIRMED', to: 'CANCELED' }, reason },
    });
    await enqueueMessage(trx, contact, bookingId, 'canceled');
    await notify(trx, {
      branchId,
      kind: 'canceled',
      bookingId,
      slotIds: [...new Set(lines.map((l) => l.slot_id))],
      dates: [...new Set(lines.map((l) => l.delivery_date))],
    });
    return { id: bookingId, alreadyCanceled: false };
  });
}

/** An allocation the engine accepted, with the delivery time the planner set. */
export interface AcceptedAllocation {
  readonly allocation: Allocation;
  readonly deliveryTime: string | null;
}

/** What the engine charged: each vehicle's trip minutes, summed over the booking's vehicles. */
export const tripOf =
  (allocations: readonly AcceptedAllocation[]) =>
  (pick: (a: Allocation) => number): number =>
    Math.round(allocations.reduce((sum, a) => sum + a.allocation.vehicles * pick(a.allocation), 0));

/** The slots of a booking in words, as the history tab shows them (never their ids). */
export const slotWords = (allocations: readonly AcceptedAllocation[]) =>
  allocations.map(
    ({ allocation: a }) => `${formatDate(a.date)} ${a.shiftName} ${a.vehicleTypeName} × ${a.vehicles}`,
  );

/**
 * The booking's lines: one per DO line part the engine placed, with the slot whose capacity it
 * uses; and per slot, the vehicles and fee the engine charged (the appointment slip prints them).
 * The caller has deleted the lines a move replaces; the allocations are replaced here.
 */
export async function writeLines(
  trx: Transaction<unknown>,
  bookingId: string,
  allocations: readonly AcceptedAllocation[],
  shipCondId: string,
): Promise<void> {
  await sql`delete from booking_allocation where booking_id = ${bookingId}`.execute(trx);
  let position = 0;
  for (const { allocation, deliveryTime } of allocations) {
    await sql`insert into booking_allocation (booking_id, slot_id, vehicles, fee)
      values (${bookingId}, ${allocation.slotId}, ${allocation.vehicles}, ${allocation.fee})
      on conflict (booking_id, slot_id) do update set vehicles = booking_allocation.vehicles + excluded.vehicles,
        fee = booking_allocation.fee + excluded.fee`.execute(trx);
    for (const line of allocation.lines) {
      await sql`insert into booking_report__lines (parent_id, position, delivery_order_id, article_id, qty, delivery_date, delivery_time,
          used_minute, used_weight, used_volume, ship_cond_id, slot_id)
        values (${bookingId}, ${position++}, ${line.deliveryOrderId}, ${line.articleId}, ${line.qty}, ${allocation.date}::date, ${deliveryTime},
          ${Math.round(line.usedMinute)}, ${line.usedWeight}, ${line.usedVolume}, ${shipCondId}, ${allocation.slotId})`.execute(
        trx,
      );
    }
  }
}

export async function notify(trx: Transaction<unknown>, event: BookingEvent): Promise<void> {
  await sql`select pg_notify(${BOOKING_CHANNEL}, ${JSON.stringify(event)})`.execute(trx);
}
