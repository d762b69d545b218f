import { randomUUID } from 'node:crypto';
import {
  bulkActionPath,
  type EntityDef,
  entities,
  entityByName,
  ROLE_ADMIN,
  roleCatalogue,
  shipmentStages,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasGenericRoutes } from '../src/entities/naming.ts';
import { createReferences, sampleBody } from './entityFactory.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Issue Hardening 2, item 9: a record of another branch answers exactly as an id nobody has, on
 * every path that takes an id or a key, so that neither its label nor its existence leaks.
 */
const server = setupTestServer();
let mine = '';
let theirs = '';
let admin = '';
let planner = '';
/** One record of every branch-owned entity, in the other branch: entity → id. */
const records: Record<string, string> = {};
/** Their bodies as read back, to send to an update (so that it reaches the lookup). */
const bodies: Record<string, Record<string, unknown>> = {};

const branchOwned = entities.filter((e) => e.branchOwned && hasGenericRoutes(e));

beforeAll(async () => {
  mine = await createBranch(server.db, 'LK1', 'สาขาของฉัน');
  theirs = await createBranch(server.db, 'LK2', 'สาขาอื่น');
  admin = await signIn(server.api, await createUser(server.db, { roles: [ROLE_ADMIN] }));
  // Every role but the administrator's (who acts for every branch), in one branch.
  planner = await signIn(
    server.api,
    await createUser(server.db, { roles: roleCatalogue.filter((r) => r !== ROLE_ADMIN), branchIds: [mine] }),
  );
  const known: Record<string, string> = {};
  for (const entity of branchOwned.filter((e) => !e.readOnlyEntity)) {
    await createReferences(server.api, admin, entity, theirs, known);
    known[entity.name] ??= await create(entity, known);
  }
  // The stop list is a view of the trips' stops: one stop of their shipment, carrying their booking.
  await sql`insert into delivery_trip (shipment_id, branch_id, shift_date, minutes_per_km, planned_start)
    values (${known.shipment!}, ${theirs}, '2026-10-05', 1.5, now())`.execute(server.db);
  const { rows: stop } = await sql<{ id: string }>`insert into delivery_stop (shipment_id, seq, booking_id,
      ship_to_name, window_from, window_to, planned_arrival, planned_departure, service_seconds, proof_required, orders)
    values (${known.shipment!}, 1, ${known.bookingReport!}, 'ร้านสาขาอื่น', now(), now(), now(), now(), 0, 'SIGNATURE',
      '[]'::jsonb) returning id`.execute(server.db);
  known.deliveryStopReport = stop[0]!.id;
  for (const entity of branchOwned) {
    // The DO report is a view of the orders: its rows are theirs.
    records[entity.name] = known[entity.name] ?? known.deliveryOrder!;
    const read = await call(server.api, 'GET', `/${entity.name}/${records[entity.name]}?branchId=${theirs}`, {
      token: admin,
    });
    expect(read.status, entity.name).toBe(200);
    bodies[entity.name] = read.body;
  }
});

async function create(entity: EntityDef, refs: Record<string, string>): Promise<string> {
  const created = await call(server.api, 'POST', `/${entity.name}?branchId=${theirs}`, {
    token: admin,
    body: sampleBody(entity, refs),
  });
  expect(created.status, `${entity.name}: ${JSON.stringify(created.body)}`).toBe(201);
  return created.body.id;
}

type Answer = Awaited<ReturnType<typeof call>>;

/** Status and body, with the id that was asked for written as `<id>`. */
const seen = (answer: Answer, id: string) => ({
  status: answer.status,
  body: JSON.parse(JSON.stringify(answer.body ?? null).replaceAll(id, '<id>')),
});

/** Asks `ask` for their record and for an id nobody has, as the planner of my branch: one answer. */
async function sameAsMissing(label: string, theirId: string, ask: (id: string) => Promise<Answer>) {
  const missing = randomUUID();
  const other = seen(await ask(theirId), theirId);
  expect(other.status, `${label}: ${JSON.stringify(other.body)}`).not.toBe(500);
  expect(other, label).toEqual(seen(await ask(missing), missing));
}

const as = (method: string, path: string, body?: unknown) =>
  call(server.api, method, path, { token: planner, body });
const inMine = (path: string) => `${path}${path.includes('?') ? '&' : '?'}branchId=${mine}`;

/** A body that passes each call's own checks, so that the answer comes from the record's lookup. */
function bodyFor(method: string, url: string, entity: string): unknown {
  if (method === 'PUT' && url === `/api/${entity}/:id`) return bodies[entity];
  if (url.endsWith('/callStatus')) return { callStatus: 'CALLED' };
  if (url.endsWith('/stage'))
    return { id: randomUUID(), stage: shipmentStages[0]!.key, at: new Date().toISOString() };
  return method === 'GET' || method === 'DELETE' ? undefined : {};
}

async function exported(answer: Answer) {
  if (answer.status !== 200) return answer;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(answer.body, 'binary') as never);
  return { status: 200, body: workbook.worksheets[0]!.getSheetValues(), headers: answer.headers };
}

