import {
  BULK_MAX_RECORDS,
  type EntityDef,
  entitiesNoApiKeyReaches,
  entitySchemas,
  INTEGRATION_MESSAGES,
  phrase,
  singleNaturalKey,
  UpsertRefusal,
  UpsertReport,
} from '@lms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import { attachLabels } from '../crud/labels.ts';
import { checkRecordQuery, entityBranch } from '../crud/requests.ts';
import type { Database, Tx } from '../db/database.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { findByKeys, keyText } from '../import/existing.ts';
import { filledPersonal, logPersonalData } from '../privacy/personalData.ts';
import type { AuthContext } from '../routes/context.ts';
import { claim, idempotentCall, remember, type StoredAnswer } from './idempotency.ts';
import { type Upserted, upsertRecords } from './upsert.ts';

// Validation is the domain's (Thai messages); the JSON schemas describe the routes for OpenAPI.
const describeOnly = { validatorCompiler: () => (value: unknown) => ({ value }) };
/** 1,000 delivery orders are about 0.5 MB of JSON; room for long texts, and a bound. */
const BULK_BODY_LIMIT = 5 * 1024 * 1024;

/** The entities the integration writes: those with a natural key that CRUD edits, users aside. */
export const integrationEntity = (entity: EntityDef) =>
  singleNaturalKey(entity) !== undefined && !entitiesNoApiKeyReaches.has(entity.name);

/** A call refused as a whole: nothing was written, the answer says which records failed. */
class Refused extends Error {
  constructor(readonly stored: StoredAnswer) {
    super('refused');
  }
}

/** A refused call: 409 when a record conflicts with the data (a booked order), else 422; failed rows only. */
function refusal({ report, conflict }: Upserted, messages: readonly string[], extra: object = {}): Refused {
  const failed = report.rows.filter((r) => r.status === 'failed');
  return new Refused({
    status: conflict ? 409 : 422,
    answer: { messages, ...extra, ...report, created: 0, updated: 0, unchanged: 0, rows: failed },
  });
}

/** A bulk call's query: the branch, and `validOnly=true|false`; anything else is a Thai 400. */
function bulkQuery(entity: EntityDef, request: FastifyRequest): { validOnly: boolean } {
  const { validOnly, ...rest } = request.query as Record<string, unknown>;
  checkRecordQuery(entity, rest);
  if (validOnly !== undefined && validOnly !== 'true' && validOnly !== 'false')
    throw badRequest(INTEGRATION_MESSAGES.validOnlyInvalid);
  return { validOnly: validOnly === 'true' };
}

/**
 * Runs `work` in one transaction, with the call's `Idempotency-Key` claimed in it: a repeated call
 * answers what the first one answered (`Idempotent-Replayed: true`) and writes nothing.
 */
