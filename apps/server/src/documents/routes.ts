import type { Readable } from 'node:stream';
import { can, type DocumentKind, documentKinds, documentsApi } from '@lms/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { actingBranch, actingPrincipal } from '../auth/acting.ts';
import type { Principal } from '../auth/principal.ts';
import type { Database } from '../db/database.ts';
import { bookingDeliveries } from '../delivery/views.ts';
import { snake } from '../entities/naming.ts';
import type { FileStorage } from '../files/storage.ts';
import { typed } from '../http/contract.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { loadCompanySettings } from '../settings/company.ts';
import { noRoads, type RoadDistances } from '../shipmentPlanning/roads.ts';
import { appointmentModel } from './appointment.ts';
import { daySheetModel } from './daySheet.ts';
import { deliveriesOfOrder } from './deliveries.ts';
import { deliveryNoteModel } from './deliveryNote.ts';
import { bookingIdsOfShift, loadBookings, loadHeader, loadShift } from './load.ts';
import { loadDeliveryOrders } from './loadDeliveryOrders.ts';
import { loadShipments } from './loadShipments.ts';
import type { DocumentModel } from './model.ts';
import { personalDataOnPaper } from './personal.ts';
import { openPdf, renderChunks } from './render.ts';
import type { DocumentContext } from './text.ts';
import { tripSheetModel } from './tripSheet.ts';

export const documentMessages = {
  notFound: 'ไม่พบเอกสารที่ต้องการพิมพ์',
  someNotFound: (missing: number) => `ไม่พบข้อมูล ${missing} รายการในสาขานี้ จึงไม่ได้พิมพ์เอกสาร`,
  shiftNotFound: 'ไม่พบกะของวันที่เลือก',
} as const;

/** How many records a batch reads from the database at a time. */
export const CHUNK = 50;

/**
 * The models of one kind for `ids` (all of the branch, in order; unknown ids left out), the personal
 * data on them whole or masked for `principal` by the rule of the screens (and the whole ones logged).
 */
async function modelsOf(
  db: Database,
  storage: FileStorage,
  roads: RoadDistances,
  principal: Principal,
  kind: DocumentKind,
  ids: readonly string[],
  branchId: string,
  ctx: DocumentContext,
): Promise<DocumentModel[]> {
  switch (kind) {
    case 'appointment': {
      const rows = await loadBookings(db, ids, branchId);
      await personalDataOnPaper(db, principal, { kind, rows });
      return Promise.all(
        rows.map(async (b) => appointmentModel(b, ctx, await bookingDeliveries(db, branchId, b.booking.id))),
      );
    }
    case 'tripSheet': {
      const rows = await loadShipments(db, ids, branchId, roads);
      await personalDataOnPaper(db, principal, { kind, rows });
      return rows.map((s) => tripSheetModel(s, ctx));
    }
    case 'deliveryNote': {
      const rows = await loadDeliveryOrders(db, ids, branchId);
      await personalDataOnPaper(db, principal, { kind, rows });
      // The proof is the booking's (its page shows it to the booking's readers): only they get it on paper.
      const proof = can(principal.roles, 'bookingReport', 'read').can;
      return Promise.all(
        rows.map(async (row) =>
          deliveryNoteModel(row, ctx, proof ? await deliveriesOfOrder(db, storage, branchId, row.id) : []),
        ),
      );
    }
  }
}

