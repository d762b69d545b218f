import {
  can,
  type EntityAction,
  type EntityName,
  entities,
  entityByName,
  prefixEditRoles,
  prefixReadRoles,
  ROLE_ADMIN,
  readRoleOf,
} from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/auth/access.ts';
import { tableOf } from '../src/entities/naming.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const tokens: Record<string, string> = {};
const roles: Record<string, string[]> = {};
let branchA = '';
const SOME_ID = '00000000-0000-4000-8000-000000000001';

const rolesOf = (kind: 'read' | 'edit') =>
  [
    ...new Set(
      entities.flatMap((e) =>
        e.permission ? (kind === 'read' ? prefixReadRoles(e.permission) : prefixEditRoles(e.permission)) : [],
      ),
    ),
  ].filter(
    (role) => role !== ROLE_ADMIN && (kind === 'edit' ? role.endsWith('_EDIT') : role.endsWith('_READ')),
  );

beforeAll(async () => {
  branchA = await createBranch(server.db, 'A01', 'สาขา A');
  const branchB = await createBranch(server.db, 'B01', 'สาขา B');
  const users = {
    noRole: await createUser(server.db, { branchIds: [branchA] }),
    unrelated: await createUser(server.db, { roles: [readRoleOf('DO_BOOKING')], branchIds: [branchA] }),
    reader: await createUser(server.db, { roles: rolesOf('read'), branchIds: [branchA] }),
    editor: await createUser(server.db, { roles: rolesOf('edit'), branchIds: [branchA] }),
    admin: await createUser(server.db, { roles: [ROLE_ADMIN] }),
    otherBranch: await createUser(server.db, { roles: rolesOf('edit'), branchIds: [branchB] }),
  };
  for (const [name, user] of Object.entries(users)) tokens[name] = await signIn(server.api, user);
  Object.assign(roles, {
    noRole: [],
    unrelated: [readRoleOf('DO_BOOKING')],
    reader: rolesOf('read'),
    editor: rolesOf('edit'),
    admin: [ROLE_ADMIN],
  });
});

type Who = 'none' | keyof typeof tokens;

function request(route: RegisteredRoute, who: Who) {
  const path = route.url.replace(/^\/api/, '').replace(':id', SOME_ID);
  const query = route.branchScoped ? `?branchId=${branchA}` : '';
  const body = route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
  return call(server.api, route.method, `${path}${query}`, {
    token: who === 'none' ? undefined : tokens[who],
    body,
  });
}

/** Row count and version sum of the entity's table, and the history length: any write moves one. */
async function fingerprint(entityName: EntityName) {
  const { rows } = await sql<{ n: number; v: number; h: number }>`
    select (select count(*)::int from ${sql.table(tableOf(entityByName(entityName)))}) as n,
           (select coalesce(sum(version), 0)::int from ${sql.table(tableOf(entityByName(entityName)))}) as v,
           (select count(*)::int from history) as h`.execute(server.db);
  return rows[0];
}

describe('access matrix: every API route × who is calling', () => {
  it('covers every registered route, each with a declared rule', () => {
    expect(server.app.apiRoutes.length).toBeGreaterThan(entities.length * 5);
    for (const route of server.app.apiRoutes)
      expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('refuses without a token (401), except public routes', async () => {
    for (const route of server.app.apiRoutes.filter((r) => !('public' in r.access))) {
      const response = await request(route, 'none');
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
    }
  });

  // The server must enforce exactly the domain's policy (which the domain tests against spec §6).
  // One test per entity: each stays well inside the time limit on a loaded machine.
  describe('applies each entity route’s role rule for no role, an unrelated role, read, edit and admin', () => {
    let refusedWrites = 0;
    for (const entity of entities) {
      it(entity.name, async () => {
        const routes = server.app.apiRoutes.filter(
          (r) => 'entity' in r.access && (r.access as { entity: EntityName }).entity === entity.name,
        );
        for (const route of routes) {
          const access = route.access as { entity: EntityName; action: EntityAction };
          const isWrite = !['read', 'export'].includes(access.action);
          const label = `${route.method} ${route.url}`;
          for (const who of ['noRole', 'unrelated', 'reader', 'editor', 'admin']) {
            const allowed = can(roles[who], access.entity, access.action).can;
            if (isWrite && !allowed) refusedWrites++;
            const before = isWrite ? await fingerprint(access.entity) : undefined;
            const response = await request(route, who);
            if (allowed)
              expect([401, 403], `${label} as ${who}: ${JSON.stringify(response.body)}`).not.toContain(
                response.status,
              );
            else {
              expect(response.status, `${label} as ${who}`).toBe(403);
              expect(response.body.messages[0], label).toMatch(/[\u0E00-\u0E7F]/);
              if (before)
                expect(await fingerprint(access.entity), `${label} as ${who} changed the database`).toEqual(
                  before,
                );
            }
          }
        }
      });
    }

    it('refused writes for the roles without them on every entity, and left no entity route out', () => {
      expect(refusedWrites).toBeGreaterThan(entities.length * 3);
      const named = new Set(entities.map((entity) => entity.name));
      const outside = server.app.apiRoutes.filter(
        (r) => 'entity' in r.access && !named.has((r.access as { entity: EntityName }).entity),
      );
      expect(outside.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    });
  });

  it('refuses branch-scoped routes for a user of another branch (403), leaving the database unchanged', async () => {
    const scoped = server.app.apiRoutes.filter((r) => r.branchScoped);
    expect(scoped.length).toBeGreaterThan(0);
    for (const route of scoped) {
      const access = route.access as { entity?: EntityName };
      const before = access.entity ? await fingerprint(access.entity) : undefined;
      const response = await request(route, 'otherBranch');
      expect(response.status, `${route.method} ${route.url}`).toBe(403);
      if (before) expect(await fingerprint(access.entity!)).toEqual(before);
    }
  });

  it('requires a branch on branch-scoped routes (400 with the spec’s message)', async () => {
    for (const route of server.app.apiRoutes.filter((r) => r.branchScoped)) {
      const label = `${route.method} ${route.url}`;
      const response = await call(
        server.api,
        route.method,
        route.url.replace(/^\/api/, '').replace(':id', SOME_ID),
        {
          token: tokens.admin,
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        },
      );
      expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.messages, label).toEqual(['กรุณาเลือกบริษัทเพื่อเข้าใช้งาน']);
    }
  });
});
