import { type BookingOption, suggest } from '@lms/booking';
import { appointmentMessages, bangkokIsoDate, entityByName } from '@lms/domain';
import { sql } from 'kysely';
import type { Appointment } from '../contact/appointment.ts';
import { type Contact, enqueueMessage } from '../contact/outbox.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database } from '../db/database.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { type AcceptedAllocation, notify, slotWords, tripOf, writeLines } from './confirm.ts';
import type { DraftRequest } from './drafts.ts';
import { evaluateDraft } from './evaluate.ts';
import { loadWorld, worldEnd } from './world.ts';

const bookingReport = entityByName('bookingReport');

/** A move option's name: its slots in order. The engine recomputes it under the locks. */
export const choiceOf = (option: BookingOption) => option.allocations.map((a) => a.slotId).join(',');

const requestOf = (appointment: Appointment): DraftRequest => ({
  deliveryOrderIds: appointment.deliveryOrderIds,
  shipToId: appointment.shipToId,
  shipCondId: appointment.shipCondId,
  special: false,
  wantedDate: null,
});

/**
 * The engine's suggestions for moving a booking: the same rules as a planner's booking (SLA,
 * bans, capacity…), with the booking's own lines not counted against it, less its current slots.
 */
export async function moveOptions(db: Database, appointment: Appointment, today: string) {
  const world = await loadWorld(db, {
    branchId: appointment.branchId,
    from: today,
    to: worldEnd(today),
    deliveryOrderIds: appointment.deliveryOrderIds,
    shipToIds: [appointment.shipToId],
    excludeBookingId: appointment.bookingId,
  });
  const { rows } = await sql<{
    slot_id: string;
  }>`select distinct slot_id from booking_report__lines where parent_id = ${appointment.bookingId}`.execute(
    db,
  );
  const current = rows
    .map((r) => r.slot_id)
    .sort()
    .join(',');
  const suggestion = suggest(world, {
    branchId: appointment.branchId,
    today,
    ...requestOf(appointment),
  });
  return suggestion.options.filter((option) => [...choiceOf(option).split(',')].sort().join(',') !== current);
}

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
  /** The Thai message when the booking is cancelled meanwhile (410). */
  readonly gone: string;
  readonly contact?: Contact;
}

/**
 * A real reschedule under the slot locks, the one way a booking changes its slots (the customer's
 * link and the planner's calendar): the booking row is locked, then every slot it leaves or may
 * take, in id order (confirm's order, so the two never deadlock); `decide` then judges the move
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
      changes: {
        movedBy: log.movedBy,
        slots: { from: old.map((l) => l.delivery_date), to: slotWords(allocations) },
      },
    });
    await enqueueMessage(trx, log.contact, bookingId, 'moved');
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

/**
 * Moves a booking to the option `chosen` picks among those offered now (the customer's link names
 * it without ids: contact/links.ts); under the locks the engine re-suggests with what is booked
 * then and the same slots must still be among its options, so capacity cannot be oversold.
 */
export async function moveBooking(
  db: Database,
  appointment: Appointment,
  chosen: (option: BookingOption) => boolean,
  options: { contact?: Contact; now?: Date } = {},
) {
  const today = bangkokIsoDate(options.now ?? new Date());
  const request = requestOf(appointment);
  const wanted = (await moveOptions(db, appointment, today)).find(chosen);
  if (!wanted) throw conflict(appointmentMessages.choiceGone);
  const choice = choiceOf(wanted);
  await rescheduleUnderLocks(
    db,
    appointment,
    choice.split(','),
    async (db2) => {
      const option = (await moveOptions(db2, appointment, today)).find((o) => choiceOf(o) === choice);
      if (!option) throw conflict(appointmentMessages.choiceGone);
      // The option is the engine's own answer; checking it as a draft gives the same lines a confirm writes.
      const world = await loadWorld(db2, {
        branchId: appointment.branchId,
        from: today,
        to: option.allocations
          .map((a) => a.date)
          .sort()
          .at(-1)!,
        deliveryOrderIds: appointment.deliveryOrderIds,
        shipToIds: [appointment.shipToId],
        excludeBookingId: appointment.bookingId,
      });
      const evaluation = evaluateDraft(
        world,
        request,
        option.allocations.map((a) => ({
          slotId: a.slotId,
          vehicles: a.vehicles,
          lines: a.lines.map(({ deliveryOrderId, lineId, qty }) => ({ deliveryOrderId, lineId, qty })),
        })),
        appointment.branchId,
        today,
      );
      // The option was just suggested with what is booked now, so this holds unless the engine disagrees with itself.
      if (!evaluation.ok) throw conflict(appointmentMessages.choiceGone);
      return evaluation.allocations.flatMap((a) =>
        a.ok ? [{ allocation: a.allocation, deliveryTime: null }] : [],
      );
    },
    { userId: null, movedBy: 'ลูกค้า (ลิงก์นัดส่งสินค้า)', gone: appointmentMessages.gone, contact: options.contact },
  );
}
