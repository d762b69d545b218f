import { closedShiftBreak, indexWorld, type RuleBreak, type ShiftOffer, shiftOffers } from '@lms/booking';
import { addDays, appointmentMessages, appointmentText, bangkokIsoDate } from '@lms/domain';
import { sql } from 'kysely';
import type { DraftRequest } from '../booking/drafts.ts';
import { evaluateDraft } from '../booking/evaluate.ts';
import type { OnBookingChange } from '../booking/hooks.ts';
import { rescheduleUnderLocks } from '../booking/move.ts';
import { plannedBreak, plannedShifts } from '../booking/planned.ts';
import { loadWorld, worldEnd } from '../booking/world.ts';
import type { Database } from '../db/database.ts';
import { conflict } from '../http/errors.ts';
import { loadCompanySettings } from '../settings/company.ts';
import type { Appointment } from './appointment.ts';
import { BY_CUSTOMER_LINK } from './links.ts';

/**
 * The customer's move options (docs/contact.md "Moving"): days and shifts, each once, from the first
 * day a move may go to (tomorrow, or the SLA's earliest day when later) over `MOVE_DAYS` days, by
 * day then shift start; at most `MOVE_OPTIONS_PER_DAY` of a day, so that the list reaches several
 * days, and `MAX_MOVE_OPTIONS` in all. Never the booking's own days and shifts, never a shift the
 * engine refuses (full, banned, closed by a check-in…).
 */
export const MOVE_DAYS = 7;
export const MAX_MOVE_OPTIONS = 5;
export const MOVE_OPTIONS_PER_DAY = 2;

/** A day and shift as the customer's choice names it (contact/links.ts makes the name opaque). */
export const choiceOf = (where: { readonly date: string; readonly shiftOfDayId: string }) =>
  `${where.date}|${where.shiftOfDayId}`;

const requestOf = (appointment: Appointment): DraftRequest => ({
  deliveryOrderIds: appointment.deliveryOrderIds,
  shipToId: appointment.shipToId,
  shipCondId: appointment.shipCondId,
  special: false,
  wantedDate: null,
});

/** Every day and shift a move may look at, judged by the engine; the booking's own ones; why it may not leave them. */
export interface MoveOffers {
  /** Every day and shift of the window with the option that takes the whole booking there, or why none does. */
  readonly offers: readonly ShiftOffer[];
  /** The booking's own days and shifts (`choiceOf`). */
  readonly current: ReadonlySet<string>;
  /**
   * Why the booking may not leave its day and shift: closed by a check-in, or its truck planned
   * (docs/booking.md "Closed shifts", "Planned bookings"); null when it may.
   */
  readonly leaving: (Pick<RuleBreak, 'message'> & { readonly rule: string }) | null;
  /** The company's era, for the dates of the customer's words. */
  readonly buddhistEra: boolean;
}

/**
 * The engine's judgement of every day and shift a booking may move to, with the booking's own
 * lines not counted against it (`only`: one day and shift, judged again under the locks).
 */
export async function moveOffers(
  db: Database,
  appointment: Appointment,
  today: string,
  only?: { readonly date: string; readonly shiftOfDayId: string },
): Promise<MoveOffers> {
  const world = await loadWorld(db, {
    branchId: appointment.branchId,
    from: today,
    to: worldEnd(today),
    deliveryOrderIds: appointment.deliveryOrderIds,
    shipToIds: [appointment.shipToId],
    excludeBookingId: appointment.bookingId,
  });
  const { rows } = await sql<{ shift_date: string; shift_of_day_id: string }>`
    select distinct s.shift_date::text, s.shift_of_day_id from booking_report__lines l
      join vehicle_date_slot s on s.id = l.slot_id where l.parent_id = ${appointment.bookingId}`.execute(db);
  const index = indexWorld(world);
  const [planned, settings] = await Promise.all([
    plannedShifts(db, appointment.bookingId),
    loadCompanySettings(db),
  ]);
  // The staff's rules decide; the customer reads them in their own words (appointmentText.cannotMove).
  const leaving =
    rows
      .map((r) => {
        const rule = (
          closedShiftBreak(
            index,
            { branchId: appointment.branchId, shiftDate: r.shift_date, shiftOfDayId: r.shift_of_day_id },
            'out',
          ) ?? plannedBreak(planned, { date: r.shift_date, shiftOfDayId: r.shift_of_day_id })
        )?.rule;
        if (rule !== 'CLOSED' && rule !== 'PLANNED') return null;
        const shift = index.shifts.get(r.shift_of_day_id)?.name ?? '';
        return { rule, message: appointmentText.cannotMove(rule, shift, r.shift_date, settings.buddhistEra) };
      })
      .find((b) => b !== null) ?? null;
  const { offers } = shiftOffers(world, {
    branchId: appointment.branchId,
    today,
    ...requestOf(appointment),
    // An engine's reason the customer reads names its days in the company's era.
    era: { buddhistEra: settings.buddhistEra },
    from: addDays(today, 1),
    days: MOVE_DAYS,
    only,
  });
  const current = new Set(rows.map((r) => choiceOf({ date: r.shift_date, shiftOfDayId: r.shift_of_day_id })));
  return { offers, current, leaving, buddhistEra: settings.buddhistEra };
}

