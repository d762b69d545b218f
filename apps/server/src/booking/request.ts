import { bookingRequestMessages as messages } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { notFound, unprocessable } from '../http/errors.ts';

interface OrderRow {
  id: string;
  doc_no: string;
  ship_to_id: string | null;
  ship_cond_id: string;
  is_booking: boolean;
}

const docNos = (rows: readonly OrderRow[]) => rows.map((row) => row.doc_no).join(', ');

/**
 * A booking request before the engine sees it: the DOs are the branch's, not booked yet, and all go
 * to the chosen ship-to under the chosen ship cond (one booking = one place and one ship cond, or
 * distance and bans would be computed for the wrong place). Unknown ids → 404, the rest → 422.
 */
export async function checkBookingRequest(
  db: Database,
  branchId: string,
  request: {
    readonly deliveryOrderIds: readonly string[];
    readonly shipToId: string;
    readonly shipCondId: string;
  },
): Promise<void> {
  const ids = [...new Set(request.deliveryOrderIds)];
  const [{ rows: orders }, { rows: shipTos }, { rows: shipConds }] = await Promise.all([
    // The ship-to the engine uses for distance and bans: the BO's, else the SO's (booking/world.ts).
    sql<OrderRow>`select id, doc_no, coalesce(bo_ship_to_id, so_ship_to_id) as ship_to_id, ship_cond_id, is_booking
      from delivery_order where id = any(${ids}::uuid[]) and branch_id = ${branchId} order by doc_no`.execute(
      db,
    ),
    sql`select 1 from ship_to where id = ${request.shipToId}`.execute(db),
    sql`select 1 from ship_cond where id = ${request.shipCondId}`.execute(db),
  ]);
  if (orders.length !== ids.length) throw notFound(messages.unknownOrders);
  if (!shipTos.length) throw notFound(messages.unknownShipTo);
  if (!shipConds.length) throw notFound(messages.unknownShipCond);
  const refuse = (message: string) => unprocessable({ deliveryOrderIds: message });
  const otherShipTo = orders.filter((order) => order.ship_to_id !== request.shipToId);
  if (otherShipTo.length) throw refuse(messages.otherShipTo(docNos(otherShipTo)));
  const otherShipCond = orders.filter((order) => order.ship_cond_id !== request.shipCondId);
  if (otherShipCond.length) throw refuse(messages.otherShipCond(docNos(otherShipCond)));
  const booked = orders.filter((order) => order.is_booking);
  if (booked.length) throw refuse(messages.booked(docNos(booked)));
}
