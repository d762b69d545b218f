import {
  type ContactTemplates,
  contactEvents,
  contactPlaceholders,
  contactTemplateApi,
  defaultContactTemplates,
  ROLE_ADMIN,
  unknownPlaceholders,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { readSetting, writeSetting } from '../db/appSetting.ts';
import type { Executor } from '../db/database.ts';
import { typed } from '../http/contract.ts';
import { unprocessable } from '../http/errors.ts';
import type { AuthContext } from '../routes/context.ts';

const KEY = 'contactTemplates';

/** The templates in use: the admin's, else the defaults of `@lms/domain` (per event). */
export async function loadTemplates(db: Executor): Promise<ContactTemplates> {
  return readSetting(db, KEY, defaultContactTemplates);
}

/** The admin edits the Thai message of each event; a placeholder that does not exist is refused. */
export function contactTemplateRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const config = { access: { roles: [ROLE_ADMIN] }, apiKey: 'closed' } as const;
    const tags = ['Customer messages'];
    app.route({
      ...contactTemplateApi.read,
      schema: { ...contactTemplateApi.read.schema, tags },
      config,
      handler: () => loadTemplates(ctx.db),
    });
    app.route({
      ...contactTemplateApi.save,
      schema: { ...contactTemplateApi.save.schema, tags },
      config,
      handler: async (request) => {
        const known = Object.keys(contactPlaceholders)
          .map((name) => `{${name}}`)
          .join(' ');
        const errors = Object.fromEntries(
          contactEvents.flatMap((event) => {
            const unknown = unknownPlaceholders(request.body[event]);
            return unknown.length
              ? [[event, `ไม่รู้จัก ${unknown.map((name) => `{${name}}`).join(' ')} ใช้ได้เฉพาะ ${known}`]]
              : [];
          }),
        );
        if (Object.keys(errors).length) throw unprocessable(errors);
        const templates = Object.fromEntries(contactEvents.map((event) => [event, request.body[event]]));
        await writeSetting(ctx.db, KEY, templates);
        return loadTemplates(ctx.db);
      },
    });
  };
}
