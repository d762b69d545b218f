import {
  appointmentMessages,
  bangkokIsoDate,
  type DriverTripSummary,
  deliveryApi,
  driverApi,
  featureRoles,
} from '@lms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingBranch, actingPrincipal } from '../auth/acting.ts';
import type { Principal } from '../auth/principal.ts';
import { type Rule, Throttle } from '../auth/throttle.ts';
import { streamNamedEvents } from '../booking/sse.ts';
import { linkExpiry as appointmentExpiry, loadAppointment } from '../contact/appointment.ts';
import type { Contact } from '../contact/outbox.ts';
import type { Database } from '../db/database.ts';
import type { DatabaseListener } from '../db/listener.ts';
import { MAX_BYTES } from '../files/limits.ts';
import type { FileStorage } from '../files/storage.ts';
import { typed } from '../http/contract.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { registerMultipart } from '../http/multipart.ts';
import type { AuthContext } from '../routes/context.ts';
import { shipmentAccess } from '../shipmentPlanning/access.ts';
import { recordEvents } from './events.ts';
import { uploadProofFile } from './files.ts';
import { claimLink, claimThrottle, createLink, revokeLinks, type TripLinks } from './links.ts';
import type { BoardBatch, BoardEvents } from './live.ts';
import { recordPositions } from './positions.ts';
import { loadSettings, saveSettings } from './settings.ts';
import { boardTrip, driverTrip, loadTrips, shipmentRows, tripsOnDay } from './trips.ts';
import { bookingDeliveries, customerDeliveries } from './views.ts';

const MINUTE = 60_000;
/** The customer's page asks now and then while the truck is coming: more than the appointment's own calls. */
const customerRules = [
  { scope: 'username', counts: 'failures', limit: 120, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
  { scope: 'address', counts: 'failures', limit: 300, windowMs: 10 * MINUTE, blockMs: 10 * MINUTE },
] as const satisfies readonly Rule[];
/** After the last delivery day the customer still sees how it went for a day. */
const CUSTOMER_GRACE_MS = 24 * 3600_000;

export interface DeliveryServices {
  readonly contact: Contact;
  readonly links: TripLinks;
  readonly board: BoardEvents;
  readonly storage: FileStorage;
}

/** The driver records a signed-in user is (docs/delivery.md "Sign-in for drivers"). */
const driversOf = (db: Database, userId: string) =>
  db.selectFrom('driver').select('id').where('app_user_id', '=', userId);

/**
 * The trip a driver's call names, if the caller is its driver: a trip link only its own, a user
 * only the trips of the driver records linked to them. Anything else answers as a missing trip.
 */
async function ownTrip(db: Database, principal: Principal, shipmentId: string) {
  if (principal.tripLink && principal.tripLink.shipmentId !== shipmentId) throw notFound();
  let query = db
    .selectFrom('delivery_trip as t')
    .select(['t.shipment_id', 't.branch_id'])
    .where('t.shipment_id', '=', shipmentId);
  // A link opens its own trip (checked above); a user, the trips of the driver records they are.
  if (!principal.tripLink)
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('shipment as s')
          .select('s.id')
          .whereRef('s.id', '=', 't.shipment_id')
          .where('s.driver_id', 'in', driversOf(db, principal.userId)),
      ),
    );
  const found = await query.executeTakeFirst();
  if (!found) throw notFound();
  return { shipmentId: found.shipment_id, branchId: found.branch_id };
}

/** The author of what a phone sends: the user, or the link. */
const authorOf = (principal: Principal) =>
  principal.tripLink
    ? { userId: null, linkId: principal.tripLink.linkId }
    : { userId: principal.userId, linkId: null };

