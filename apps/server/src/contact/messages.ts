import {
  type ContactMessage,
  contactApi,
  contactChannelApi,
  featureRoles,
  maskContact,
  resendMessages,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import type { Selection } from 'kysely';
import { actingBranch } from '../auth/acting.ts';
import type { DB } from '../db/schema.generated.ts';
import { typed } from '../http/contract.ts';
import { conflict, notFound, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { type Contact, enqueueMessage } from './outbox.ts';
import { contactEnabled } from './settings.ts';

/** A message as the planner's list shows it, the recipient still whole. */
const columns = [
  'id',
  'event',
  'channel',
  'recipient',
  'status',
  'attempts',
  'last_error as lastError',
  'created_at as createdAt',
  'sent_at as sentAt',
] as const;

/** The event, channel and status columns hold only the contract's values (the outbox writes them). */
type Narrowed = Pick<ContactMessage, 'event' | 'channel' | 'status'>;

const shown = (row: Selection<DB, 'contact_message', (typeof columns)[number]>): ContactMessage => ({
  ...(row as typeof row & Narrowed),
  recipient: maskContact(row.recipient),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/**
 * The planner's side of customer messages (docs/contact.md): what was sent for a booking and how
 * it went, and resend. Whoever may change the call status calls the customer, so may see and
 * resend these; the recipient is masked.
 */
export function contactMessageRoutes(ctx: AuthContext, contact: Contact) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const config = {
      access: { entity: 'bookingReport', action: 'changeCallStatus' },
      apiKey: 'closed',
      branchScoped: true,
    } as const;
    const tags = ['Customer messages'];

    // Whether a message can go out at all: the booking's actions ask before offering "send again".
    app.route({
      ...contactChannelApi.read,
      schema: { ...contactChannelApi.read.schema, tags },
      config: { access: { signedIn: true }, apiKey: 'closed' },
      handler: () => ({ enabled: contactEnabled(contact.settings) }),
    });

    app.route({
      ...contactApi.messages,
      schema: { ...contactApi.messages.schema, tags },
      config,
      handler: async (request) => {
        const booking = await ctx.db
          .selectFrom('booking_report')
          .select('id')
          .where('id', '=', request.params.id)
          .where('branch_id', '=', actingBranch(request))
          .executeTakeFirst();
        if (!booking) throw notFound();
        const rows = await ctx.db
          .selectFrom('contact_message')
          .select(columns)
          .where('booking_id', '=', request.params.id)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        return { messages: rows.map(shown) };
      },
    });

    // A resend is a new message (a new idempotency key: the planner means a second send), with the
    // text and recipient of the one it repeats.
    app.route({
      ...contactApi.resend,
      schema: { ...contactApi.resend.schema, tags },
      config,
      handler: async (request, reply) => {
        const resent = await ctx.db
          .insertInto('contact_message')
          .columns(['booking_id', 'branch_id', 'event', 'channel', 'recipient', 'body', 'link'])
          .expression((eb) =>
            eb
              .selectFrom('contact_message as m')
              .innerJoin('booking_report as b', 'b.id', 'm.booking_id')
              .select([
                'm.booking_id',
                'm.branch_id',
                'm.event',
                'm.channel',
                'm.recipient',
                'm.body',
                'm.link',
              ])
              .where('m.id', '=', request.params.messageId)
              .where('m.booking_id', '=', request.params.id)
              .where('b.branch_id', '=', actingBranch(request))
              .where('m.event', '<>', 'reminder'),
          )
          .returning(columns)
          .executeTakeFirst();
        if (!resent) throw notFound();
        return reply.status(201).send(shown(resent));
      },
    });

    // The booking's resend button: a planner who may book (and cancel) may ask again. A fresh
    // message of the appointment as it stands, to the ship-to's contact as it stands.
    app.route({
      ...contactApi.resendBooking,
      schema: { ...contactApi.resendBooking.schema, tags },
      config: { access: { roles: featureRoles.doBooking.edit }, apiKey: 'closed', branchScoped: true },
      handler: async (request, reply) => {
        const id = await ctx.db.transaction().execute(async (trx) => {
          const booking = await trx
            .selectFrom('booking_report')
            .select((eb) => eb('canceled_at', 'is not', null).$castTo<boolean>().as('canceled'))
            .where('id', '=', request.params.id)
            .where('branch_id', '=', actingBranch(request))
            .forUpdate()
            .executeTakeFirst();
          if (!booking) throw notFound();
          if (booking.canceled) throw conflict(resendMessages.canceled);
          if (!contactEnabled(contact.settings)) throw conflict(resendMessages.off);
          const queued = await enqueueMessage(trx, contact, request.params.id, 'confirmed');
          if (!queued) throw unprocessable({ shipToId: resendMessages.unreachable });
          return queued;
        });
        const queued = await ctx.db
          .selectFrom('contact_message')
          .select(columns)
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return reply.status(201).send(shown(queued));
      },
    });
  };
}