async function once(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  work: (trx: Tx) => Promise<StoredAnswer>,
) {
  const call = idempotentCall(request);
  let stored: StoredAnswer & { replayed?: boolean };
  try {
    stored = await db.transaction().execute(async (trx) => {
      const replay = call && (await claim(trx, call));
      if (replay) return { ...replay, replayed: true };
      const answer = await work(trx);
      if (call) await remember(trx, call, answer);
      return answer;
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    stored = error.stored;
  }
  if (stored.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(stored.status).send(stored.answer);
}

function bulkRecords(body: unknown): unknown[] {
  const records = (body as { records?: unknown } | undefined)?.records;
  if (!Array.isArray(records) || records.length === 0) throw badRequest(INTEGRATION_MESSAGES.noRecords);
  if (records.length > BULK_MAX_RECORDS)
    throw new HttpError(413, [INTEGRATION_MESSAGES.tooManyRecords(BULK_MAX_RECORDS)]);
  return records;
}

/**
 * `PUT /api/{entity}/byKey/{key}` and `POST /api/{entity}/bulk` of one entity, derived from its
 * declaration like the CRUD routes, with the same access rule as an edit (a new record also needs
 * the create right) and the same branch scope.
 */
export function integrationRoutes(entity: EntityDef, ctx: AuthContext) {
  return async (app: FastifyInstance) => {
    const base = `/${entity.name}`;
    const schemas = entitySchemas(entity);
    const config = {
      access: { entity: entity.name, action: 'update' as const },
      // The ERP's own calls: only entities open to keys have them (`integrationEntity`).
      apiKey: 'open' as const,
      branchScoped: entity.branchOwned,
    };
    const tags = [entity.title];
    const keyField = entity.fields.find((f) => f.name === singleNaturalKey(entity))!;

    app.put(
      `${base}/byKey/:key`,
      {
        config,
        schema: {
          tags,
          summary: phrase('เพิ่มหรือแก้ไข', entity.title, 'ตาม', keyField.label),
          params: {
            type: 'object',
            properties: { key: { type: 'string', maxLength: 255 } },
            required: ['key'],
          },
          body: { ...schemas.body, required: [] },
          response: { 200: schemas.record, 201: schemas.record, 409: UpsertRefusal, 422: UpsertRefusal },
        },
        ...describeOnly,
      },
      async (request, reply) => {
        checkRecordQuery(entity, request.query);
        const key = (request.params as { key: string }).key.trim();
        const body = request.body;
        const sent = (body as Record<string, unknown> | undefined)?.[keyField.name];
        if (sent !== undefined && sent !== null && String(sent).trim() !== key)
          throw new HttpError(422, [INTEGRATION_MESSAGES.keyMismatch(keyField.label)], {
            [keyField.name]: INTEGRATION_MESSAGES.keyMismatch(keyField.label),
          });
        const record = typeof body === 'object' && body !== null ? { ...body, [keyField.name]: key } : body;
        return once(ctx.db, request, reply, async (trx) => {
          const upserted = await upsertRecords(trx, entity, [record], {
            branchId: entityBranch(entity, request),
            principal: actingPrincipal(request),
          });
          const [result] = upserted.report.rows;
          if (result!.status === 'failed')
            throw refusal(upserted, [...new Set(Object.values(result!.errors))], { errors: result!.errors });
          const found = await findByKeys(trx, entity, [[key]], entityBranch(entity, request));
          const row = found.get(keyText([key])) as Record<string, unknown>;
          await attachLabels(trx as unknown as Database, entity, [row]);
          // The answer is the record whole (the caller may edit it): a read of its personal data, logged.
          const revealed = filledPersonal(entity, row);
          if (revealed.length > 0)
            await logPersonalData(trx, {
              userId: actingPrincipal(request).userId,
              action: 'read',
              entity,
              recordId: row.id as string,
              fields: revealed,
              detail: { integration: true },
            });
          // Through JSON: what is stored for a replay is exactly what was answered.
          return {
            status: result!.status === 'created' ? 201 : 200,
            answer: JSON.parse(JSON.stringify(row)),
          };
        });
      },
    );

    app.post(
      `${base}/bulk`,
      {
        config,
        bodyLimit: BULK_BODY_LIMIT,
        schema: {
          tags,
          summary: phrase(
            'เพิ่มหรือแก้ไข',
            entity.title,
            `ครั้งละไม่เกิน ${BULK_MAX_RECORDS} รายการ ตาม`,
            keyField.label,
          ),
          querystring: {
            type: 'object',
            properties: {
              ...(entity.branchOwned ? { branchId: { type: 'string', format: 'uuid' } } : {}),
              validOnly: { type: 'string', enum: ['true', 'false'] },
            },
          },
          body: {
            type: 'object',
            properties: { records: { type: 'array', maxItems: BULK_MAX_RECORDS, items: schemas.body } },
            required: ['records'],
          },
          response: { 200: UpsertReport, 409: UpsertRefusal, 413: UpsertRefusal, 422: UpsertRefusal },
        },
        ...describeOnly,
      },
      async (request, reply) => {
        const { validOnly } = bulkQuery(entity, request);
        const records = bulkRecords(request.body);
        return once(ctx.db, request, reply, async (trx) => {
          const upserted = await upsertRecords(trx, entity, records, {
            branchId: entityBranch(entity, request),
            principal: actingPrincipal(request),
            validOnly,
          });
          const { failed } = upserted.report;
          // All or nothing unless validOnly: the transaction rolls back, the answer lists what to fix.
          if (failed && !validOnly) throw refusal(upserted, [INTEGRATION_MESSAGES.bulkRefused(failed)]);
          return { status: 200, answer: upserted.report };
        });
      },
    );
  };
}