/** To the door (docs/delivery.md): the driver's phone, trip links, the board, the customer's view. */
export function deliveryRoutes(
  ctx: AuthContext,
  services: DeliveryServices,
  listener: DatabaseListener | undefined,
) {
  const { board, links, contact, storage } = services;
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    if (listener) await board.listen(listener);
    fastify.addHook('onClose', () => board.close());
    await registerMultipart(fastify, { files: 1, fileSize: MAX_BYTES.image });
    const claims = claimThrottle(ctx.db);
    const customerThrottle = new Throttle(ctx.db, 'appointmentDelivery', customerRules);

    // A driver (a user linked to a driver record) or a trip link; no ERP key; each call checks the trip is theirs.
    const driver = { access: { signedIn: true }, apiKey: 'closed', tripLink: 'open' } as const;
    const { read, edit } = shipmentAccess;
    const tags = ['Delivery'];
    const trip = (request: FastifyRequest<{ Params: { id: string } }>) =>
      ownTrip(ctx.db, actingPrincipal(request), request.params.id);

    app.route({
      ...driverApi.trips,
      schema: { ...driverApi.trips.schema, tags },
      config: driver,
      handler: async (request): Promise<DriverTripSummary[]> => {
        const principal = actingPrincipal(request);
        const query = shipmentRows(ctx.db);
        const own = principal.tripLink
          ? query.where('t.shipment_id', '=', principal.tripLink.shipmentId)
          : tripsOnDay(
              query.where('s.driver_id', 'in', driversOf(ctx.db, principal.userId)),
              request.query.date ?? bangkokIsoDate(new Date()),
              Date.now(),
            );
        const ids = (await own.execute()).map((r) => r.shipment_id);
        return (await loadTrips(ctx.db, { shipmentIds: ids })).map((state) => ({
          id: state.shipment.shipment_id,
          docNo: state.shipment.doc_no,
          date: state.shipment.shift_date,
          licensePlate: state.shipment.car_plate_snap,
          status: state.status,
          stops: state.stops.length,
          done: state.stops.filter((s) => s.left_at).length,
          start: state.shipment.planned_start.toISOString(),
        }));
      },
    });

    app.route({
      ...driverApi.trip,
      schema: { ...driverApi.trip.schema, tags },
      config: driver,
      handler: async (request) => {
        const own = await trip(request);
        const [state] = await loadTrips(ctx.db, { shipmentIds: [own.shipmentId] });
        return driverTrip(state!);
      },
    });

    app.route({
      ...driverApi.events,
      schema: { ...driverApi.events.schema, tags },
      config: driver,
      handler: async (request) => {
        const own = await trip(request);
        return recordEvents(
          ctx.db,
          board,
          contact,
          own.shipmentId,
          authorOf(actingPrincipal(request)),
          request.body.events,
        );
      },
    });

    app.route({
      ...driverApi.positions,
      schema: { ...driverApi.positions.schema, tags },
      config: driver,
      handler: async (request) => {
        // The trip is checked by the write itself (one statement a post): a link's own, a user's drivers'.
        const principal = actingPrincipal(request);
        const { id } = request.params;
        if (principal.tripLink && principal.tripLink.shipmentId !== id) throw notFound();
        const poster = principal.tripLink
          ? ({ link: true } as const)
          : { drivers: driversOf(ctx.db, principal.userId) };
        return recordPositions(ctx.db, board, id, poster, request.body);
      },
    });

    app.route({
      ...driverApi.upload,
      schema: { ...driverApi.upload.schema, tags },
      config: driver,
      handler: async (request) => {
        const own = await trip(request);
        return uploadProofFile(
          ctx.db,
          storage,
          request,
          own,
          request.query.id,
          authorOf(actingPrincipal(request)).userId,
        );
      },
    });

    app.route({
      ...driverApi.claimLink,
      schema: { ...driverApi.claimLink.schema, tags },
      config: { access: { public: true } },
      handler: async (request) => claimLink(ctx.db, links, claims, request.ip, request.body),
    });

    app.route({
      ...deliveryApi.board,
      schema: { ...deliveryApi.board.schema, tags },
      config: read,
      handler: async (request) => {
        const date = request.query.date ?? bangkokIsoDate(new Date());
        const now = Date.now();
        return (await loadTrips(ctx.db, { branchId: actingBranch(request), date }, now)).map((s) =>
          boardTrip(s, now),
        );
      },
    });

    app.route({
      ...deliveryApi.boardEvents,
      schema: { ...deliveryApi.boardEvents.schema, tags },
      config: read,
      handler: async (request, reply) => {
        const branchId = actingBranch(request);
        // Deltas only: `positions` (trucks that moved) and `trips` (stops and ETAs that changed).
        streamNamedEvents<BoardBatch>(request, reply, board, 'board', (batch) =>
          batch.branchId !== branchId
            ? []
            : [
                ...(batch.positions.length ? [['positions', batch.positions] as const] : []),
                ...(batch.trips.length ? [['trips', batch.trips] as const] : []),
              ],
        );
      },
    });

    app.route({
      ...deliveryApi.trip,
      schema: { ...deliveryApi.trip.schema, tags },
      config: read,
      handler: async (request) => {
        const [state] = await loadTrips(ctx.db, { shipmentIds: [request.params.id] });
        if (!state || state.shipment.branch_id !== actingBranch(request)) throw notFound();
        return driverTrip(state);
      },
    });

    app.route({
      ...deliveryApi.createLink,
      schema: { ...deliveryApi.createLink.schema, tags },
      config: edit,
      handler: async (request, reply) => {
        const created = await createLink(ctx.db, links, contact.settings, {
          branchId: actingBranch(request),
          shipmentId: request.params.id,
          userId: actingPrincipal(request).userId,
          send: request.body.send,
        });
        return reply.status(201).send(created);
      },
    });

    app.route({
      ...deliveryApi.revokeLink,
      schema: { ...deliveryApi.revokeLink.schema, tags },
      config: edit,
      handler: async (request) => ({
        revoked: await revokeLinks(ctx.db, actingBranch(request), request.params.id),
      }),
    });

    app.route({
      ...deliveryApi.bookingDeliveries,
      schema: { ...deliveryApi.bookingDeliveries.schema, tags },
      config: { access: { entity: 'bookingReport', action: 'read' }, apiKey: 'closed', branchScoped: true },
      handler: async (request) => {
        const branchId = actingBranch(request);
        const booking = await ctx.db
          .selectFrom('booking_report')
          .select('id')
          .where('id', '=', request.params.id)
          .where('branch_id', '=', branchId)
          .executeTakeFirst();
        if (!booking) throw notFound();
        return bookingDeliveries(ctx.db, branchId, booking.id);
      },
    });

    app.route({
      ...deliveryApi.customer,
      schema: { ...deliveryApi.customer.schema, tags },
      config: { access: { public: true } },
      handler: async (request) => {
        const { token } = request.params;
        if ((await customerThrottle.retryAfter(token, request.ip)) > 0)
          throw new HttpError(429, [appointmentMessages.tooMany]);
        await customerThrottle.recordFailure(token, request.ip);
        const bookingId = contact.links.bookingOf(token);
        const appointment = bookingId ? await loadAppointment(ctx.db, bookingId) : undefined;
        if (!appointment) throw notFound();
        if (
          appointment.canceled ||
          Date.now() >= appointmentExpiry(appointment.lastDate).getTime() + CUSTOMER_GRACE_MS
        )
          throw new HttpError(410, [appointmentMessages.gone]);
        return customerDeliveries(ctx.db, appointment);
      },
    });

    const admin = { access: { roles: featureRoles.contactTemplates.edit }, apiKey: 'closed' } as const;
    app.route({
      ...deliveryApi.settings,
      schema: { ...deliveryApi.settings.schema, tags },
      config: admin,
      handler: async () => loadSettings(ctx.db),
    });
    app.route({
      ...deliveryApi.saveSettings,
      schema: { ...deliveryApi.saveSettings.schema, tags },
      config: admin,
      handler: async (request) => saveSettings(ctx.db, request.body),
    });
  };
}