/** How many of `ids` the branch has: a batch prints all of them or nothing. The kind's table is its declaration's. */
async function countOwned(db: Database, kind: DocumentKind, ids: readonly string[], branchId: string) {
  const table = snake(documentKinds[kind].entity);
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from ${sql.table(table)}
    where id = any(${ids}::uuid[]) and branch_id = ${branchId}`.execute(db);
  return rows[0]?.count ?? 0;
}

/** What tops every document: the branch's header, and the company's era for every date (พ.ศ. by default). */
export async function documentContext(db: Database, branchId: string): Promise<DocumentContext> {
  return {
    header: await loadHeader(db, branchId),
    buddhistEra: (await loadCompanySettings(db)).buddhistEra,
    printedAt: new Date(),
  };
}

const disposition = (name: string) =>
  `inline; filename="document.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`;

/**
 * Answers a PDF at once and renders into it as the client reads: `next` yields the models a
 * chunk at a time, so 500 documents never sit in memory together.
 */
export function sendPdf(
  reply: FastifyReply,
  name: string,
  first: readonly DocumentModel[],
  next?: () => Promise<readonly DocumentModel[]>,
) {
  const doc = openPdf({ title: name });
  reply.type('application/pdf').header('content-disposition', disposition(name));
  renderChunks(doc, first, next).catch((error: unknown) => {
    reply.log.error({ err: error }, 'document rendering failed');
    (doc as unknown as Readable).destroy(error as Error);
  });
  return reply.send(doc);
}

/** Printed documents (docs/documents.md), with the role and branch checks of reading their records. */
/** `roads`: the road distances the plans are made on (shipmentPlanning/roads.ts), so a trip sheet reads the same trip. */
export function documentRoutes(ctx: AuthContext, storage: FileStorage, roads: RoadDistances = noRoads) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const tags = ['เอกสารพิมพ์'];

    for (const kind of ['appointment', 'tripSheet', 'deliveryNote'] as const) {
      const contract = documentsApi[kind];
      app.route({
        ...contract,
        schema: { ...contract.schema, tags },
        config: {
          access: { entity: documentKinds[kind].entity, action: 'read' },
          apiKey: 'closed',
          branchScoped: true,
        },
        handler: async (request, reply) => {
          const branchId = actingBranch(request);
          const principal = actingPrincipal(request);
          const context = await documentContext(ctx.db, branchId);
          const models = await modelsOf(
            ctx.db,
            storage,
            roads,
            principal,
            kind,
            [request.params.id],
            branchId,
            context,
          );
          if (!models[0]) throw notFound(documentMessages.notFound);
          return sendPdf(reply, `${kind}-${models[0].number}`, models);
        },
      });
    }

    app.route({
      ...documentsApi.batch,
      schema: { ...documentsApi.batch.schema, tags },
      // The kind (in the body) names the entity whose read right the batch needs: checked below.
      config: { access: { signedIn: true }, apiKey: 'closed', branchScoped: true },
      handler: async (request, reply) => {
        const { kind } = request.body;
        const principal = actingPrincipal(request);
        const verdict = can(principal.roles, documentKinds[kind].entity, 'read');
        if (!verdict.can) throw new HttpError(403, [verdict.reason ?? 'คุณไม่มีสิทธิ์ใช้งานส่วนนี้']);
        const branchId = actingBranch(request);
        const ids = [...new Set(request.body.ids)];
        const owned = await countOwned(ctx.db, kind, ids, branchId);
        if (owned < ids.length) throw notFound(documentMessages.someNotFound(ids.length - owned));
        const context = await documentContext(ctx.db, branchId);
        let offset = 0;
        const next = async () => {
          const chunk = ids.slice(offset, offset + CHUNK);
          offset += CHUNK;
          return chunk.length
            ? modelsOf(ctx.db, storage, roads, principal, kind, chunk, branchId, context)
            : [];
        };
        return sendPdf(reply, `${kind}-${ids.length}`, await next(), next);
      },
    });

    app.route({
      ...documentsApi.daySheet,
      schema: { ...documentsApi.daySheet.schema, tags },
      config: { access: { entity: 'bookingReport', action: 'read' }, apiKey: 'closed', branchScoped: true },
      handler: async (request, reply) => {
        const branchId = actingBranch(request);
        const { date, shiftOfDayId } = request.query;
        const shift = await loadShift(ctx.db, shiftOfDayId);
        if (!shift) throw notFound(documentMessages.shiftNotFound);
        const context = await documentContext(ctx.db, branchId);
        const ids = await bookingIdsOfShift(ctx.db, branchId, date, shiftOfDayId);
        const bookings = await loadBookings(ctx.db, ids, branchId);
        const model = daySheetModel({ date, shiftOfDayId, shift }, bookings, context);
        return sendPdf(reply, `daySheet-${date}`, [model]);
      },
    });
  };
}
