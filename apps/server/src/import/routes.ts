import { can, type EntityDef, entities, type ImportQuery, importApi, isImportable } from '@lms/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import type { EntityExtension } from '../crud/extensions.ts';
import { entityBranch } from '../crud/requests.ts';
import { hasGenericRoutes } from '../entities/naming.ts';
import { cleanFileName } from '../files/names.ts';
import { typed } from '../http/contract.ts';
import { HttpError } from '../http/errors.ts';
import { receiveParts, registerMultipart } from '../http/multipart.ts';
import type { AuthContext } from '../routes/context.ts';
import { MAX_IMPORT_BYTES, readMessages } from './bounds.ts';
import { recordsFromSheet } from './columns.ts';
import { importRecords } from './importRecords.ts';
import { readImportJob, readImportJobRows, startImportJob } from './jobs.ts';
import type { ImportOptions } from './options.ts';
import { readSheet } from './read.ts';
import { ImportSlots } from './slots.ts';
import { importTemplate } from './template.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NO_FILE = 'กรุณาเลือกไฟล์ที่จะนำเข้า';
/** One workbook per call. */
const IMPORT_BOUNDS = { files: 1, fileSize: MAX_IMPORT_BYTES } as const;

/** Entities an import may write: importable ones the generic CRUD serves. */
export const importableEntities = (): EntityDef[] =>
  entities.filter((e) => isImportable(e) && hasGenericRoutes(e));

/** The one `file` part of the call, whole (at most 20 MB). */
async function receiveFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  for await (const part of receiveParts(request, {
    field: 'file',
    ...IMPORT_BOUNDS,
    tooLarge: () => new HttpError(413, [readMessages.tooLarge]),
  }))
    return { name: cleanFileName(part.filename), bytes: part.bytes };
  throw new HttpError(400, [NO_FILE]);
}

function sendXlsx(reply: FastifyReply, entity: EntityDef, bytes: Buffer) {
  const name = encodeURIComponent(`${entity.title} (แม่แบบนำเข้า).xlsx`);
  return reply
    .type(XLSX)
    .header(
      'Content-Disposition',
      `attachment; filename="${entity.name}-template.xlsx"; filename*=UTF-8''${name}`,
    )
    .send(bytes);
}

/**
 * `GET {entity}/import/template` and `POST {entity}/import` for every entity the generic CRUD
 * edits (docs/import.md). The same role and branch checks as create and update.
 */
export function importRoutes(ctx: AuthContext, extensions: Readonly<Record<string, EntityExtension>>) {
  return async (fastify: FastifyInstance) => {
    await registerMultipart(fastify, IMPORT_BOUNDS);
    const app = typed(fastify);
    const slots = new ImportSlots();
    for (const entity of importableEntities()) {
      const api = importApi(entity.name);
      const config = (action: 'create' | 'read') => ({
        access: { entity: entity.name, action },
        // Sheets are people's; the ERP sends JSON to byKey and bulk.
        apiKey: 'closed' as const,
        branchScoped: entity.branchOwned,
      });
      const tags = [entity.title];
      const reader = (request: FastifyRequest) => ({
        userId: actingPrincipal(request).userId,
        branchId: entityBranch(entity, request),
      });

      app.route({
        ...api.template,
        schema: { ...api.template.schema, tags },
        config: config('read'),
        handler: async (request, reply) =>
          sendXlsx(reply, entity, await importTemplate(ctx.db, entity, entityBranch(entity, request))),
      });

      /** The checks of an import call (an upsert changes records: the update right too) and its options. */
      const importOptions = (
        request: FastifyRequest & { query: ImportQuery },
      ): Omit<ImportOptions, 'source'> => {
        const principal = actingPrincipal(request);
        const mode = request.query.mode ?? 'upsert';
        const update = can(principal.roles, entity.name, 'update');
        if (mode === 'upsert' && !update.can) throw new HttpError(403, [update.reason ?? 'คุณไม่มีสิทธิ์แก้ไขข้อมูล']);
        return {
          mode,
          dryRun: request.query.dryRun !== 'false',
          validOnly: request.query.validOnly === 'true',
          branchId: entityBranch(entity, request),
          principal,
          extension: extensions[entity.name],
          ctx,
        };
      };

      app.route({
        ...api.run,
        schema: { ...api.run.schema, tags },
        config: config('create'),
        handler: async (request) => {
          const options = importOptions(request);
          const file = await receiveFile(request);
          const free = slots.take(options.principal.userId);
          try {
            const records = recordsFromSheet(entity, await readSheet(file.bytes, file.name));
            return await importRecords(ctx.db, entity, records, {
              ...options,
              source: `import: ${file.name}`,
            });
          } finally {
            free();
          }
        },
      });

      app.route({
        ...api.start,
        schema: { ...api.start.schema, tags },
        config: config('create'),
        handler: async (request, reply) => {
          const options = importOptions(request);
          const file = await receiveFile(request);
          const free = slots.take(options.principal.userId);
          const job = await startImportJob(ctx.db, entity, file, options, {
            logError: (error) => request.log.error({ err: error }, 'import job failed'),
            free,
          });
          return reply.code(201).send(job);
        },
      });

      app.route({
        ...api.job,
        schema: { ...api.job.schema, tags },
        config: config('create'),
        handler: async (request) => readImportJob(ctx.db, entity, request.params.id, reader(request)),
      });

      app.route({
        ...api.rows,
        schema: { ...api.rows.schema, tags },
        config: config('create'),
        handler: async (request) =>
          readImportJobRows(ctx.db, entity, request.params.id, reader(request), request.query),
      });
    }
  };
}
