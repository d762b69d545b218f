import { apiKeyReaches, type EntityDef, entityApi, phrase, type RawQuery, validateRecord } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import { reaches, withinReach } from '../auth/reach.ts';
import { conflict, notFound, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { checkBranchReferences } from './branchReferences.ts';
import { bulkActionRoute } from './bulk.ts';
import { sendExcel } from './export.ts';
import { type EntityExtension, writeEffects } from './extensions.ts';
import { changesOf, historyOf, recordHistory } from './history.ts';
import { recordOptions } from './options.ts';
import { referencesTo, translateWriteError } from './pgErrors.ts';
import { noMask, type RecordMask } from './recordMask.ts';
import {
  deleteRecord,
  findLabelledRecord,
  findRecord,
  listRecords,
  streamRecords,
  withLabels,
  writeRecord,
} from './repository.ts';
import { checkRecordQuery, entityBranch, idParam, listQuery, pageRequest } from './requests.ts';

const STALE = 'ข้อมูลนี้ถูกแก้ไขโดยผู้อื่นแล้ว กรุณาโหลดข้อมูลล่าสุดก่อนบันทึก';
const VERSION_REQUIRED = 'กรุณาระบุ version ของข้อมูลที่แก้ไข';

// Validation is the domain's (Thai messages); the JSON schemas describe the routes for OpenAPI.
const describeOnly = { validatorCompiler: () => (value: unknown) => ({ value }) };

/** What features add to an entity's CRUD routes (app.ts wires them). */
export interface EntityRoutesPlug {
  /** The entity's own behaviour (users, permission groups…). */
  readonly extension?: EntityExtension;
  /** What every record goes out through (privacy's personal data). */
  readonly mask?: RecordMask;
}

/** The CRUD routes of one entity, derived from its declaration (api.md). */
export function entityRoutes(entity: EntityDef, ctx: AuthContext, plug: EntityRoutesPlug = {}) {
  const { extension = {}, mask = noMask } = plug;
  return async (app: FastifyInstance) => {
    const ops = entityApi(entity);
    const branchScoped = entity.branchOwned;
    const access = (action: 'read' | 'create' | 'update' | 'delete' | 'export') => ({
      access: { entity: entity.name, action },
      // A spreadsheet export is a person's tool; the ERP reads pages (docs/integration.md).
      apiKey: action !== 'export' && apiKeyReaches(entity, action) ? ('open' as const) : ('closed' as const),
      branchScoped,
    });
    const tags = [entity.title];

    app.get(
      ops.list.url,
      {
        config: access('read'),
        schema: { ...ops.list.schema, tags },
        ...describeOnly,
      },
      async (request) => {
        const { query, countTotal } = pageRequest(entity, request.query as RawQuery);
        const scoped = withinReach(entity, actingPrincipal(request), query);
        const page = await listRecords(ctx.db, entity, scoped, entityBranch(entity, request), countTotal);
        mask.list(entity, page.items);
        return page;
      },
    );

    app.get(
      ops.options.url,
      {
        config: access('read'),
        schema: { ...ops.options.schema, tags },
        ...describeOnly,
      },
      async (request) =>
        recordOptions(
          ctx.db,
          entity,
          withinReach(entity, actingPrincipal(request), listQuery(entity, request)),
          entityBranch(entity, request),
        ),
    );

    app.get(
      ops.export.url,
      {
        config: access('export'),
        schema: { ...ops.export.schema, tags },
        ...describeOnly,
      },
      async (request, reply) => {
        const query = { ...listQuery(entity, request), page: 0 };
        const rows = streamRecords(ctx.db, entity, query, entityBranch(entity, request));
        return sendExcel(
          reply,
          entity,
          await mask.export(ctx.db, entity, actingPrincipal(request), query.filters, rows),
        );
      },
    );

    app.get(
      ops.get.url,
      {
        config: access('read'),
        schema: { ...ops.get.schema, tags },
        ...describeOnly,
      },
      async (request) => {
        checkRecordQuery(entity, request);
        const id = idParam(request);
        const row = await findLabelledRecord(ctx.db, entity, id, entityBranch(entity, request));
        if (!row || !reaches(entity, actingPrincipal(request), id)) throw notFound();
        await mask.read(ctx.db, entity, actingPrincipal(request), row);
        return row;
      },
    );

    app.get(
      ops.history.url,
      {
        config: access('read'),
        schema: { ...ops.history.schema, tags },
        ...describeOnly,
      },
      async (request) => {
        checkRecordQuery(entity, request);
        const id = idParam(request);
        if (
          !(await findRecord(ctx.db, entity, id, entityBranch(entity, request))) ||
          !reaches(entity, actingPrincipal(request), id)
        )
          throw notFound();
        return mask.history(
          ctx.db,
          entity,
          actingPrincipal(request),
          id,
          await historyOf(ctx.db, entity, id),
        );
      },
    );

    if (entity.readOnlyEntity) return;

    async function validBody(body: unknown, mode: 'create' | 'update', branchId: string | undefined) {
      const result = validateRecord(entity, mode, body ?? {});
      if (!result.ok) throw unprocessable(result.errors);
      const extra = (await extension.validate?.(result.value, ctx)) ?? {};
      if (Object.keys(extra).length) throw unprocessable(extra);
      await checkBranchReferences(ctx.db, entity, result.value, branchId);
      return result.value;
    }

    app.post(
      ops.create.url,
      {
        config: access('create'),
        schema: { ...ops.create.schema, tags },
        ...describeOnly,
      },
      async (request, reply) => {
        checkRecordQuery(entity, request);
        const values = await validBody(request.body, 'create', entityBranch(entity, request));
        const principal = actingPrincipal(request);
        let extra: Record<string, unknown> | undefined;
        const id = await ctx.db
          .transaction()
          .execute(async (trx) => {
            const created = (await writeRecord(trx, entity, values, {
              userId: principal.userId,
              branchId: entityBranch(entity, request),
            }))!;
            const after = await findRecord(trx, entity, created, entityBranch(entity, request));
            await recordHistory(trx, {
              entity,
              recordId: created,
              action: 'create',
              changes: changesOf('create', undefined, after),
              userId: principal.userId,
            });
            extra = await writeEffects(
              extension,
              trx,
              { action: 'create', id: created, after, principal },
              ctx,
            );
            return created;
          })
          .catch((error) => translateWriteError(entity, error));
        await extension.afterCommit?.({ action: 'create', id }, ctx);
        const row = await withLabels(
          ctx.db,
          entity,
          (await findRecord(ctx.db, entity, id, entityBranch(entity, request)))!,
        );
        return reply.status(201).send({ ...row, ...extra });
      },
    );

    app.put(
      ops.update.url,
      {
        config: access('update'),
        schema: { ...ops.update.schema, tags },
        ...describeOnly,
      },
      async (request) => {
        checkRecordQuery(entity, request);
        const id = idParam(request);
        const version = (request.body as { version?: unknown } | undefined)?.version;
        if (!Number.isInteger(version)) throw unprocessable({ version: VERSION_REQUIRED });
        const values = await validBody(request.body, 'update', entityBranch(entity, request));
        const principal = actingPrincipal(request);
        await ctx.db
          .transaction()
          .execute(async (trx) => {
            const before = await findRecord(trx, entity, id, entityBranch(entity, request), true);
            if (!before || !reaches(entity, principal, id)) throw notFound();
            if (before.version !== version) throw conflict(STALE);
            await writeRecord(
              trx,
              entity,
              values,
              { userId: principal.userId },
              { id, version: version as number },
            );
            const after = await findRecord(trx, entity, id, entityBranch(entity, request));
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
        return withLabels(
          ctx.db,
          entity,
          (await findRecord(ctx.db, entity, id, entityBranch(entity, request)))!,
        );
      },
    );

    app.delete(
      ops.remove.url,
      {
        config: access('delete'),
        schema: { ...ops.remove.schema, tags },
        ...describeOnly,
      },
      async (request, reply) => {
        checkRecordQuery(entity, request);
        const id = idParam(request);
        const principal = actingPrincipal(request);
        if (
          !(await findRecord(ctx.db, entity, id, entityBranch(entity, request))) ||
          !reaches(entity, principal, id)
        )
          throw notFound();
        const referrers = await referencesTo(ctx.db, entity, id);
        if (referrers.length)
          throw conflict(phrase('ลบไม่ได้ เพราะยังมีข้อมูล', referrers.join(', '), 'อ้างถึงรายการนี้'));
        await ctx.db
          .transaction()
          .execute(async (trx) => {
            const before = await findRecord(trx, entity, id, entityBranch(entity, request), true);
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
        return reply.status(204).send();
      },
    );

    bulkActionRoute(app, entity, ctx, extension);
    extension.routes?.(app, entity, ctx);
  };
}
