import { formatTime } from '@lms/domain';
import { loadAppointment } from '../contact/appointment.ts';
import { appointmentLink, type Contact, routeOf } from '../contact/outbox.ts';
import { contactEnabled } from '../contact/settings.ts';
import type { Tx } from '../db/database.ts';
import { fill, loadSettings } from './settings.ts';

/** The customer of the next stop hears the truck is on its way (a setting; once per booking). */
export async function onTheWay(
  trx: Tx,
  contact: Contact,
  shipmentId: string,
  bookingId: string,
  eta: string | null,
) {
  if (!contactEnabled(contact.settings)) return;
  const settings = await loadSettings(trx);
  if (!settings.onTheWayMessage) return;
  const appointment = await loadAppointment(trx, bookingId);
  if (!appointment || appointment.canceled) return;
  const route = routeOf(contact.settings, appointment);
  if (!route) return;
  const link = appointmentLink(contact, bookingId);
  const body = fill(settings.onTheWayTemplate, {
    customer: appointment.customer,
    orders: appointment.orders.join(', '),
    time: eta ? formatTime(new Date(eta)) : '-',
    link,
    branchPhone: appointment.branchPhone ?? '-',
  });
  await trx
    .insertInto('contact_message')
    .values({
      booking_id: bookingId,
      shipment_id: shipmentId,
      branch_id: appointment.branchId,
      event: 'onTheWay',
      channel: route.channel,
      recipient: route.recipient,
      body,
      link,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
