import { type BookingOption, suggest } from '@lms/booking';
import { appointmentMessages, bangkokIsoDate } from '@lms/domain';
import { sql } from 'kysely';
import type { DraftRequest } from '../booking/drafts.ts';
import { evaluateDraft } from '../booking/evaluate.ts';
import type { OnBookingChange } from '../booking/hooks.ts';
import { rescheduleUnderLocks } from '../booking/move.ts';
import { loadWorld, worldEnd } from '../booking/world.ts';
import type { Database } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import type { Appointment } from './appointment.ts';

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
 * Moves a booking to the option `chosen` picks among those offered now (the customer's link names
 * it without ids: contact/links.ts); under the locks the engine re-suggests with what is booked
 * then and the same slots must still be among its options, so capacity cannot be oversold.
 */
export async function moveBooking(
  db: Database,
  appointment: Appointment,
  chosen: (option: BookingOption) => boolean,
  options: { onChange?: OnBookingChange; now?: Date } = {},
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
    {
      userId: null,
      movedBy: 'ลูกค้า (ลิงก์นัดส่งสินค้า)',
      gone: appointmentMessages.gone,
      onChange: options.onChange,
    },
  );
}
