import {
  appointmentMessages,
  appointmentPath,
  bangkokIsoDate,
  entityByName,
  type MoveOption,
  type PublicAppointment,
  REBOOK_LINK_DAYS,
  type Rebooked,
} from '@lms/domain';
import type { FastifyRequest } from 'fastify';
import { type Rule, Throttle } from '../auth/throttle.ts';
import { notify } from '../booking/events.ts';
import type { OnBookingChange } from '../booking/hooks.ts';
import { recordHistory } from '../crud/history.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { type Appointment, linkExpiry, loadAppointment } from './appointment.ts';
import { BY_CUSTOMER_LINK } from './links.ts';
import { choiceOf, moveBooking, moveOffers, offered } from './move.ts';
import { type Contact, messagesOnChange } from './outbox.ts';
import { hasOpenReturns, rebook, rebookOffer } from './rebook.ts';

const bookingReport = entityByName('bookingReport');
const MINUTE = 60_000;

/**
 * Per token and per address (docs/contact.md): a customer opens the link a few times; a script
 * trying tokens from one address, or hammering one link, is held back. Counted in PostgreSQL,
 * across instances (auth/throttle.ts).
 */
export const linkRateRules = [
  { scope: 'username', counts: 'failures', limit: 30, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
  { scope: 'address', counts: 'failures', limit: 120, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
] as const satisfies readonly Rule[];

/** What the customer may see: the appointment, not the ship-to's phone or LINE id, nor any id. */
export const publicOf = (a: Appointment): PublicAppointment => ({
  docNo: a.docNo,
  customer: a.customer,
  branchName: a.branchName,
  branchPhone: a.branchPhone,
  date: a.date,
  shiftName: a.shiftName,
  shiftStart: a.shiftStart,
  shiftEnd: a.shiftEnd,
  time: a.time,
  orders: a.orders,
  confirmed: a.callStatus === 'CONFIRMED_BY_CUSTOMER',
  expiresAt: linkExpiry(a.lastDate).toISOString(),
});

export interface MoveChoices {
  readonly options: MoveOption[];
  /** Why there is nothing to choose (Thai), else null. */
  readonly reason: string | null;
}

/**
 * What the customer's link does, in one place for both of its doors: the JSON API
 * (`/api/public/appointment/…`, contact/routes.ts) and the server-rendered page with its HTML
 * forms (`/public/appointment/…`, customerPage/appointmentPage.ts). The same throttle, the same token
 * scope (the token names one booking, nothing else), the same rules and Thai messages.
 */
export type AppointmentLinks = ReturnType<typeof appointmentLinks>;

export function appointmentLinks(
  ctx: AuthContext,
  contact: Contact,
  options: {
    throttle?: Throttle;
    /** What a confirm writes in its transaction (the customer's message, the returns linked): app.ts's. */
    onBookingChange?: OnBookingChange;
  } = {},
) {
  const throttle = options.throttle ?? new Throttle(ctx.db, 'appointmentLink', linkRateRules);
  const reload = async (bookingId: string) => publicOf((await loadAppointment(ctx.db, bookingId))!);

  /**
   * The live booking a token opens, or the error a caller must not tell apart from others'. The
   * link ends with its last delivery day; to choose a new slot for what came back (`rebook`: the
   * page and the rebook calls) it opens REBOOK_LINK_DAYS more while something waits to be booked.
   */
  async function open(
    request: FastifyRequest,
    token: string,
    purpose: 'appointment' | 'rebook' = 'appointment',
  ): Promise<Appointment> {
    const wait = await throttle.retryAfter(token, request.ip);
    if (wait > 0) throw new HttpError(429, [appointmentMessages.tooMany]);
    await throttle.recordFailure(token, request.ip);
    const bookingId = contact.links.bookingOf(token);
    const appointment = bookingId ? await loadAppointment(ctx.db, bookingId) : undefined;
    // A token the server did not sign, or for a booking that is gone: the 404 of anything unknown.
    if (!appointment) throw notFound();
    if (appointment.canceled) throw new HttpError(410, [appointmentMessages.gone]);
    const ends = linkExpiry(appointment.lastDate).getTime();
    if (Date.now() < ends) return appointment;
    const rebookable =
      purpose === 'rebook' &&
      Date.now() < ends + REBOOK_LINK_DAYS * 86_400_000 &&
      (await hasOpenReturns(ctx.db, appointment.bookingId));
    if (!rebookable) throw new HttpError(410, [appointmentMessages.gone]);
    return appointment;
  }

  /** The customer confirms: call status CONFIRMED_BY_CUSTOMER, logged and announced; twice is once. */
  async function confirm(appointment: Appointment): Promise<PublicAppointment> {
    await ctx.db.transaction().execute(async (trx) => {
      const booking = await trx
        .selectFrom('booking_report')
        .select('call_status')
        .where('id', '=', appointment.bookingId)
        .where('canceled_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!booking) throw new HttpError(410, [appointmentMessages.gone]);
      // Confirming twice is one confirmation: nothing new to log.
      if (booking.call_status === 'CONFIRMED_BY_CUSTOMER') return;
      await trx
        .updateTable('booking_report')
        .set((eb) => ({
          call_status: 'CONFIRMED_BY_CUSTOMER',
          updated_at: eb.fn<Date>('now'),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', appointment.bookingId)
        .execute();
      await recordHistory(trx, {
        entity: bookingReport,
        recordId: appointment.bookingId,
        action: 'update',
        userId: null,
        source: BY_CUSTOMER_LINK,
        changes: { callStatus: { from: booking.call_status, to: 'CONFIRMED_BY_CUSTOMER' } },
      });
      await notify(trx, {
        branchId: appointment.branchId,
        kind: 'callStatus',
        bookingId: appointment.bookingId,
        slotIds: [],
        dates: [],
      });
    });
    return reload(appointment.bookingId);
  }

  /** The days and shifts the booking may move to, each named by an opaque choice. */
  async function choices(appointment: Appointment): Promise<MoveChoices> {
    const offers = await moveOffers(ctx.db, appointment, bangkokIsoDate(new Date()));
    const found = offered(offers);
    return {
      options: found.map((offer) => ({
        choice: contact.links.choice(appointment.bookingId, choiceOf(offer)),
        date: offer.date,
        shiftName: offer.shiftName,
        shiftStart: offer.shiftStartTime,
        shiftEnd: offer.shiftEndTime,
      })),
      // Why there is nothing to choose: a shift closed by a check-in keeps the booking.
      reason: offers.leaving?.message ?? (found.length === 0 ? appointmentMessages.noOptions : null),
    };
  }

  /** Moves the booking to the day and shift `choice` names (judged again under the locks). */
  async function move(appointment: Appointment, choice: string): Promise<PublicAppointment> {
    const named = (name: string) => contact.links.choice(appointment.bookingId, name) === choice;
    await moveBooking(ctx.db, appointment, named, { onChange: messagesOnChange(contact) });
    return reload(appointment.bookingId);
  }

  /** The engine's options for the DOs this booking's delivery sent back (docs/delivery.md). */
  const rebookChoices = (appointment: Appointment) =>
    rebookOffer(ctx.db, contact.links, appointment, bangkokIsoDate(new Date()));

  /** Books the chosen option as a new booking linked to this one; answers the new booking and its link. */
  async function rebookInto(appointment: Appointment, choice: string): Promise<Rebooked> {
    const booked = await rebook(ctx.db, contact.links, appointment, choice, options.onBookingChange);
    const token = contact.links.token(booked.id);
    return { docNo: booked.docNo, link: appointmentPath(token), appointment: await reload(booked.id) };
  }

  return { open, confirm, choices, move, rebookChoices, rebook: rebookInto };
}
