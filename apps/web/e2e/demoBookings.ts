import path from 'node:path';
import { bangkokIsoDate, ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/src/db/database.ts';
import { signIn as apiSignIn, call, createUser } from '../../server/test/fixtures.ts';
import { setupTestServer } from '../../server/test/harness.ts';
import { storedSignIn } from './helpers.ts';

type TestServer = { readonly api: string; readonly db: Database; readonly origin: string };

/**
 * The built app on a server whose database starts with the demo company of today (what `npm start`
 * seeds), copied from the run's template of it (harness.ts `createDemoDatabase`).
 */
export const setupDemoServer = () =>
  setupTestServer({
    webDist: path.resolve(import.meta.dirname, '../dist'),
    demoCompany: bangkokIsoDate(new Date()),
  });

/**
 * One more booking on the demo company (`setupDemoServer`) through the API, and an administrator of
 * its Bangkok branch: the token for API calls and the `localStorage` of a sign-in.
 */
export async function demoAdmin(server: TestServer) {
  const { rows } = await sql<{ id: string }>`select id from branch where code = 'BKK'`.execute(server.db);
  const branchId = rows[0]!.id;
  const admin = await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] });
  const token = await apiSignIn(server.api, admin);
  await bookOneDo(server, token, branchId);
  return { branchId, token, storage: await storedSignIn(server.origin, admin) };
}

/** One booking through the API, so that the booking report has lines (a DO and an article each). */
export async function bookOneDo(
  server: { readonly api: string; readonly db: Database },
  token: string,
  branchId: string,
) {
  const q = `branchId=${branchId}`;
  const { rows } = await sql<{ id: string; shipToId: string; shipCondId: string }>`
    select id, so_ship_to_id as "shipToId", ship_cond_id as "shipCondId" from delivery_order
     where branch_id = ${branchId} and not is_booking and so_ship_to_id is not null
     order by doc_no limit 1`.execute(server.db);
  const order = rows[0]!;
  const request = { deliveryOrderIds: [order.id], shipToId: order.shipToId, shipCondId: order.shipCondId };
  const suggestion = await call(server.api, 'POST', `/doBooking/suggestion?${q}`, { token, body: request });
  expect(suggestion.status, JSON.stringify(suggestion.body)).toBe(200);
  const option = suggestion.body.options[0];
  const allocations = option.allocations.map(
    (a: {
      slotId: string;
      vehicles: number;
      lines: { deliveryOrderId: string; lineId: string; qty: number }[];
    }) => ({
      slotId: a.slotId,
      vehicles: a.vehicles,
      lines: a.lines.map(({ deliveryOrderId, lineId, qty }) => ({ deliveryOrderId, lineId, qty })),
    }),
  );
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
    token,
    body: { ...request, allocations },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, {
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
}
