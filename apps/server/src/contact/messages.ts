import { type ContactMessage, contactApi, featureRoles, maskContact, resendMessages } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { typed } from '../http/contract.ts';
import { conflict, notFound, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { enqueueMessage } from './outbox.ts';
import { contactEnabled } from './settings.ts';

type Row = Omit<ContactMessage, 'createdAt' | 'sentAt'> & { createdAt: Date; sentAt: Date | null };

const shown = (row: Row): ContactMessage => ({
  ...row,
  recipient: maskContact(row.recipient),
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

const columns = sql`id, event, channel, recipient, status, attempts, last_error as "lastError", created_at as "createdAt", sent_at as "sentAt"`;

/**
 * The planner's side of customer messages (docs/contact.md): what was sent for a booking and how
 * it went, and resend. Whoever may change the call status calls the customer, so may see and
 * resend these; the recipient is masked.
 */
export function contactMessageRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const config = {
      access: { entity: 'bookingReport', action: 'changeCallStatus' },
      branchScoped: true,
    } as const;
    const tags = ['Customer messages'];

    app.route({
      ...contactApi.messages,
      schema: { ...contactApi.messages.schema, tags },
      config,
      handler: async (request) => {
        const { rows: booking } =
          await sql`select 1 from booking_report where id = ${request.params.id} and branch_id = ${request.branchId!}`.execute(
            ctx.db,
          );
        if (!booking[0]) throw notFound();
        const { rows } = await sql<Row>`select ${columns} from contact_message
          where booking_id = ${request.params.id} order by created_at, id`.execute(ctx.db);
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
        const { rows } = await sql<Row>`
          insert into contact_message (booking_id, branch_id, event, channel, recipient, body, link)
          select m.booking_id, m.branch_id, m.event, m.channel, m.recipient, m.body, m.link
            from contact_message m join booking_report b on b.id = m.booking_id
           where m.id = ${request.params.messageId} and m.booking_id = ${request.params.id}
             and b.branch_id = ${request.branchId!} and m.event <> 'reminder'
          returning ${columns}`.execute(ctx.db);
        if (!rows[0]) throw notFound();
        return reply.status(201).send(shown(rows[0]));
      },
    });

    // The booking's resend button: a planner who may book (and cancel) may ask again. A fresh
    // message of the appointment as it stands, to the ship-to's contact as it stands.
    app.route({
      ...contactApi.resendBooking,
      schema: { ...contactApi.resendBooking.schema, tags },
      config: { access: { roles: featureRoles.doBooking.edit }, branchScoped: true },
      handler: async (request, reply) => {
        const id = await ctx.db.transaction().execute(async (trx) => {
          const { rows: booking } = await sql<{ canceled: boolean }>`
            select canceled_at is not null as canceled from booking_report
             where id = ${request.params.id} and branch_id = ${request.branchId!} for update`.execute(trx);
          if (!booking[0]) throw notFound();
          if (booking[0].canceled) throw conflict(resendMessages.canceled);
          if (!contactEnabled(ctx.contact.settings)) throw conflict(resendMessages.off);
          const queued = await enqueueMessage(trx, ctx.contact, request.params.id, 'confirmed');
          if (!queued) throw unprocessable({ shipToId: resendMessages.unreachable });
          return queued;
        });
        const { rows } = await sql<Row>`select ${columns} from contact_message where id = ${id}`.execute(
          ctx.db,
        );
        return reply.status(201).send(shown(rows[0]!));
      },
    });
  };
}
