import { type BookingOption, suggest } from '@lms/booking';
import { appointmentMessages, bangkokIsoDate, entityByName } from '@lms/domain';
import { sql } from 'kysely';
import type { Appointment } from '../contact/appointment.ts';
import { type Contact, enqueueMessage } from '../contact/outbox.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database } from '../db/database.ts';
import { conflict, HttpError } from '../http/errors.ts';
import { notify, slotWords, tripOf, writeLines } from './confirm.ts';
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

/**
 * Moves a booking to the option named `choice` (the customer's link): a real reschedule under
 * the slot locks, like confirm. The booking row is locked, then every slot it leaves or takes,
 * in id order (confirm's order, so the two never deadlock); the engine re-suggests with what is
 * booked now and the choice must still be among its options, so capacity cannot be oversold. The
 * lines are replaced, the change logged in the booking's history and the customer told.
 */
export async function moveBooking(
  db: Database,
  appointment: Appointment,
  choice: string,
  options: { contact?: Contact; now?: Date } = {},
) {
  const today = bangkokIsoDate(options.now ?? new Date());
  const bookingId = appointment.bookingId;
  return db.transaction().execute(async (trx) => {
    const { rows: booking } = await sql<{
      canceled_at: Date | null;
    }>`select canceled_at from booking_report where id = ${bookingId} for update`.execute(trx);
    if (!booking[0] || booking[0].canceled_at) throw new HttpError(410, [appointmentMessages.gone]);
    const { rows: old } = await sql<{
      slot_id: string;
      delivery_date: string;
    }>`select distinct slot_id, delivery_date::text from booking_report__lines where parent_id = ${bookingId}`.execute(
      trx,
    );
    const wanted = choice.split(',');
    const slotIds = [...new Set([...old.map((l) => l.slot_id), ...wanted])].sort();
    await sql`select id from vehicle_date_slot where id = any(${slotIds}::uuid[]) order by id for update`.execute(
      trx,
    );

    const db2 = trx as unknown as Database;
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
      excludeBookingId: bookingId,
    });
    const request = requestOf(appointment);
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
    const allocations = evaluation.allocations.flatMap((a) =>
      a.ok ? [{ allocation: a.allocation, deliveryTime: null }] : [],
    );
    await sql`delete from booking_report__lines where parent_id = ${bookingId}`.execute(trx);
    await writeLines(trx, bookingId, allocations, request.shipCondId);
    const trip = tripOf(allocations);
    const first = allocations[0]!.allocation;
    await sql`update booking_report set load_minute = ${trip((a) => a.loadMinute)}, unload_minute = ${trip((a) => a.unloadMinute)},
        waiting_minute = ${trip((a) => a.waitingMinute)}, travel_minute = ${trip((a) => a.travelMinute)}, distance = ${first.distanceKm},
        day_from_confirm = (${first.date}::date - doc_date), updated_at = now(), version = version + 1
      where id = ${bookingId}`.execute(trx);
    await recordHistory(trx, {
      entity: bookingReport,
      recordId: bookingId,
      action: 'update',
      userId: null,
      changes: {
        movedBy: 'ลูกค้า (ลิงก์นัดส่งสินค้า)',
        slots: { from: old.map((l) => l.delivery_date), to: slotWords(allocations) },
      },
    });
    await enqueueMessage(trx, options.contact, bookingId, 'moved');
    await notify(trx, {
      branchId: appointment.branchId,
      kind: 'moved',
      bookingId,
      slotIds,
      dates: [...new Set([...old.map((l) => l.delivery_date), ...allocations.map((a) => a.allocation.date)])],
    });
  });
}
