import {
  entityByName,
  failureReasonOptions,
  optionLabel,
  type StopEventInput,
  stopEventKinds,
} from '@lms/domain';
import { sql } from 'kysely';
import { recordHistory } from '../crud/history.ts';
import type { Tx } from '../db/database.ts';
import type { Author, StopRow } from './eventRules.ts';
import { ordersOf } from './stops.ts';

const deliveryOrder = entityByName('deliveryOrder');
export const kindLabel = (kind: string) => optionLabel(stopEventKinds, kind) ?? kind;
export const reasonLabel = (reason: string | null | undefined) =>
  optionLabel(failureReasonOptions, reason) ?? null;

/**
 * What a failed or partial delivery leaves to book again (docs/delivery.md "Back to booking"):
 * every DO of the stop counts what was delivered (`deliveredQty`, which the booking engine
 * subtracts), and one not delivered whole goes back to "to book" (`isBooking` false) with a
 * return row naming the booking, shipment, stop, event and reason — the new booking is linked to
 * it when it is confirmed. History on the DO says so.
 */
export async function settleOrders(
  trx: Tx,
  stop: StopRow,
  event: StopEventInput,
  shipmentId: string,
  author: Author,
) {
  const given = new Map((event.quantities ?? []).map((q) => [q.deliveryOrderId, q.qty]));
  for (const order of ordersOf(stop.orders)) {
    const delivered =
      event.kind === 'failed'
        ? 0
        : event.kind === 'delivered'
          ? order.qty
          : (given.get(order.deliveryOrderId) ?? 0);
    const left = Math.round((order.qty - delivered) * 1000) / 1000;
    await trx
      .updateTable('delivery_order')
      .set((eb) => ({
        delivered_qty: sql<number>`coalesce(delivered_qty, 0) + ${delivered}`,
        ...(left > 0 ? { is_booking: false, version: eb('version', '+', 1), updated_at: new Date() } : {}),
      }))
      .where('id', '=', order.deliveryOrderId)
      .execute();
    if (left <= 0) continue;
    const reason = event.kind === 'failed' ? (event.reason ?? 'OTHER') : 'PARTIAL';
    await trx
      .insertInto('delivery_return')
      .values({
        delivery_order_id: order.deliveryOrderId,
        booking_id: stop.booking_id,
        shipment_id: shipmentId,
        stop_id: stop.id,
        event_id: event.id,
        qty: left,
        reason,
        reason_text: event.reasonText ?? null,
      })
      .execute();
    await recordHistory(trx, {
      entity: deliveryOrder,
      recordId: order.deliveryOrderId,
      action: 'update',
      userId: author.userId,
      ...(author.linkId ? { source: 'ลิงก์เที่ยวรถ' } : {}),
      changes: {
        isBooking: { from: true, to: false },
        returned: event.kind === 'failed' ? reasonLabel(event.reason) : kindLabel('partial'),
        qtyToBook: left,
      },
    });
  }
}
