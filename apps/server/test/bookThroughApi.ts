import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../src/db/database.ts';
import type { bookingScenario } from './bookingScenario.ts';
import { call } from './fixtures.ts';

type World = Awaited<ReturnType<typeof bookingScenario>>;

/**
 * A booking of one DO through the wizard's API (draft, confirm) into the world's slot, by `token`
 * (a user who may book in the world's branch); answers the new booking's id.
 */
export async function bookThroughApi(
  server: { api: string; db: Database },
  world: World,
  token: string,
  shipToId: string,
  doId: string,
  qty = 1,
) {
  const q = `branchId=${world.branchId}`;
  const draft = await call(server.api, 'POST', `/doBooking/draft?${q}`, {
    token,
    body: {
      deliveryOrderIds: [doId],
      shipToId,
      shipCondId: world.shipCondId,
      allocations: [
        { slotId: world.slotId, vehicles: 1, lines: [{ deliveryOrderId: doId, lineId: doId, qty }] },
      ],
    },
  });
  expect(draft.status, JSON.stringify(draft.body)).toBe(201);
  const confirmed = await call(server.api, 'POST', `/doBooking/confirm?id=${draft.body.draft.id}&${q}`, {
    token,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
  const { rows } = await sql<{ id: string }>`select b.id from booking_report__lines l
    join booking_report b on b.id = l.parent_id and b.canceled_at is null
    where l.delivery_order_id = ${doId} order by b.created_at desc, b.doc_no desc limit 1`.execute(server.db);
  return rows[0]!.id;
}
