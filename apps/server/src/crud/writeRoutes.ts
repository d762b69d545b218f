import { type EntityDef, entityApi, phrase, validateRecord } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import { reaches } from '../auth/reach.ts';
import { typed } from '../http/contract.ts';
import { conflict, notFound, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { checkBranchReferences } from './branchReferences.ts';
import { type EntityExtension, writeEffects } from './extensions.ts';
import { changesOf, recordHistory } from './history.ts';
import { referencesTo, translateWriteError } from './pgErrors.ts';
import { deleteRecord, findRecord, type Row, withLabels, writeRecord } from './repository.ts';
import { Checked, checkRecordCall, checkRecordQuery, crudConfig, entityBranch } from './requests.ts';

const STALE = 'ข้อมูลนี้ถูกแก้ไขโดยผู้อื่นแล้ว กรุณาโหลดข้อมูลล่าสุดก่อนบันทึก';
const VERSION_REQUIRED = 'กรุณาระบุ version ของข้อมูลที่แก้ไข';

/** A body as the declaration reads it (422 naming each field), or the version an update needs. */
function recordBody(entity: EntityDef, mode: 'create' | 'update', body: unknown): Row {
  const result = validateRecord(entity, mode, body ?? {});
  if (!result.ok) throw unprocessable(result.errors);
  return result.value;
}

/** Create, update and delete of one entity's records, each with its history and the extension's effects. */
export function writeRoutes(
  fastify: FastifyInstance,
  entity: EntityDef,
  ctx: AuthContext,
  extension: EntityExtension,
) {
  const app = typed(fastify);
  const ops = entityApi(entity);
  const tags = [entity.title];
  const created = new Checked<Row>();
  const updated = new Checked<{ values: Row; version: number }>();

  /** The extension's checks and the references' branch: after the contract's schema, they read the database. */
  async function checkedMore(values: Row, branchId: string | undefined) {
    const extra = (await extension.validate?.(values, ctx)) ?? {};
    if (Object.keys(extra).length) throw unprocessable(extra);
    await checkBranchReferences(ctx.db, entity, values, branchId);
  }

  app.route({
    ...ops.create,
    schema: { ...ops.create.schema, tags },
    config: crudConfig(entity, 'create'),
    preValidation: async (request) => {
      checkRecordQuery(entity, request.query);
      created.keep(request, recordBody(entity, 'create', request.body));
    },
    handler: async (request, reply) => {
      const values = created.of(request);
      const branchId = entityBranch(entity, request);
      await checkedMore(values, branchId);
      const principal = actingPrincipal(request);
      let extra: Row | undefined;
      const id = await ctx.db
        .transaction()
        .execute(async (trx) => {
          const id = (await writeRecord(trx, entity, values, { userId: principal.userId, branchId }))!;
          const after = await findRecord(trx, entity, id, branchId);
          await recordHistory(trx, {
            entity,
            recordId: id,
            action: 'create',
            changes: changesOf('create', undefined, after),
            userId: principal.userId,
          });
          extra = await writeEffects(extension, trx, { action: 'create', id, after, principal }, ctx);
          return id;
        })
        .catch((error) => translateWriteError(entity, error));
      await extension.afterCommit?.({ action: 'create', id }, ctx);
      const row = await withLabels(ctx.db, entity, (await findRecord(ctx.db, entity, id, branchId))!);
      return reply.status(201).send({ ...row, ...extra });
    },
  });

  app.route({
    ...ops.update,
    schema: { ...ops.update.schema, tags },
    config: crudConfig(entity, 'update'),
    preValidation: async (request) => {
      await checkRecordCall(entity)(request);
      const version = (request.body as { version?: unknown } | undefined)?.version;
      if (!Number.isInteger(version)) throw unprocessable({ version: VERSION_REQUIRED });
      updated.keep(request, {
        values: recordBody(entity, 'update', request.body),
        version: version as number,
      });
    },
    handler: async (request) => {
      const { id } = request.params;
      const { values, version } = updated.of(request);
      const branchId = entityBranch(entity, request);
      await checkedMore(values, branchId);
      const principal = actingPrincipal(request);
      await ctx.db
        .transaction()
        .execute(async (trx) => {
          const before = await findRecord(trx, entity, id, branchId, true);
          if (!before || !reaches(entity, principal, id)) throw notFound();
          if (before.version !== version) throw conflict(STALE);
          await writeRecord(trx, entity, values, { userId: principal.userId }, { id, version });
          const after = await findRecord(trx, entity, id, branchId);
          await recordHistory(trx, {
            entity,
            recordId: id,
            action: 'update',
            changes: changesOf('update', before, after),
            userId: principal.userId,
          });
          await writeEffects(extension, trx, { action: 'update', id, before, after, principal }, ctx);
        })
        .catch((error) => translateWriteError(entity, error));
      await extension.afterCommit?.({ action: 'update', id }, ctx);
      return withLabels(ctx.db, entity, (await findRecord(ctx.db, entity, id, branchId))!);
    },
  });

  app.route({
    ...ops.remove,
    schema: { ...ops.remove.schema, tags },
    config: crudConfig(entity, 'delete'),
    preValidation: checkRecordCall(entity),
    handler: async (request, reply) => {
      const { id } = request.params;
      const branchId = entityBranch(entity, request);
      const principal = actingPrincipal(request);
      if (!(await findRecord(ctx.db, entity, id, branchId)) || !reaches(entity, principal, id))
        throw notFound();
      const referrers = await referencesTo(ctx.db, entity, id);
      if (referrers.length)
        throw conflict(phrase('ลบไม่ได้ เพราะยังมีข้อมูล', referrers.join(', '), 'อ้างถึงรายการนี้'));
      await ctx.db
        .transaction()
        .execute(async (trx) => {
          const before = await findRecord(trx, entity, id, branchId, true);
          if (!before) throw notFound();
          await writeEffects(extension, trx, { action: 'delete', id, before, principal }, ctx);
          await deleteRecord(trx, entity, id);
          await recordHistory(trx, {
            entity,
            recordId: id,
            action: 'delete',
            changes: changesOf('delete', before),
            userId: principal.userId,
          });
        })
        .catch((error) => translateWriteError(entity, error));
      await extension.afterCommit?.({ action: 'delete', id }, ctx);
      return reply.status(204).send(null);
    },
  });
}
