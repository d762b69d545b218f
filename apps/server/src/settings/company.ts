import {
  type CompanySettings,
  companySettingsApi,
  companySettingsMessages,
  defaultCompanySettings,
  featureRoles,
} from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { readSetting, writeSetting } from '../db/appSetting.ts';
import type { Executor } from '../db/database.ts';
import { typed } from '../http/contract.ts';
import type { AuthContext } from '../routes/context.ts';

/** Where the company's settings are kept: one row of `app_setting`, beside the message templates. */
const KEY = 'companySettings';

/** The settings in force: the administrator's, else the defaults of `@lms/domain` (พ.ศ.). */
export const loadCompanySettings = (db: Executor): Promise<CompanySettings> =>
  readSetting(db, KEY, defaultCompanySettings);

/**
 * The company's settings (docs/documents.md "Dates"): what every branch's paper and customer
 * messages share. Read by anyone signed in, saved by an administrator; closed to API keys.
 */
export function companySettingsRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const tags = ['Company settings'];
    app.route({
      ...companySettingsApi.read,
      schema: { ...companySettingsApi.read.schema, tags },
      config: { access: { signedIn: true }, apiKey: 'closed' },
      handler: () => loadCompanySettings(ctx.db),
    });
    app.route({
      ...companySettingsApi.save,
      schema: { ...companySettingsApi.save.schema, tags },
      config: {
        access: { roles: featureRoles.companySettings.edit, refusal: companySettingsMessages.adminOnly },
        apiKey: 'closed',
      },
      handler: async (request) => {
        const settings: CompanySettings = { buddhistEra: request.body.buddhistEra };
        await writeSetting(ctx.db, KEY, settings);
        return loadCompanySettings(ctx.db);
      },
    });
  };
}
