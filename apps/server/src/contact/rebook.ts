import { appointmentMessages, draftAllocationsOf, type RebookOffer } from '@lms/domain';
import { sql } from 'kysely';
import { CapacityLost, confirmDraft } from '../booking/confirm.ts';
import { createDraft, type DraftRequest } from '../booking/drafts.ts';
import type { OnBookingChange } from '../booking/hooks.ts';
import { checkBookingRequest } from '../booking/request.ts';
import { suggestionFor } from '../booking/suggestion.ts';
import type { Database } from '../db/database.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { loadCompanySettings } from '../settings/company.ts';
import type { Appointment } from './appointment.ts';
import { type AppointmentLinks, BY_CUSTOMER_LINK } from './links.ts';

/**
 * The customer chooses a new slot for what a delivery sent back (issue 39, docs/delivery.md "The
 * customer chooses a new slot"): on the link of the booking whose stop failed (wholly or in part),
 * the booking engine's own suggestion for its returned DOs — the wizard's, with its rules and its
 * refusals — and the chosen option booked through the confirm every booking goes through, as a new
 * booking linked to the original (delivery/returns.ts `linkRebooked`). The original booking, its
 * shipment and proof stay as they are.
 */

interface Returned {
  readonly deliveryOrderId: string;
  readonly docNo: string;
  readonly qty: number;
  readonly open: boolean;
}

/** The DOs this booking's deliveries sent back; `open`: nobody has booked them again yet. */
async function returnsOf(db: Database, bookingId: string): Promise<Returned[]> {
  const { rows } = await sql<Returned>`
    select r.delivery_order_id as "deliveryOrderId", d.doc_no as "docNo", sum(r.qty)::float as qty,
           bool_and(r.rebooked_booking_id is null and not d.is_booking) as open
      from delivery_return r join delivery_order d on d.id = r.delivery_order_id
     where r.booking_id = ${bookingId}
     group by r.delivery_order_id, d.doc_no order by d.doc_no`.execute(db);
  return rows;
}

/** The returned DOs still to book, or the refusal: nothing came back (404), all booked again (409). */
async function openReturns(db: Database, appointment: Appointment): Promise<Returned[]> {
  const returned = await returnsOf(db, appointment.bookingId);
  if (returned.length === 0) throw notFound(appointmentMessages.nothingToRebook);
  const open = returned.filter((r) => r.open);
  if (open.length === 0) throw conflict(appointmentMessages.rebookedAlready);
  return open;
}

/** The wizard's request for them: the booking's ship-to and ship cond (one place, one ship cond). */
const requestOf = (appointment: Appointment, open: readonly Returned[]): DraftRequest => ({
  deliveryOrderIds: open.map((r) => r.deliveryOrderId),
  shipToId: appointment.shipToId,
  shipCondId: appointment.shipCondId,
  special: false,
  wantedDate: null,
});

/** Whether the booking has DOs back to book (the page offers the choice only then). */
export async function hasOpenReturns(db: Database, bookingId: string): Promise<boolean> {
  return (await returnsOf(db, bookingId)).some((r) => r.open);
}

/** The engine's options for the booking's returned DOs, each named by an opaque choice. */
export async function rebookOffer(
  db: Database,
  links: AppointmentLinks,
  appointment: Appointment,
  today: string,
): Promise<RebookOffer> {
  const open = await openReturns(db, appointment);
  // The wizard's own suggestion, its checks first (booked meanwhile, another ship-to or ship cond),
  // its reasons naming days in the company's era, as the rest of the customer's page.
  const { buddhistEra } = await loadCompanySettings(db);
  const suggestion = await suggestionFor(db, appointment.branchId, requestOf(appointment, open), today, {
    buddhistEra,
  });
  const options = suggestion.options.map((option) => {
    const slots = new Map(
      option.allocations.map((a) => [
        `${a.date}|${a.shiftOfDayId}`,
        { date: a.date, shiftName: a.shiftName, shiftStart: a.shiftStartTime, shiftEnd: a.shiftEndTime },
      ]),
    );
    return {
      choice: links.rebookChoice(appointment.bookingId, draftAllocationsOf(option)),
      slots: [...slots.values()],
    };
  });
  return {
    orders: open.map(({ docNo, qty }) => ({ docNo, qty })),
    options,
    // A day at a time, with the rule that came closest (the wizard's day strip, not its per-truck-type
    // list): a customer asks which days cannot be had and why, not what each type of truck lacks.
    whyNot: suggestion.days.flatMap(({ date, bookable, ruleLabel, message }) =>
      bookable || !ruleLabel || !message ? [] : [{ date, ruleLabel, message }],
    ),
    reason: suggestion.problem ?? (options.length === 0 ? appointmentMessages.noRebookOptions : null),
  };
}

/**
 * Books the option `choice` names for the booking's returned DOs: a draft of no user, made and
 * confirmed here (the confirm judges it again under its locks: capacity, bans, closed shifts, the
 * DOs booked meanwhile — its 409/422 with the engine's message and figures). Answers the new booking.
 */
export async function rebook(
  db: Database,
  links: AppointmentLinks,
  appointment: Appointment,
  choice: string,
  onChange: OnBookingChange | undefined,
): Promise<{ id: string; docNo: string }> {
  const allocations = links.rebookAllocations(appointment.bookingId, choice);
  // Another booking's choice (its MAC names that booking): refused before anything is read.
  if (!allocations) throw conflict(appointmentMessages.notThisBooking);
  const open = await openReturns(db, appointment);
  const named = new Set(allocations.flatMap((a) => a.lines.map((l) => l.deliveryOrderId)));
  const wanted = new Set(open.map((r) => r.deliveryOrderId));
  // A choice of this link made before one of its DOs was booked again elsewhere: it no longer fits.
  if (named.size !== wanted.size || [...named].some((id) => !wanted.has(id)))
    throw conflict(appointmentMessages.notThisBooking);
  const request = requestOf(appointment, open);
  await checkBookingRequest(db, appointment.branchId, request);
  const draftId = await createDraft(db, appointment.branchId, null, request, allocations);
  try {
    return await confirmDraft(db, draftId, appointment.branchId, null, {
      onChange,
      bookedBy: BY_CUSTOMER_LINK,
      era: { buddhistEra: (await loadCompanySettings(db)).buddhistEra },
    });
  } catch (error) {
    // The engine's refusal as the customer reads it: its rule's message, with its figures, as a 409.
    if (error instanceof CapacityLost) throw conflict(error.text);
    if (error instanceof HttpError && error.status === 422)
      throw conflict(error.messages.slice(1).join(' ') || error.messages.join(' '));
    throw error;
  } finally {
    // A confirm takes its draft; a refused one leaves it, and a customer's draft has no one to finish it.
    await db.deleteFrom('booking_draft').where('id', '=', draftId).execute();
  }
}
