import {
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogEntry,
  type AccessLogQuery,
  type EntityDef,
  entities,
  type FieldDef,
  featureRoles,
  type PersonalDataAction,
  type PersonalDataExport,
  privacyApi,
  privacyMessages,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { type Selectable, sql } from 'kysely';
import { actingPrincipal } from '../auth/acting.ts';
import { authorColumns, authorLabel } from '../crud/history.ts';
import { LabelRequest, labelOf } from '../crud/labels.ts';
import { findRecord, type Row } from '../crud/repository.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.generated.ts';
import { tableOf } from '../entities/naming.ts';
import { typed } from '../http/contract.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { hasAnyKey, logPersonalData, personalFields } from './personalData.ts';

/** The entities that hold personal data: the only ones the log and the export speak of. */
const personalEntities = new Map<string, EntityDef>(
  entities.filter((e) => personalFields(e).length > 0).map((e) => [e.name, e]),
);

/** Bangkok midnight of a day (the log's `from`/`to` are days as a Thai user means them). */
const bangkokStart = (day: string) => sql<Date>`(${day}::date::timestamp at time zone 'Asia/Bangkok')`;

/** Which access log lines: the administrator's query, or one record's. */
type AccessLogFilter = Omit<AccessLogQuery, 'page'>;

/** The access log lines that match, newest first, with who and which record in words. */
async function accessLog(db: Database, filter: AccessLogFilter, page: number) {
  if (filter.from && filter.to && filter.from > filter.to) throw badRequest(privacyMessages.badRange);
  const { entity, recordId, userId, action, from, to } = filter;
  const rows = await db
    .selectFrom('personal_data_access as a')
    .leftJoin('app_user as u', 'u.id', 'a.user_id')
    .leftJoin('api_key as k', 'k.id', 'a.user_id')
    .select((eb) => [
      eb.cast<string>('a.id', 'text').as('id'),
      'a.at',
      'a.user_id',
      'a.action',
      'a.entity',
      'a.record_id',
      'a.fields',
      'a.detail',
      eb.fn.countAll<number>().over().as('total'),
      ...authorColumns,
    ])
    .$if(entity !== undefined, (q) => q.where('a.entity', '=', entity!))
    .$if(recordId !== undefined, (q) => q.where('a.record_id', '=', recordId!))
    .$if(userId !== undefined, (q) => q.where('a.user_id', '=', userId!))
    .$if(action !== undefined, (q) => q.where('a.action', '=', action!))
    .$if(from !== undefined, (q) => q.where('a.at', '>=', bangkokStart(from!)))
    .$if(to !== undefined, (q) => q.where('a.at', '<', sql<Date>`${bangkokStart(to!)} + interval '1 day'`))
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(ACCESS_LOG_PAGE_SIZE)
    .offset(page * ACCESS_LOG_PAGE_SIZE)
    .execute();
  // The records' labels (code: name), one query for every entity named on the page.
  const labels = new LabelRequest();
  // The log keeps entity names as text: only a personal-data entity's records are looked up.
  const refTo = (entity: string): FieldDef | undefined => {
    const target = personalEntities.get(entity);
    return target && { name: 'recordId', type: 'ref', label: '', ref: target.name };
  };
  for (const row of rows) {
    const field = refTo(row.entity);
    if (row.record_id && field) labels.add(field, row.record_id);
  }
  const index = await labels.read(db);
  const items = rows.map((row): AccessLogEntry => {
    const field = refTo(row.entity);
    const label = row.record_id && field ? labelOf(index, field, row.record_id) : undefined;
    return {
      id: row.id,
      at: row.at.toISOString(),
      userId: row.user_id,
      userLabel: authorLabel(row),
      action: row.action as PersonalDataAction,
      entity: row.entity,
      recordId: row.record_id,
      recordLabel: typeof label === 'string' ? label : null,
      fields: row.fields,
      detail: row.detail as Row | null,
    };
  });
  return { items, total: rows[0]?.total ?? 0 };
}

/**
 * Everything held about one person's contact data (docs/privacy.md "Data-subject requests"): the
 * record, the history entries holding a personal field, the message copies about its bookings
 * (a ship-to's), and the access log about it. The export is logged before it is answered.
 */
async function personalDataOf(
  db: Database,
  entity: EntityDef,
  id: string,
  userId: string,
): Promise<PersonalDataExport> {
  // A branch's record (a driver) is the administrator's whatever its branch: dynamic per entity.
  const { rows: owner } = entity.branchOwned
    ? await sql<Pick<Selectable<DB['driver']>, 'branch_id'>>`
        select branch_id from ${sql.table(tableOf(entity))} where id = ${id}`.execute(db)
    : { rows: [] };
  const record = await findRecord(db, entity, id, owner[0]?.branch_id ?? undefined);
  if (!record) throw notFound();
  const fields = personalFields(entity).map((f) => f.name);
  await logPersonalData(db, {
    userId,
    action: 'export',
    entity,
    recordId: id,
    fields,
    detail: { person: true },
  });
  const history = await db
    .selectFrom('history as h')
    .select(['h.at', 'h.action', 'h.changes'])
    .where('h.entity', '=', entity.name)
    .where('h.record_id', '=', id)
    .where((eb) => hasAnyKey(eb.ref('h.changes'), fields))
    .orderBy('h.at')
    .orderBy('h.id')
    .execute();
  const messages =
    entity.name === 'shipTo'
      ? await db
          .selectFrom('contact_message as m')
          .innerJoin('booking_report as b', 'b.id', 'm.booking_id')
          .select([
            'm.created_at',
            'b.doc_no',
            'm.event',
            'm.channel',
            'm.recipient',
            'm.body',
            'm.status',
            'm.sent_at',
          ])
          .where('b.ship_to_id', '=', id)
          .orderBy('m.created_at')
          .orderBy('m.id')
          .execute()
      : [];
  const log = await accessLog(db, { entity: entity.name, recordId: id }, 0);
  return {
    entity: entity.name,
    recordId: id,
    exportedAt: new Date().toISOString(),
    record,
    // Only what a history entry says of the personal fields: the rest is not about the person's contact.
    history: history.map((h) => {
      const changes = h.changes as Row;
      return {
        at: h.at.toISOString(),
        action: h.action,
        changes: Object.fromEntries(fields.filter((f) => f in changes).map((f) => [f, changes[f]])),
      };
    }),
    messages: messages.map((m) => ({
      createdAt: m.created_at.toISOString(),
      bookingDocNo: m.doc_no ?? '',
      event: m.event,
      channel: m.channel,
      recipient: m.recipient,
      body: m.body,
      status: m.status,
      sentAt: m.sent_at?.toISOString() ?? null,
    })),
    accessLog: log.items,
  };
}

/** The administrator's PDPA calls: the access log and one person's data. */
export function privacyRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const config = { access: { roles: featureRoles.personalDataAccess.read }, apiKey: 'closed' } as const;
    const tags = ['PDPA'];
    app.route({
      ...privacyApi.accessLog,
      schema: { ...privacyApi.accessLog.schema, tags },
      config,
      handler: async (request) => accessLog(ctx.db, request.query, request.query.page ?? 0),
    });
    app.route({
      ...privacyApi.personalData,
      schema: { ...privacyApi.personalData.schema, tags },
      config,
      handler: async (request, reply) => {
        const entity = personalEntities.get(request.params.entity);
        if (!entity) throw notFound(privacyMessages.notPersonal);
        const answer = await personalDataOf(
          ctx.db,
          entity,
          request.params.id,
          actingPrincipal(request).userId,
        );
        // A file for the request's record: the person's data, named by the record.
        reply.header(
          'content-disposition',
          `attachment; filename="personal-data-${entity.name}-${request.params.id}.json"`,
        );
        return answer;
      },
    });
  };
}
