import { appointmentApi } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/contract.ts';
import { type AppointmentLinks, publicOf } from './appointmentService.ts';

/** The self-service appointment link's JSON API: read, confirm, move options, move. No session: the token is the key. */
export function appointmentRoutes(links: AppointmentLinks) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const config = { access: { public: true } } as const;
    const tags = ['Appointment link'];

    app.route({
      ...appointmentApi.read,
      schema: { ...appointmentApi.read.schema, tags },
      config,
      handler: async (request) => publicOf(await links.open(request, request.params.token)),
    });

    app.route({
      ...appointmentApi.confirm,
      schema: { ...appointmentApi.confirm.schema, tags },
      config,
      handler: async (request) => links.confirm(await links.open(request, request.params.token)),
    });

    app.route({
      ...appointmentApi.options,
      schema: { ...appointmentApi.options.schema, tags },
      config,
      handler: async (request) => links.choices(await links.open(request, request.params.token)),
    });

    app.route({
      ...appointmentApi.move,
      schema: { ...appointmentApi.move.schema, tags },
      config,
      handler: async (request) =>
        links.move(await links.open(request, request.params.token), request.body.choice),
    });

    // What a failed delivery sent back, chosen anew by the customer (docs/delivery.md).
    app.route({
      ...appointmentApi.rebookOptions,
      schema: { ...appointmentApi.rebookOptions.schema, tags },
      config,
      handler: async (request) =>
        links.rebookChoices(await links.open(request, request.params.token, 'rebook')),
    });

    app.route({
      ...appointmentApi.rebook,
      schema: { ...appointmentApi.rebook.schema, tags },
      config,
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(
            await links.rebook(
              await links.open(request, request.params.token, 'rebook'),
              request.body.choice,
            ),
          ),
    });
  };
}
