import { HORIZON_DAYS, slotChoices, suggest } from '@lms/booking';
import { bangkokIsoDate, callStatusOptions, entityByName, featureRoles } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { recordHistory } from '../crud/history.ts';
import { notFound, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { calendarCells, cellBookings } from './calendar.ts';
import { cancelBooking, confirmDraft, draftWorld, notify } from './confirm.ts';
import {
  createDraft,
  type DraftAllocation,
  type DraftRequest,
  findDraft,
  saveAllocations,
  toSuggestRequest,
} from './drafts.ts';
import { evaluateDraft } from './evaluate.ts';
import type { BookingEvents } from './events.ts';
import { streamEvents } from './sse.ts';
import { loadWorld } from './world.ts';

const uuid = { type: 'string', format: 'uuid' } as const;
const isoDate = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const requestSchema = {
  type: 'object',
  required: ['deliveryOrderIds', 'shipToId', 'shipCondId'],
  properties: {
    deliveryOrderIds: { type: 'array', items: uuid, minItems: 1, maxItems: 500 },
    shipToId: uuid,
    shipCondId: uuid,
    wantedDate: { ...isoDate, nullable: true },
    special: { type: 'boolean', default: false },
  },
} as const;
const allocationsSchema = {
  type: 'array',
  maxItems: 200,
  items: {
    type: 'object',
    required: ['slotId', 'vehicles', 'lines'],
    properties: {
      slotId: uuid,
      vehicles: { type: 'integer', minimum: 1, maximum: 1000 },
      deliveryTime: { type: 'string', pattern: '^\\d{2}:\\d{2}$', nullable: true },
      lines: {
        type: 'array',
        maxItems: 500,
        items: {
          type: 'object',
          required: ['deliveryOrderId', 'lineId', 'qty'],
          properties: { deliveryOrderId: uuid, lineId: uuid, qty: { type: 'number', exclusiveMinimum: 0 } },
        },
      },
    },
  },
} as const;
const draftQuery = {
  type: 'object',
  required: ['id', 'branchId'],
  properties: { id: uuid, branchId: uuid },
} as const;

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
/** Far enough for the longest SLA plus the search horizon. */
const worldEnd = (today: string) => addDays(today, HORIZON_DAYS + 60);
const bookingReport = entityByName('bookingReport');

/** DO booking (booking.md): suggestion, drafts for fine tune, summary, confirm, cancel, calendar, live events. */
export function bookingRoutes(ctx: AuthContext, events: BookingEvents) {
  return async (app: FastifyInstance) => {
    const read = { access: { roles: featureRoles.doBooking.read }, branchScoped: true };
    const edit = { access: { roles: featureRoles.doBooking.edit }, branchScoped: true };
    const tags = ['DO Booking'];

    async function evaluated(draftId: string, branchId: string, userId: string) {
      const draft = await findDraft(ctx.db, draftId, branchId, userId);
      const today = bangkokIsoDate(new Date());
      const world = await draftWorld(ctx.db, draft, today, worldEnd(today));
      return { draft, evaluation: evaluateDraft(world, draft.request, draft.allocations, branchId, today) };
    }

    app.post<{ Body: DraftRequest }>(
      '/doBooking/suggestion',
      { config: read, schema: { tags, body: requestSchema } },
      async (request) => {
        const today = bangkokIsoDate(new Date());
        const world = await loadWorld(ctx.db, {
          branchId: request.branchId!,
          from: today,
          to: worldEnd(today),
          deliveryOrderIds: request.body.deliveryOrderIds,
          shipToIds: [request.body.shipToId],
        });
        if (world.deliveryOrders.length !== request.body.deliveryOrderIds.length)
          throw notFound('ไม่พบใบส่งสินค้าบางใบในสาขานี้');
        return suggest(
          world,
          toSuggestRequest(
            request.branchId!,
            {
              ...request.body,
              special: request.body.special ?? false,
              wantedDate: request.body.wantedDate ?? null,
            },
            today,
          ),
        );
      },
    );

    app.post<{ Body: DraftRequest & { allocations?: DraftAllocation[] } }>(
      '/doBooking/draft',
      {
        config: edit,
        schema: {
          tags,
          body: {
            ...requestSchema,
            properties: { ...requestSchema.properties, allocations: allocationsSchema },
          },
        },
      },
      async (request, reply) => {
        const { allocations = [], ...rest } = request.body;
        const draftRequest: DraftRequest = {
          ...rest,
          special: rest.special ?? false,
          wantedDate: rest.wantedDate ?? null,
        };
        const id = await createDraft(
          ctx.db,
          request.branchId!,
          request.principal!.userId,
          draftRequest,
          allocations,
        );
        return reply.status(201).send(await evaluated(id, request.branchId!, request.principal!.userId));
      },
    );

    app.get<{ Querystring: { id: string } }>(
      '/doBooking/fineTune',
      { config: read, schema: { tags, querystring: draftQuery } },
      async (request) => evaluated(request.query.id, request.branchId!, request.principal!.userId),
    );

    // Fine tune's slot picker: every slot of the horizon for the draft's ship cond, with what it has
    // left and the first rule it breaks. The calendar sums ship conds and names no slot, and the
    // vehicleDateSlot list needs a settings role a planner need not hold.
    app.get<{ Querystring: { id: string } }>(
      '/doBooking/slots',
      { config: read, schema: { tags, querystring: draftQuery } },
      async (request) => {
        const draft = await findDraft(ctx.db, request.query.id, request.branchId!, request.principal!.userId);
        const today = bangkokIsoDate(new Date());
        const world = await draftWorld(ctx.db, draft, today, worldEnd(today));
        return slotChoices(world, toSuggestRequest(request.branchId!, draft.request, today));
      },
    );

    app.put<{ Querystring: { id: string }; Body: { version: number; allocations: DraftAllocation[] } }>(
      '/doBooking/fineTune',
      {
        config: edit,
        schema: {
          tags,
          querystring: draftQuery,
          body: {
            type: 'object',
            required: ['version', 'allocations'],
            properties: { version: { type: 'integer' }, allocations: allocationsSchema },
          },
        },
      },
      async (request) => {
        const { branchId, principal } = request;
        const draft = await findDraft(ctx.db, request.query.id, branchId!, principal!.userId);
        const today = bangkokIsoDate(new Date());
        const world = await draftWorld(ctx.db, draft, today, worldEnd(today));
        const evaluation = evaluateDraft(world, draft.request, request.body.allocations, branchId!, today);
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
    );

    app.get<{ Querystring: { id: string } }>(
      '/doBooking/summary',
      { config: read, schema: { tags, querystring: draftQuery } },
      async (request) => evaluated(request.query.id, request.branchId!, request.principal!.userId),
    );

    app.delete<{ Querystring: { id: string } }>(
      '/doBooking/draft',
      { config: edit, schema: { tags, querystring: draftQuery } },
      async (request, reply) => {
        await sql`delete from booking_draft where id = ${request.query.id} and branch_id = ${request.branchId!} and user_id = ${request.principal!.userId}`.execute(
          ctx.db,
        );
        return reply.status(204).send();
      },
    );

    app.post<{ Querystring: { id: string } }>(
      '/doBooking/confirm',
      { config: edit, schema: { tags, querystring: draftQuery } },
      async (request, reply) =>
        reply
          .status(201)
          .send(await confirmDraft(ctx.db, request.query.id, request.branchId!, request.principal!.userId)),
    );

    app.post<{ Params: { id: string }; Body: { reason?: string } }>(
      '/bookingReport/:id/cancel',
      {
        config: edit,
        schema: {
          tags,
          params: { type: 'object', properties: { id: uuid } },
          body: { type: 'object', properties: { reason: { type: 'string', maxLength: 500 } } },
        },
      },
      async (request) => {
        const result = await cancelBooking(
          ctx.db,
          request.params.id,
          request.branchId!,
          request.principal!.userId,
          request.body?.reason?.trim() || null,
        );
        if (!result) throw notFound();
        return result;
      },
    );

    app.put<{ Params: { id: string }; Body: { callStatus: string } }>(
      '/bookingReport/:id/callStatus',
      {
        config: { access: { entity: 'bookingReport', action: 'changeCallStatus' }, branchScoped: true },
        schema: {
          tags,
          params: { type: 'object', properties: { id: uuid } },
          body: {
            type: 'object',
            required: ['callStatus'],
            properties: { callStatus: { type: 'string', enum: callStatusOptions.map((o) => o.value) } },
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        return ctx.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{
            call_status: string;
          }>`select call_status from booking_report where id = ${id} and branch_id = ${request.branchId!} for update`.execute(
            trx,
          );
          if (!rows[0]) throw notFound();
          await sql`update booking_report set call_status = ${request.body.callStatus}, updated_at = now(), updated_by = ${request.principal!.userId},
            version = version + 1 where id = ${id}`.execute(trx);
          await recordHistory(trx, {
            entity: bookingReport,
            recordId: id,
            action: 'update',
            userId: request.principal!.userId,
            changes: { callStatus: { from: rows[0].call_status, to: request.body.callStatus } },
          });
          await notify(trx, {
            branchId: request.branchId!,
            kind: 'callStatus',
            bookingId: id,
            slotIds: [],
            dates: [],
          });
          return { id, callStatus: request.body.callStatus };
        });
      },
    );

    const calendarRead = {
      access: { roles: [...new Set([...featureRoles.bookingCalendar.read, ...featureRoles.doBooking.read])] },
      branchScoped: true,
    };
    app.get<{ Querystring: { from: string; to: string; vehicleTypeIds?: string[]; shipCondIds?: string[] } }>(
      '/bookingCalendar',
      {
        config: calendarRead,
        schema: {
          tags: ['Booking Calendar'],
          querystring: {
            type: 'object',
            required: ['branchId', 'from', 'to'],
            properties: {
              branchId: uuid,
              from: isoDate,
              to: isoDate,
              vehicleTypeIds: { type: 'array', items: uuid },
              shipCondIds: { type: 'array', items: uuid },
            },
          },
        },
      },
      async (request) => {
        const { from, to } = request.query;
        if (to < from || Date.parse(to) - Date.parse(from) > 62 * 86_400_000)
          throw unprocessable({ to: 'ช่วงวันที่ต้องไม่เกิน 62 วัน และวันสิ้นสุดต้องไม่ก่อนวันเริ่มต้น' });
        return calendarCells(ctx.db, { branchId: request.branchId!, ...request.query });
      },
    );

    app.get<{ Querystring: { date: string; shiftOfDayId: string; vehicleTypeId: string } }>(
      '/bookingCalendar/bookings',
      {
        config: calendarRead,
        schema: {
          tags: ['Booking Calendar'],
          querystring: {
            type: 'object',
            required: ['branchId', 'date', 'shiftOfDayId', 'vehicleTypeId'],
            properties: { branchId: uuid, date: isoDate, shiftOfDayId: uuid, vehicleTypeId: uuid },
          },
        },
      },
      async (request) =>
        cellBookings(
          ctx.db,
          request.branchId!,
          request.query.date,
          request.query.shiftOfDayId,
          request.query.vehicleTypeId,
        ),
    );

    app.get(
      '/bookingCalendar/events',
      { config: calendarRead, schema: { tags: ['Booking Calendar'] } },
      async (request, reply) => streamEvents(request, reply, events, request.branchId!),
    );
  };
}
