import { slotChoices } from '@lms/booking';
import {
  type BookingRequest,
  bangkokIsoDate,
  bookingApi,
  calendarApi,
  calendarRangeProblem,
  can,
  featureRoles,
  findEntity,
} from '@lms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingBranch, actingEra, actingPrincipal } from '../auth/acting.ts';
import { typed } from '../http/contract.ts';
import { notFound, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { calendarCells, cellBookings, placedBookings } from './calendar.ts';
import { changeCallStatus } from './callStatus.ts';
import { cancelBooking } from './cancel.ts';
import { CapacityLost, confirmDraft, draftWorld } from './confirm.ts';
import {
  createDraft,
  type DraftRequest,
  deleteDraft,
  findDraft,
  saveAllocations,
  toSuggestRequest,
} from './drafts.ts';
import { evaluateDraft } from './evaluate.ts';
import type { BookingEvents } from './events.ts';
import type { OnBookingChange } from './hooks.ts';
import { checkBookingRequest } from './request.ts';
import { checkReschedule, rescheduleBooking } from './reschedule.ts';
import { streamEvents } from './sse.ts';
import { suggestionFor } from './suggestion.ts';
import { worldEnd } from './world.ts';

/** DO booking (booking.md): suggestion, drafts for fine tune, summary, confirm, cancel, calendar, live events. */
export function bookingRoutes(ctx: AuthContext, events: BookingEvents, onChange?: OnBookingChange) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const read = {
      access: { roles: featureRoles.doBooking.read },
      apiKey: 'closed',
      branchScoped: true,
    } as const;
    const edit = {
      access: { roles: featureRoles.doBooking.edit },
      apiKey: 'closed',
      branchScoped: true,
    } as const;
    const tags = ['DO Booking'];
    /** The request with its defaults, as the draft keeps it. */
    const draftRequest = (body: BookingRequest): DraftRequest => ({
      deliveryOrderIds: body.deliveryOrderIds,
      shipToId: body.shipToId,
      shipCondId: body.shipCondId,
      special: body.special ?? false,
      wantedDate: body.wantedDate ?? null,
    });

    /** Who acts: the branch, the user whose drafts these are, and the era their refusals name days in. */
    const actor = (request: FastifyRequest) => ({
      branchId: actingBranch(request),
      userId: actingPrincipal(request).userId,
      era: actingEra(request),
    });

    async function evaluated(draftId: string, { branchId, userId, era }: ReturnType<typeof actor>) {
      const draft = await findDraft(ctx.db, draftId, branchId, userId);
      const today = bangkokIsoDate(new Date());
      const world = await draftWorld(ctx.db, draft, today, worldEnd(today));
      return {
        draft,
        evaluation: evaluateDraft(world, draft.request, draft.allocations, branchId, today, era),
      };
    }

    app.route({
      ...bookingApi.suggestion,
      schema: { ...bookingApi.suggestion.schema, tags },
      config: read,
      handler: async (request) =>
        suggestionFor(
          ctx.db,
          actingBranch(request),
          draftRequest(request.body),
          bangkokIsoDate(new Date()),
          actingEra(request),
        ),
    });

    app.route({
      ...bookingApi.createDraft,
      schema: { ...bookingApi.createDraft.schema, tags },
      config: edit,
      handler: async (request, reply) => {
        const { allocations = [], ...rest } = request.body;
        const who = actor(request);
        await checkBookingRequest(ctx.db, who.branchId, rest);
        const id = await createDraft(ctx.db, who.branchId, who.userId, draftRequest(rest), allocations);
        return reply.status(201).send(await evaluated(id, who));
      },
    });

    app.route({
      ...bookingApi.fineTune,
      schema: { ...bookingApi.fineTune.schema, tags },
      config: read,
      handler: async (request) => evaluated(request.query.id, actor(request)),
    });

    // Fine tune's slot picker: every slot of the horizon for the draft's ship cond, with what it has
    // left and the first rule it breaks. The calendar sums ship conds and names no slot, and the
    // vehicleDateSlot list needs a settings role a planner need not hold.
    app.route({
      ...bookingApi.slots,
      schema: { ...bookingApi.slots.schema, tags },
      config: read,
      handler: async (request) => {
        const { branchId, userId, era } = actor(request);
        const draft = await findDraft(ctx.db, request.query.id, branchId, userId);
        const today = bangkokIsoDate(new Date());
        const world = await draftWorld(ctx.db, draft, today, worldEnd(today));
        return slotChoices(world, toSuggestRequest(branchId, draft.request, today, era));
      },
    });

    app.route({
      ...bookingApi.saveAllocations,
      schema: { ...bookingApi.saveAllocations.schema, tags },
      config: edit,
      handler: async (request) => {
        const { branchId, userId, era } = actor(request);
        const draft = await findDraft(ctx.db, request.query.id, branchId, userId);
        const today = bangkokIsoDate(new Date());
        const world = await draftWorld(ctx.db, draft, today, worldEnd(today));
        const evaluation = evaluateDraft(
          world,
          draft.request,
          request.body.allocations,
          branchId,
          today,
          era,
        );
        const broken = evaluation.allocations.filter((a) => !a.ok);
        // An edit that breaks a rule is refused and the draft keeps its last good state.
        if (broken.length) {
          throw unprocessable(
            Object.fromEntries(broken.map((a) => (a.ok ? ['', ''] : [`allocations.${a.index}`, a.message]))),
          );
        }
        const version = await saveAllocations(ctx.db, draft, request.body.version, request.body.allocations);
        return { draft: { ...draft, allocations: request.body.allocations, version }, evaluation };
      },
    });

    app.route({
      ...bookingApi.summary,
      schema: { ...bookingApi.summary.schema, tags },
      config: read,
      handler: async (request) => evaluated(request.query.id, actor(request)),
    });

    app.route({
      ...bookingApi.deleteDraft,
      schema: { ...bookingApi.deleteDraft.schema, tags },
      config: edit,
      handler: async (request, reply) => {
        const { branchId, userId } = actor(request);
        await deleteDraft(ctx.db, request.query.id, branchId, userId);
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...bookingApi.confirm,
      schema: { ...bookingApi.confirm.schema, tags },
      config: edit,
      handler: async (request, reply) => {
        try {
          const { branchId, userId, era } = actor(request);
          const confirmed = await confirmDraft(ctx.db, request.query.id, branchId, userId, { onChange, era });
          return reply.status(201).send(confirmed);
        } catch (error) {
          if (error instanceof CapacityLost) return reply.status(409).send(error.body);
          throw error;
        }
      },
    });

    app.route({
      ...bookingApi.cancel,
      schema: { ...bookingApi.cancel.schema, tags },
      config: edit,
      handler: async (request) => {
        const { branchId, userId } = actor(request);
        const reason = request.body?.reason?.trim() || null;
        const result = await cancelBooking(ctx.db, request.params.id, branchId, userId, reason, onChange);
        if (!result) throw notFound();
        return result;
      },
    });

    app.route({
      ...bookingApi.changeCallStatus,
      schema: { ...bookingApi.changeCallStatus.schema, tags },
      config: {
        access: { entity: 'bookingReport', action: 'changeCallStatus' },
        apiKey: 'closed',
        branchScoped: true,
      },
      handler: async (request) => {
        const { id } = request.params;
        const changed = await changeCallStatus(ctx.db, { id, ...actor(request) }, request.body.callStatus);
        if (!changed) throw notFound();
        return changed;
      },
    });

    const calendarRead = {
      access: { roles: [...new Set([...featureRoles.bookingCalendar.read, ...featureRoles.doBooking.read])] },
      apiKey: 'closed',
      branchScoped: true,
    } as const;
    const calendarTags = ['Booking Calendar'];
    const rangeProblem = (from: string, to: string) => {
      const problem = calendarRangeProblem(from, to);
      return problem ? unprocessable({ to: problem }) : null;
    };
    app.route({
      ...calendarApi.cells,
      schema: { ...calendarApi.cells.schema, tags: calendarTags },
      config: calendarRead,
      handler: async (request) => {
        const { from, to } = request.query;
        const problem = rangeProblem(from, to);
        if (problem) throw problem;
        return calendarCells(ctx.db, { ...request.query, branchId: actingBranch(request) });
      },
    });

    app.route({
      ...calendarApi.bookings,
      schema: { ...calendarApi.bookings.schema, tags: calendarTags },
      config: calendarRead,
      handler: async (request) =>
        cellBookings(
          ctx.db,
          actingBranch(request),
          request.query.date,
          request.query.shiftOfDayId,
          request.query.vehicleTypeId,
        ),
    });

    // Every signed-in user of the branch listens (presence concerns any record they may read);
    // the branch's booking changes reach only those who read the calendar or DO booking.
    app.route({
      ...calendarApi.placed,
      schema: { ...calendarApi.placed.schema, tags: calendarTags },
      config: calendarRead,
      handler: async (request) => {
        const { from, to } = request.query;
        const problem = rangeProblem(from, to);
        if (problem) throw problem;
        return placedBookings(ctx.db, actingBranch(request), from, to);
      },
    });

    // Drag to reschedule: only who may book may move a booking (the same roles as cancel).
    app.route({
      ...calendarApi.checkReschedule,
      schema: { ...calendarApi.checkReschedule.schema, tags: calendarTags },
      config: edit,
      handler: async (request) =>
        checkReschedule(
          ctx.db,
          actingBranch(request),
          request.body.bookingId,
          request.body.from,
          request.body.targets,
          { era: actingEra(request) },
        ),
    });

    app.route({
      ...calendarApi.reschedule,
      schema: { ...calendarApi.reschedule.schema, tags: calendarTags },
      config: edit,
      handler: async (request) => {
        const { branchId, userId, era } = actor(request);
        return rescheduleBooking(ctx.db, branchId, userId, request.body, { onChange, era });
      },
    });

    app.route({
      ...calendarApi.events,
      schema: { ...calendarApi.events.schema, tags: calendarTags },
      config: { access: { signedIn: true }, apiKey: 'closed', branchScoped: true },
      handler: async (request, reply) => {
        const { roles } = actingPrincipal(request);
        return streamEvents(request, reply, events, actingBranch(request), {
          seesBookings: calendarRead.access.roles.some((role) => roles.includes(role)),
          mayRead: (name) => {
            const entity = findEntity(name);
            return entity !== undefined && can(roles, entity, 'read').can;
          },
        });
      },
    });
  };
}
