import { type ContactEvent, renderTemplate, renderValues } from '@lms/domain';
import type { OnBookingChange } from '../booking/hooks.ts';
import type { Tx } from '../db/database.ts';
import { loadCompanySettings } from '../settings/company.ts';
import { type Appointment, loadAppointment } from './appointment.ts';
import type { AppointmentLinks } from './links.ts';
import type { Channel } from './providers.ts';
import { type ContactSettings, contactEnabled } from './settings.ts';
import { loadTemplates } from './templates.ts';

/** What the booking code needs to write messages: the settings and the link signer. */
export interface Contact {
  readonly settings: ContactSettings;
  readonly links: AppointmentLinks;
}

/** The way to reach a ship-to: LINE when it is linked and configured, else SMS, else the log (development). */
export function routeOf(
  settings: ContactSettings,
  to: Pick<Appointment, 'lineUserId' | 'phone'>,
): { channel: Channel; recipient: string } | undefined {
  if (settings.line && to.lineUserId) return { channel: 'line', recipient: to.lineUserId };
  if (settings.sms && to.phone?.trim()) return { channel: 'sms', recipient: to.phone.trim() };
  if (settings.log) return { channel: 'log', recipient: to.lineUserId ?? to.phone ?? '-' };
  return undefined;
}

export function appointmentLink(contact: Contact, bookingId: string): string {
  return `${contact.settings.publicUrl}/public/appointment/${contact.links.token(bookingId)}`;
}

/**
 * Writes the customer's message for a booking event into the outbox, inside the caller's
 * transaction: if the booking change rolls back, so does the message. Nothing is written when no
 * provider is configured or the ship-to cannot be reached. Answers the message id, if any.
 */
export async function enqueueMessage(
  trx: Tx,
  contact: Contact | undefined,
  bookingId: string,
  event: ContactEvent,
): Promise<string | undefined> {
  if (!contactEnabled(contact?.settings)) return undefined;
  const appointment = await loadAppointment(trx, bookingId);
  if (!appointment) return undefined;
  const route = routeOf(contact.settings, appointment);
  if (!route) return undefined;
  const link = event === 'canceled' ? null : appointmentLink(contact, bookingId);
  const templates = await loadTemplates(trx);
  // Years as on the company's paper (พ.ศ. by default): one setting for documents and messages.
  const { buddhistEra } = await loadCompanySettings(trx);
  const body = renderTemplate(
    templates[event],
    renderValues({ ...appointment, link: link ?? '' }, { buddhistEra }),
  );
  const written = await trx
    .insertInto('contact_message')
    .values({
      booking_id: bookingId,
      branch_id: appointment.branchId,
      event,
      channel: route.channel,
      recipient: route.recipient,
      body,
      link,
    })
    // The unique index on a booking's reminder: a second worker's reminder is a no-op.
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return written?.id;
}

/** The customer's message of each booking change, written in the change's transaction (booking/hooks.ts). */
export const messagesOnChange = (contact: Contact): OnBookingChange =>
  Object.assign(
    (trx: Tx, bookingId: string, change: ContactEvent) => enqueueMessage(trx, contact, bookingId, change),
    {
      // No provider: nothing is written for any change.
      quietOnConfirm: !contactEnabled(contact.settings),
    },
  );
