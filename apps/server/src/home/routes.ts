import { bangkokIsoDate, dispatcherHomeApi, homeApi, homeSectionRoles, managerHomeApi } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { actingBranch, actingPrincipal } from '../auth/acting.ts';
import { contractorScopeOf } from '../freight/contractorScope.ts';
import { typed } from '../http/contract.ts';
import type { AuthContext } from '../routes/context.ts';
import { dispatcherHome } from './dispatcher.ts';
import { adminHome, managerHome, masterDataHome, plannerHome } from './summary.ts';

/**
 * The home's sections (docs/web.md "Home"), one route each so that each checks its own roles:
 * a planner is refused the admin's numbers, whatever the page asks for.
 */
export function homeRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    const tags = ['Home'];
    const today = () => bangkokIsoDate(new Date());

    app.route({
      ...managerHomeApi.manager,
      schema: { ...managerHomeApi.manager.schema, tags },
      config: { access: { roles: homeSectionRoles.manager }, apiKey: 'closed', branchScoped: true },
      handler: async (request) => {
        const { roles, userId } = actingPrincipal(request);
        const isContractor = (await contractorScopeOf(ctx.db, userId)) !== null;
        return managerHome(ctx.db, actingBranch(request), today(), { userId, roles, isContractor });
      },
    });

    app.route({
      ...dispatcherHomeApi.dispatcher,
      schema: { ...dispatcherHomeApi.dispatcher.schema, tags },
      config: { access: { roles: homeSectionRoles.dispatcher }, apiKey: 'closed', branchScoped: true },
      handler: async (request) => dispatcherHome(ctx.db, actingBranch(request), today()),
    });

    app.route({
      ...homeApi.planner,
      schema: { ...homeApi.planner.schema, tags },
      config: { access: { roles: homeSectionRoles.planner }, apiKey: 'closed', branchScoped: true },
      handler: async (request) => plannerHome(ctx.db, actingBranch(request), today()),
    });

    app.route({
      ...homeApi.masterData,
      schema: { ...homeApi.masterData.schema, tags },
      config: { access: { roles: homeSectionRoles.masterData }, apiKey: 'closed', branchScoped: true },
      handler: async (request) => masterDataHome(ctx.db, actingBranch(request), today()),
    });

    app.route({
      ...homeApi.admin,
      schema: { ...homeApi.admin.schema, tags },
      config: { access: { roles: homeSectionRoles.admin }, apiKey: 'closed' },
      handler: async () => adminHome(ctx.db, today()),
    });
  };
}
