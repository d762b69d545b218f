import {
  ACCESS_LOG_PAGE_SIZE,
  type AccessLogEntry,
  type AccessLogQuery,
  type EntityDef,
  entities,
  type FieldDef,
  featureRoles,
  type PersonalDataExport,
  privacyApi,
  privacyMessages,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { LabelRequest, labelOf } from '../crud/labels.ts';
import { findRecord, type Row } from '../crud/repository.ts';
import type { Database } from '../db/database.ts';
import { tableOf } from '../entities/naming.ts';
import { typed } from '../http/contract.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { logPersonalData, personalFields } from './personalData.ts';

/** The entities that hold personal data: the only ones the log and the export speak of. */
const personalEntities = new Map<string, EntityDef>(
  entities.filter((e) => personalFields(e).length > 0).map((e) => [e.name, e]),
);

/** Bangkok midnight of a day (the log's `from`/`to` are days as a Thai user means them). */
const bangkokStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Asia/Bangkok')`;

/** The access log lines that match, newest first, with who and which record in words. */
async function accessLog(db: Database, where: RawBuilder<unknown>[], page: number) {
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const { rows } = await sql<Omit<AccessLogEntry, 'recordLabel'> & { total: string }>`
    select a.id::text as id, a.at, a.user_id as "userId", a.action, a.entity, a.record_id as "recordId", a.fields,
           a.detail, count(*) over () as total,
           case when u.id is not null then concat_ws(': ', u.username, u.full_name)
                when k.id is not null then concat('คีย์ API: ', k.name) end as "userLabel"
      from personal_data_access a
      left join app_user u on u.id = a.user_id
      left join api_key k on k.id = a.user_id
      ${condition}
     order by a.at desc, a.id desc
     limit ${ACCESS_LOG_PAGE_SIZE} offset ${page * ACCESS_LOG_PAGE_SIZE}`.execute(db);
  // The records' labels (code: name), one query for every entity named on the page.
  const labels = new LabelRequest();
  // The log keeps entity names as text: only a personal-data entity's records are looked up.
  const refTo = (entity: string): FieldDef | undefined => {
    const target = personalEntities.get(entity);
    return target && { name: 'recordId', type: 'ref', label: '', ref: target.name };
  };
  for (const row of rows) {
    const field = refTo(row.entity);
    if (row.recordId && field) labels.add(field, row.recordId);
  }
  const index = await labels.read(db);
  const items: AccessLogEntry[] = rows.map(({ total: _, ...row }) => {
    const field = refTo(row.entity);
    const label = row.recordId && field ? labelOf(index, field, row.recordId) : undefined;
    return { ...row, recordLabel: typeof label === 'string' ? label : null };
  });
  return { items, total: Number(rows[0]?.total ?? 0) };
}

function conditionsOf(query: AccessLogQuery): RawBuilder<unknown>[] {
  if (query.from && query.to && query.from > query.to) throw badRequest(privacyMessages.badRange);
  return [
    query.entity !== undefined && sql`a.entity = ${query.entity}`,
    query.recordId !== undefined && sql`a.record_id = ${query.recordId}`,
    query.userId !== undefined && sql`a.user_id = ${query.userId}`,
    query.action !== undefined && sql`a.action = ${query.action}`,
    query.from !== undefined && sql`a.at >= ${bangkokStart(query.from)}`,
    query.to !== undefined && sql`a.at < ${bangkokStart(query.to)} + interval '1 day'`,
  ].filter((c): c is RawBuilder<unknown> => c !== false);
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
  // A branch's record (a driver) is the administrator's whatever its branch.
  const { rows: owner } = entity.branchOwned
    ? await sql<{
        branch_id: string;
      }>`select branch_id from ${sql.table(tableOf(entity))} where id = ${id}`.execute(db)
    : { rows: [] };
  const record = await findRecord(db, entity, id, owner[0]?.branch_id);
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
  const { rows: history } = await sql<{ at: Date; action: string; changes: Row }>`
    select h.at, h.action, h.changes from history h
     where h.entity = ${entity.name} and h.record_id = ${id} and h.changes ?| ${fields}::text[]
     order by h.at, h.id`.execute(db);
  const { rows: messages } =
    entity.name === 'shipTo'
      ? await sql<PersonalDataExport['messages'][number]>`
          select m.created_at as "createdAt", b.doc_no as "bookingDocNo", m.event, m.channel, m.recipient, m.body,
                 m.status, m.sent_at as "sentAt"
            from contact_message m join booking_report b on b.id = m.booking_id
           where b.ship_to_id = ${id} order by m.created_at, m.id`.execute(db)
      : { rows: [] };
  const log = await accessLog(db, [sql`a.entity = ${entity.name}`, sql`a.record_id = ${id}`], 0);
  return {
    entity: entity.name,
    recordId: id,
    exportedAt: new Date().toISOString(),
    record,
    // Only what a history entry says of the personal fields: the rest is not about the person's contact.
    history: history.map((h) => ({
      at: h.at.toISOString(),
      action: h.action,
      changes: Object.fromEntries(fields.filter((f) => f in h.changes).map((f) => [f, h.changes[f]])),
    })),
    messages,
    accessLog: log.items,
  };
}

/** The administrator's PDPA calls: the access log and one person's data. */
export function privacyRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const config = { access: { roles: featureRoles.personalDataAccess.read } } as const;
    const tags = ['PDPA'];
    app.route({
      ...privacyApi.accessLog,
      schema: { ...privacyApi.accessLog.schema, tags },
      config,
      handler: async (request) => accessLog(ctx.db, conditionsOf(request.query), request.query.page ?? 0),
    });
    app.route({
      ...privacyApi.personalData,
      schema: { ...privacyApi.personalData.schema, tags },
      config,
      handler: async (request, reply) => {
        const entity = personalEntities.get(request.params.entity);
        if (!entity) throw notFound(privacyMessages.notPersonal);
        const answer = await personalDataOf(ctx.db, entity, request.params.id, request.principal!.userId);
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
