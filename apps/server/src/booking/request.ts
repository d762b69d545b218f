import { bookingRequestMessages as messages } from '@lms/domain';
import type { Database } from '../db/database.ts';
import { notFound, unprocessable } from '../http/errors.ts';

const docNos = (rows: readonly { doc_no: string }[]) => rows.map((row) => row.doc_no).join(', ');

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
  const [orders, shipTo, shipCond] = await Promise.all([
    db
      .selectFrom('delivery_order')
      .select((eb) => [
        'id',
        'doc_no',
        // The ship-to the engine uses for distance and bans: the BO's, else the SO's (booking/world.ts).
        eb.fn.coalesce('bo_ship_to_id', 'so_ship_to_id').as('ship_to_id'),
        'ship_cond_id',
        'is_booking',
      ])
      .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
      .where('branch_id', '=', branchId)
      .orderBy('doc_no')
      .execute(),
    db.selectFrom('ship_to').select('id').where('id', '=', request.shipToId).executeTakeFirst(),
    db.selectFrom('ship_cond').select('id').where('id', '=', request.shipCondId).executeTakeFirst(),
  ]);
  if (orders.length !== ids.length) throw notFound(messages.unknownOrders);
  if (!shipTo) throw notFound(messages.unknownShipTo);
  if (!shipCond) throw notFound(messages.unknownShipCond);
  const refuse = (message: string) => unprocessable({ deliveryOrderIds: message });
  const otherShipTo = orders.filter((order) => order.ship_to_id !== request.shipToId);
  if (otherShipTo.length) throw refuse(messages.otherShipTo(docNos(otherShipTo)));
  const otherShipCond = orders.filter((order) => order.ship_cond_id !== request.shipCondId);
  if (otherShipCond.length) throw refuse(messages.otherShipCond(docNos(otherShipCond)));
  const booked = orders.filter((order) => order.is_booking);
  if (booked.length) throw refuse(messages.booked(docNos(booked)));
}
