import {
  editRoleOf,
  entities,
  INTEGRATION_MESSAGES,
  ROLE_ADMIN,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_BOOKING_REPORT_READ,
  readRoleOf,
} from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/auth/access.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const SOME_ID = '00000000-0000-4000-8000-000000000001';
let branchId = '';
const keys: Record<'admin' | 'planner', string> = { admin: '', planner: '' };

/** The demo's planners' group (seed/users.ts): booking, calendar, call status, reading the rest. */
const plannerRoles = [
  editRoleOf('DO_BOOKING'),
  editRoleOf('BOOKING_CALENDAR'),
  readRoleOf('DELIVERY_ORDER'),
  readRoleOf('SHIPMENT'),
  readRoleOf('SHIP_TO'),
  ROLE_BOOKING_REPORT_READ,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
];

/** What docs/integration.md opens to keys, per entity; every other route refuses them. */
const openShapes = [
  'GET /api/{entity}',
  'GET /api/{entity}/options',
  'GET /api/{entity}/:id',
  'GET /api/{entity}/:id/history',
  'POST /api/{entity}',
  'PUT /api/{entity}/:id',
  'DELETE /api/{entity}/:id',
  'PUT /api/{entity}/byKey/:key',
  'POST /api/{entity}/bulk',
];
const entityNames = new Set(entities.map((e) => e.name));
const shapeOf = (route: RegisteredRoute) =>
  `${route.method} ${route.url.replace(/^\/api\/(\w+)/, (whole, name) => (entityNames.has(name) ? '/api/{entity}' : whole))}`;

beforeAll(async () => {
  branchId = await createBranch(server.db, 'KP', 'สาขา KP');
  const admin = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
  for (const [name, roles] of [
    ['admin', [ROLE_ADMIN]],
    ['planner', plannerRoles],
  ] as const) {
    const { rows } = await sql<{ id: string }>`insert into app_role_group (name, roles)
      values (${`คีย์ ${name}`}, ${roles}) returning id`.execute(server.db);
    const created = await call(server.api, 'POST', '/apiKey', {
      token: admin,
      body: { name, roleGroupId: rows[0]!.id, branchIds: [branchId] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    keys[name] = created.body.secret;
  }
});

/** Every operation the API documents, as `METHOD /api/path/:param`. */
async function documentedOperations(): Promise<{ method: string; url: string }[]> {
  const doc = await (await fetch(`${server.api}/docs/json`)).json();
  return Object.entries(doc.paths as Record<string, object>).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{(\w+)\}/g, ':$1'),
    })),
  );
}

function send(route: RegisteredRoute, token: string) {
  const path = route.url
    .replace(/^\/api/, '')
    .replace(/:(id|messageId)\b/g, SOME_ID)
    .replace(':entity', 'deliveryOrder')
    .replace(/:\w+/g, 'X1');
  return call(server.api, route.method, `${path}${route.branchScoped ? `?branchId=${branchId}` : ''}`, {
    token,
    body: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined,
  });
}

describe('key policy: every route declares whether an ERP key reaches it', () => {
  it('declares one on every route that needs a sign-in', () => {
    const undeclared = server.app.apiRoutes
      .filter((route) => !('public' in route.access) && route.apiKey === undefined)
      .map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('opens to keys only the record calls docs/integration.md promises', () => {
    const open = new Set(server.app.apiRoutes.filter((r) => r.apiKey === 'open').map(shapeOf));
    expect([...open].sort()).toEqual([...openShapes].sort());
  });

  // One test per entity's routes and one for the rest: each stays well inside the time limit on a loaded machine.
  describe('walks every documented operation with an administrators’ and a planners’ key: only open routes let one in', () => {
    let opened = 0;
    const walked = new Set<string>();
    const entityOf = (url: string) => url.match(/^\/api\/(\w+)/)?.[1];
    const walk = async (which: (url: string) => boolean) => {
      const registered = new Map(
        server.app.apiRoutes.map((route) => [`${route.method} ${route.url}`, route]),
      );
      const operations = (await documentedOperations()).filter(
        (op) => !op.url.startsWith('/api/docs') && which(op.url),
      );
      for (const { method, url } of operations) {
        walked.add(`${method} ${url}`);
        const route = registered.get(`${method} ${url}`);
        expect(route, `${method} ${url} is not registered`).toBeDefined();
        if ('public' in route!.access) continue;
        for (const [who, token] of Object.entries(keys)) {
          const label = `${method} ${url} with the ${who}s' key`;
          const response = await send(route!, token);
          expect(response.status, `${label}: ${JSON.stringify(response.body)}`).not.toBe(500);
          if (route!.apiKey !== 'open') {
            expect(response.status, label).toBe(403);
            expect(response.body.messages, label).toEqual([INTEGRATION_MESSAGES.apiKeyNotAllowed]);
            continue;
          }
          opened++;
          // An open route may still refuse a role the key's group lacks, never as a route closed to keys.
          if (who === 'admin')
            expect([401, 403], `${label}: ${JSON.stringify(response.body)}`).not.toContain(response.status);
          else
            expect(response.body?.messages ?? [], label).not.toContain(INTEGRATION_MESSAGES.apiKeyNotAllowed);
        }
      }
    };
    for (const entity of entities) it(entity.name, () => walk((url) => entityOf(url) === entity.name));
    it('every other route', () => walk((url) => !entities.some((entity) => entity.name === entityOf(url))));

    it('walked every documented operation, and keys reached the entities’ record calls', async () => {
      const operations = (await documentedOperations()).filter((op) => !op.url.startsWith('/api/docs'));
      expect(operations.length).toBeGreaterThan(500);
      expect(operations.filter((op) => !walked.has(`${op.method} ${op.url}`))).toEqual([]);
      expect(opened).toBeGreaterThan(entities.length * 5);
    });
  });
});
