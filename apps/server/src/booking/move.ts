import { entityByName } from '@lms/domain';
import { sql } from 'kysely';
import { recordHistory } from '../crud/history.ts';
import type { Database } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { notify } from './events.ts';
import type { OnBookingChange } from './hooks.ts';
import { type AcceptedAllocation, heldSlotWords, slotWords, tripOf, writeLines } from './lines.ts';
import { lockedShiftShipments } from './world.ts';

const bookingReport = entityByName('bookingReport');

/** A booking locked for a reschedule: the slots its lines use now and the days they lie on. */
export interface LockedBooking {
  readonly bookingId: string;
  readonly branchId: string;
  readonly old: readonly { readonly slot_id: string; readonly delivery_date: string }[];
}

/** Who moves a booking, as its log and the customer's message tell it. */
export interface MoveLog {
  /** The user who moved it; null for the customer's link. */
  readonly userId: string | null;
  /** Where the move came from, in words for the history tab. */
  readonly movedBy: string;
  /** Who acted when not a user (the customer's link): the history entry's author in words. */
  readonly source?: string;
  /** The Thai message when the booking is cancelled meanwhile (410). */
  readonly gone: string;
  /** What else the move writes in its transaction (the customer's message). */
  readonly onChange?: OnBookingChange;
}

/**
 * A real reschedule under the slot locks, the one way a booking changes its slots (the customer's
 * link and the planner's calendar): the shipments of the shifts involved are locked FOR SHARE, the
 * booking row is locked, then every slot it leaves or may take, in id order (confirm's order, so the two never deadlock); `decide` then judges the move
 * with what is booked now (it throws the Thai 409/422 when the rules refuse) and returns the
 * booking's allocations after it. The lines are replaced, the booking's trip figures updated, the
 * change logged in its history, the customer told and the planners' calendars notified.
 */
export async function rescheduleUnderLocks(
  db: Database,
  booking: { readonly bookingId: string; readonly branchId: string },
  targetSlotIds: readonly string[],
  decide: (trx: Database, locked: LockedBooking) => Promise<readonly AcceptedAllocation[]>,
  log: MoveLog,
): Promise<readonly AcceptedAllocation[]> {
  const { bookingId, branchId } = booking;
  return db.transaction().execute(async (trx) => {
    // First the shipments of every shift the booking leaves or may enter, FOR SHARE in id order (as
    // a confirm takes them): a check-in of one is read as it is now, or waits for this move
    // (docs/booking.md "Closed shifts"); a dispatcher's plan, which locks them before the bookings
    // it links, never waits for a move that waits for it.
    const touched = sql`(select array(select slot_id from booking_report__lines where parent_id = ${bookingId}
      union select unnest(${[...targetSlotIds]}::uuid[])))::uuid[]`;
    await sql`${lockedShiftShipments(branchId, touched)}`.execute(trx);
    const { rows: row } = await sql<{
      canceled_at: Date | null;
    }>`select canceled_at from booking_report where id = ${bookingId} and branch_id = ${branchId} for update`.execute(
      trx,
    );
    if (!row[0]) throw notFound('ไม่พบการจองนี้ในสาขาที่เลือก');
    if (row[0].canceled_at) throw new HttpError(410, [log.gone]);
    const { rows: old } = await sql<{
      slot_id: string;
      delivery_date: string;
    }>`select distinct slot_id, delivery_date::text from booking_report__lines where parent_id = ${bookingId}`.execute(
      trx,
    );
    const slotIds = [...new Set([...old.map((l) => l.slot_id), ...targetSlotIds])].sort();
    await sql`select id from vehicle_date_slot where id = any(${slotIds}::uuid[]) order by id for update`.execute(
      trx,
    );
    const allocations = await decide(trx as unknown as Database, { bookingId, branchId, old });
    const left = await heldSlotWords(trx, bookingId);
    // A move keeps the booking's ship cond (its slots are all of it).
    const { rows: shipCond } = await sql<{
      ship_cond_id: string;
    }>`select ship_cond_id from booking_report__lines where parent_id = ${bookingId} limit 1`.execute(trx);
    await sql`delete from booking_report__lines where parent_id = ${bookingId}`.execute(trx);
    await writeLines(trx, bookingId, allocations, shipCond[0]!.ship_cond_id);
    const trip = tripOf(allocations);
    const first = allocations[0]!.allocation;
    await sql`update booking_report set load_minute = ${trip((a) => a.loadMinute)}, unload_minute = ${trip((a) => a.unloadMinute)},
        waiting_minute = ${trip((a) => a.waitingMinute)}, travel_minute = ${trip((a) => a.travelMinute)}, distance = ${first.distanceKm},
        day_from_confirm = (${first.date}::date - doc_date), updated_at = now(), updated_by = coalesce(${log.userId}::uuid, updated_by),
        version = version + 1
      where id = ${bookingId}`.execute(trx);
    await recordHistory(trx, {
      entity: bookingReport,
      recordId: bookingId,
      action: 'update',
      userId: log.userId,
      ...(log.source ? { source: log.source } : {}),
      changes: {
        movedBy: log.movedBy,
        slots: { from: left, to: slotWords(allocations) },
      },
    });
    await log.onChange?.(trx, bookingId, 'moved');
    await notify(trx, {
      branchId,
      kind: 'moved',
      bookingId,
      slotIds: [...new Set([...old.map((l) => l.slot_id), ...allocations.map((a) => a.allocation.slotId)])],
      dates: [...new Set([...old.map((l) => l.delivery_date), ...allocations.map((a) => a.allocation.date)])],
    });
    return allocations;
  });
}