describe("another branch's record answers exactly as a missing one", () => {
  it('on every route that names a record of a branch-owned entity by id', async () => {
    const routes = server.app.apiRoutes.filter((route) => {
      const entity = route.url.match(/^\/api\/(\w+)\/:id/)?.[1];
      return route.branchScoped && entity !== undefined && entity in records;
    });
    expect(routes.length).toBeGreaterThan(branchOwned.length * 4);
    for (const route of routes) {
      const entity = route.url.split('/')[2]!;
      const path = route.url.replace(/^\/api/, '').replace(':messageId', randomUUID());
      await sameAsMissing(`${route.method} ${route.url}`, records[entity]!, (id) =>
        as(route.method, inMine(path.replace(':id', id)), bodyFor(route.method, route.url, entity)),
      );
    }
  });

  it('in bulk actions: no label, the same reason as an unknown id', async () => {
    for (const entity of branchOwned.filter((e) => !e.readOnlyEntity)) {
      for (const body of [
        { action: 'delete', selection: { rows: [{ id: '' }] } },
        { action: 'delete', selection: { rows: [{ id: '', version: 1 }] } },
      ])
        await sameAsMissing(`bulkAction ${entity.name}`, records[entity.name]!, (id) =>
          as('POST', inMine(bulkActionPath(entity.name)), {
            ...body,
            selection: { rows: [{ ...body.selection.rows[0], id }] },
          }),
        );
    }
  });

  it('in lists, options and exports of picked ids', async () => {
    for (const entity of branchOwned) {
      const id = records[entity.name]!;
      for (const call of ['', '/options'])
        await sameAsMissing(`${entity.name}${call}?ids=`, id, (asked) =>
          as('GET', inMine(`/${entity.name}${call}?ids=${asked}`)),
        );
      await sameAsMissing(`${entity.name}/export?ids=`, id, async (asked) => {
        const answer = await fetch(`${server.api}${inMine(`/${entity.name}/export?ids=${asked}`)}`, {
          headers: { authorization: `Bearer ${planner}` },
        });
        const body = Buffer.from(await answer.arrayBuffer()).toString('binary');
        const read = await exported({ status: answer.status, body, headers: answer.headers });
        return { status: read.status, body: read.body, headers: answer.headers };
      });
    }
  });

  it('in record search, upserts by key, bulk references and printed documents', async () => {
    const docNo = String(bodies.deliveryOrder!.docNo);
    const search = await as('GET', `/search?term=${encodeURIComponent(docNo)}&branchId=${mine}`);
    expect(search.status).toBe(200);
    expect(search.body).toEqual([]);
    // Keys are per branch: their order's number creates mine, as a number nobody uses does.
    const order = bodies.deliveryOrder!;
    const fields = ['customerId', 'shipCondId', 'soShipToId', 'weight', 'volume'];
    const stamp = /"(id|createdAt|updatedAt|lastSyncAt)":"[^"]*"/g;
    await sameAsMissing('PUT deliveryOrder/byKey', docNo, async (key) => {
      const answer = await as('PUT', inMine(`/deliveryOrder/byKey/${key}`), {
        ...Object.fromEntries(fields.map((f) => [f, order[f]])),
      });
      return { ...answer, body: JSON.parse(JSON.stringify(answer.body).replace(stamp, '"$1":"…"')) };
    });
    // A driver of my branch naming their vehicle, through the ERP's bulk: as unknown as a made-up one.
    const driver = { ...sampleBody(entityByName('driver'), {}), code: 'LK-DRV' };
    await sameAsMissing('bulk driver with their vehicle', records.vehicle!, (vehicleId) =>
      as('POST', inMine('/driver/bulk'), { records: [{ ...driver, vehicleId }] }),
    );
    await sameAsMissing('printed documents of their booking', records.bookingReport!, (id) =>
      as('POST', inMine('/documents/batch'), { kind: 'appointment', ids: [id] }),
    );
  });

  it('in every reference a body names by id, child rows included', async () => {
    const refs: Record<string, string> = {};
    let checked = 0;
    for (const entity of branchOwned.filter((e) => !e.readOnlyEntity)) {
      await createReferences(server.api, admin, entity, mine, refs);
      const fields = [...entity.fields, ...(entity.children ?? []).flatMap((child) => child.fields)];
      for (const target of new Set(fields.flatMap((f) => (f.ref && f.ref in records ? [f.ref] : [])))) {
        checked++;
        // Everything else of my branch: the answer can only come from their record.
        await sameAsMissing(`POST ${entity.name} naming their ${target}`, records[target]!, (id) =>
          call(server.api, 'POST', `/${entity.name}?branchId=${mine}`, {
            token: admin,
            body: sampleBody(entity, { ...refs, [target]: id }),
          }),
        );
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it('in saved views shared with their branch', async () => {
    const owner = await signIn(
      server.api,
      await createUser(server.db, {
        roles: roleCatalogue.filter((r) => r !== ROLE_ADMIN),
        branchIds: [theirs],
      }),
    );
    const shared = await call(server.api, 'POST', '/savedViews', {
      token: owner,
      body: {
        entity: 'vehicle',
        name: 'รถของสาขาอื่น',
        state: { filters: {}, searchTerm: '', sort: [], columns: [], pageSize: 20 },
        sharing: { branchId: theirs, role: null },
      },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(201);
    const view = shared.body.id as string;
    for (const [method, path, body] of [
      ['PUT', '/savedViews/:id', { name: 'ของฉัน' }],
      ['DELETE', '/savedViews/:id', undefined],
      ['PUT', '/savedViews/default', { entity: 'vehicle', viewId: ':id' }],
    ] as const)
      await sameAsMissing(`${method} ${path}`, view, (id) =>
        as(method, path.replace(':id', id), body && JSON.parse(JSON.stringify(body).replace(':id', id))),
      );
    expect((await as('GET', '/savedViews?entity=vehicle')).body.views).toEqual([]);
  });
});
