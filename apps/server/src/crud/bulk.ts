import {
  type BulkActionAnswer,
  type BulkActionBody,
  type BulkRefusal,
  bulkEditableFields,
  bulkText,
  can,
  type EntityDef,
  entityApi,
  type FieldDef,
  LIMITS,
  type RawQuery,
  recordLabel,
  validateFieldValue,
  validateListQuery,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { actingPrincipal } from '../auth/acting.ts';
import type { Principal } from '../auth/principal.ts';
import type { Tx } from '../db/database.ts';
import { typed } from '../http/contract.ts';
import { badRequest, forbidden, HttpError, unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';
import { type EntityExtension, hasWriteEffects, writeEffects } from './extensions.ts';
import { changesOf, recordHistories } from './history.ts';
import { referencesAmong, translateWriteError } from './pgErrors.ts';
import {
  attachLinksAndChildren,
  deleteRecords,
  findRecord,
  lockRecords,
  matchingIds,
  type Row,
  setColumn,
} from './repository.ts';
import { checkRecordQuery, entityBranch } from './requests.ts';

const tooMany = () => new HttpError(413, [bulkText.tooMany]);

type Body = BulkActionBody;
type Selected = { ids: string[]; versions: Map<string, number> };

/** The ids a body picks: its rows, or every row the list's parameters match (the list's own WHERE). */
async function selectedRows(
  entity: EntityDef,
  ctx: AuthContext,
  body: Body,
  branchId: string | undefined,
): Promise<Selected> {
  const max = LIMITS.bulkActionMaxRows;
  const { rows, filter } = body.selection;
  if ((rows === undefined) === (filter === undefined)) throw badRequest(bulkText.selectionShape);
  if (rows) {
    if (rows.length > max) throw tooMany();
    const versions = new Map<string, number>();
    for (const row of rows) if (row.version !== undefined) versions.set(row.id, row.version);
    return { ids: [...new Set(rows.map((row) => row.id))], versions };
  }
  // The acting branch is the checked one of the request, never one named in the filter.
  const { branchId: _branch, page: _page, size: _size, ...params } = filter as RawQuery;
  const query = validateListQuery(entity, entity.branchOwned ? { ...params, branchId } : params);
  if (!query.ok) throw new HttpError(400, query.messages);
  const ids = await matchingIds(ctx.db, entity, query.value, branchId, max + 1);
  if (ids.length > max) throw tooMany();
  return { ids, versions: new Map() };
}

/** The field and value of a "set", checked once for every row: a bulk-editable field, a valid value. */
function fieldToSet(entity: EntityDef, body: Body): { field: FieldDef; value: unknown } | null {
  if (body.action !== 'set') return null;
  const field = entity.fields.find((f) => f.name === body.field);
  if (!field) throw unprocessable({ field: bulkText.unknownField(body.field ?? '') });
  if (!bulkEditableFields(entity).includes(field))
    throw unprocessable({ [field.name]: bulkText.notBulkEditable(field.label) });
  const checked = validateFieldValue(entity, field.name, body.value);
  if (!checked.ok) throw unprocessable(checked.errors);
  return { field, value: checked.value };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * `POST {entity}/bulkAction` (docs/entity-pages.md "Bulk actions"): delete the selected rows, or
 * set one bulk-editable field on them, in one transaction. Rows that may not be touched — gone
 * (another branch's too: reported exactly as an unknown id), changed since the screen read them,
 * still referred to, refused by the entity's own rule — are left alone and reported with their Thai
 * reasons; the others are written, each with its history entry. A database failure rolls the whole
 * action back.
 */
export function bulkActionRoute(
  app: FastifyInstance,
  entity: EntityDef,
  ctx: AuthContext,
  extension: EntityExtension,
) {
  const operation = entityApi(entity).bulkAction;
  typed(app).route({
    ...operation,
    schema: { ...operation.schema, tags: [entity.title] },
    // Declared as an edit; a delete also needs the delete right (checked below, per action).
    config: {
      access: { entity: entity.name, action: 'update' },
      // A list screen's selection tool; the ERP writes by key (docs/integration.md).
      apiKey: 'closed',
      branchScoped: entity.branchOwned,
    },
    handler: async (request): Promise<BulkActionAnswer> => {
      checkRecordQuery(entity, request.query);
      const body = request.body;
      const principal = actingPrincipal(request);
      if (body.action === 'delete') {
        const right = can(principal.roles, entity, 'delete');
        if (!right.can) throw forbidden(right.reason);
      }
      const set = fieldToSet(entity, body);
      const selected = await selectedRows(entity, ctx, body, entityBranch(entity, request));
      const refused = new Map<string, BulkRefusal>();
      const refuse = (id: string, row: Row | undefined, reasons: readonly string[]) => {
        const label = row ? recordLabel(entity, row) : id;
        const known = refused.get(id);
        refused.set(id, { id, label, reasons: [...(known?.reasons ?? []), ...reasons] });
      };
      const done = await ctx.db
        .transaction()
        .execute(async (trx) => {
          const rows = await lockRecords(trx, entity, selected.ids, entityBranch(entity, request));
          const found = new Map(rows.map((row) => [row.id as string, row]));
          for (const id of selected.ids) if (!found.has(id)) refuse(id, undefined, [bulkText.gone]);
          for (const row of rows) {
            const id = row.id as string;
            const version = selected.versions.get(id);
            if (version !== undefined && version !== row.version) refuse(id, row, [bulkText.stale]);
          }
          let accepted = rows.filter((row) => !refused.has(row.id as string));
          if (body.action === 'delete') {
            const referenced = await referencesAmong(
              trx,
              entity,
              accepted.map((row) => row.id as string),
            );
            for (const [id, titles] of referenced) refuse(id, found.get(id), [bulkText.referenced(titles)]);
            accepted = accepted.filter((row) => !refused.has(row.id as string));
          }
          // A deleted row's history keeps its links and children; an entity's rule reads them too.
          await attachLinksAndChildren(trx, entity, accepted);
          // A row that already has the value is left as it is: no new version, no history entry.
          const toWrite = set ? accepted.filter((row) => !same(row[set.field.name], set.value)) : accepted;
          const written = await writeRows(
            trx,
            entity,
            toWrite,
            body.action,
            set,
            principal,
            extension,
            ctx,
            refuse,
          );
          const entries = await historyEntries(
            trx,
            entity,
            written,
            body.action,
            entityBranch(entity, request),
          );
          await recordHistories(trx, entity, entries, {
            userId: principal.userId,
            source: bulkText.historySource,
          });
          return { count: accepted.length - (toWrite.length - written.length), written };
        })
        .catch((error) => translateWriteError(entity, error));
      for (const row of done.written)
        extension.afterCommit?.(
          { action: body.action === 'delete' ? 'delete' : 'update', id: row.id as string },
          ctx,
        );
      return {
        action: body.action,
        selected: selected.ids.length,
        done: done.count,
        refused: [...refused.values()],
      };
    },
  });
}

/**
 * Writes the accepted rows: in one statement when the entity adds no rule of its own, else row by
 * row, each under a savepoint so that a row its rule refuses (a 403 for a user one may not manage)
 * is reported and the others still go through. Answers the rows written.
 */
async function writeRows(
  trx: Tx,
  entity: EntityDef,
  rows: readonly Row[],
  action: 'delete' | 'set',
  set: { field: FieldDef; value: unknown } | null,
  principal: Principal,
  extension: EntityExtension,
  ctx: AuthContext,
  refuse: (id: string, row: Row, reasons: readonly string[]) => void,
): Promise<Row[]> {
  const write = (ids: string[]) =>
    action === 'delete'
      ? deleteRecords(trx, entity, ids)
      : setColumn(trx, entity, set!.field, set!.value, ids, principal.userId);
  if (rows.length === 0) return [];
  if (!hasWriteEffects(extension)) {
    await write(rows.map((row) => row.id as string));
    return [...rows];
  }
  const written: Row[] = [];
  for (const before of rows) {
    const id = before.id as string;
    await sql`savepoint bulk_row`.execute(trx);
    try {
      if (action === 'delete')
        await writeEffects(extension, trx, { action: 'delete', id, before, principal }, ctx);
      await write([id]);
      if (action === 'set') {
        const after = await findRecord(trx, entity, id);
        await writeEffects(extension, trx, { action: 'update', id, before, after, principal }, ctx);
      }
      await sql`release savepoint bulk_row`.execute(trx);
      written.push(before);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      await sql`rollback to savepoint bulk_row`.execute(trx);
      refuse(id, before, error.messages);
    }
  }
  return written;
}

/** One history entry per written row: its fields on delete, `{ from, to }` of what changed on set. */
async function historyEntries(
  trx: Tx,
  entity: EntityDef,
  written: readonly Row[],
  action: 'delete' | 'set',
  branchId: string | undefined,
) {
  if (action === 'delete')
    return written.map((before) => ({
      recordId: before.id as string,
      action: 'delete' as const,
      changes: changesOf('delete', before),
    }));
  const after = new Map(
    (
      await lockRecords(
        trx,
        entity,
        written.map((row) => row.id as string),
        branchId,
      )
    ).map((row) => [row.id, row]),
  );
  return written.map((before) => ({
    recordId: before.id as string,
    action: 'update' as const,
    changes: changesOf('update', before, after.get(before.id)),
  }));
}