/** What the customer is offered: open days and shifts other than the booking's own, a few a day. */
export function offered({ offers, current, leaving }: MoveOffers): ShiftOffer[] {
  if (leaving) return [];
  const perDay = new Map<string, number>();
  const chosen: ShiftOffer[] = [];
  for (const offer of offers) {
    if (!offer.option || current.has(choiceOf(offer))) continue;
    const day = perDay.get(offer.date) ?? 0;
    if (day >= MOVE_OPTIONS_PER_DAY) continue;
    perDay.set(offer.date, day + 1);
    chosen.push(offer);
    if (chosen.length === MAX_MOVE_OPTIONS) break;
  }
  return chosen;
}

/**
 * Moves a booking to the day and shift `chosen` names (the customer's link names it without ids:
 * contact/links.ts). Any open day and shift of the window is taken, offered in the list or not;
 * a refused one answers 409 with the engine's reason (the booking's own, a shift closed by a
 * check-in, full…). Under the locks the engine judges that day and shift again with what is booked
 * then, so capacity cannot be oversold and a check-in meanwhile is seen.
 */
export async function moveBooking(
  db: Database,
  appointment: Appointment,
  chosen: (name: string) => boolean,
  options: { onChange?: OnBookingChange; now?: Date } = {},
) {
  const today = bangkokIsoDate(options.now ?? new Date());
  const request = requestOf(appointment);
  const before = await moveOffers(db, appointment, today);
  const wanted = before.offers.find((offer) => chosen(choiceOf(offer)));
  if (!wanted) throw conflict(appointmentMessages.choiceGone);
  const refusal = (now: MoveOffers, offer: ShiftOffer | undefined): string | null => {
    if (now.current.has(choiceOf(wanted))) return appointmentMessages.sameSlot;
    if (now.leaving) return now.leaving.message;
    if (!offer) return appointmentMessages.choiceGone;
    if (offer.option) return null;
    // A shift closed since (its truck came in) in the customer's words and era, without the plate
    // and the check-in time; any other rule as the engine names it (no truck, not enough room…).
    return offer.rule === 'CLOSED'
      ? appointmentText.closedInto(offer.shiftName, offer.date, now.buddhistEra)
      : (offer.message ?? appointmentMessages.choiceGone);
  };
  const early = refusal(before, wanted);
  if (early) throw conflict(early);
  const where = { date: wanted.date, shiftOfDayId: wanted.shiftOfDayId };
  // Every slot of that day and shift for the booking's ship cond: the engine may use any of them.
  const targets = await db
    .selectFrom('vehicle_date_slot')
    .select('id')
    .where('branch_id', '=', appointment.branchId)
    .where('ship_cond_id', '=', appointment.shipCondId)
    .where('shift_date', '=', where.date)
    .where('shift_of_day_id', '=', where.shiftOfDayId)
    .execute();
  await rescheduleUnderLocks(
    db,
    appointment,
    targets.map((t) => t.id),
    async (trx) => {
      const now = await moveOffers(trx, appointment, today, where);
      const offer = now.offers[0];
      const refused = refusal(now, offer);
      if (refused || !offer?.option) throw conflict(refused ?? appointmentMessages.choiceGone);
      const option = offer.option;
      // The option is the engine's own answer; checking it as a draft gives the same lines a confirm writes.
      const world = await loadWorld(trx, {
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
      // The option was just judged with what is booked now, so this holds unless the engine disagrees with itself.
      if (!evaluation.ok) throw conflict(appointmentMessages.choiceGone);
      return evaluation.allocations.flatMap((a) =>
        a.ok ? [{ allocation: a.allocation, deliveryTime: null }] : [],
      );
    },
    {
      userId: null,
      movedBy: BY_CUSTOMER_LINK,
      source: BY_CUSTOMER_LINK,
      gone: appointmentMessages.gone,
      onChange: options.onChange,
    },
  );
}
