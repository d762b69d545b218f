import {
  deliveryMessages,
  eventTimeRefusal,
  type ShipmentStage,
  type StageTapPlan,
  type StopEventInput,
} from '@lms/domain';
import type { Tx } from '../db/database.ts';
import { ordersOf } from './stops.ts';

/**
 * The rules a phone's stop event is held to before anything is written (docs/delivery.md "Rules"),
 * and the trip's stops read under its lock to check them against.
 */

/** A phone's clock may run a little fast (stage.ts allows the same). */
const FUTURE_SLACK_MS = 5 * 60_000;
export const OUTCOMES = new Set(['delivered', 'partial', 'failed']);
/** The warehouse stages a phone may tap; ShipEnd follows from the last stop left. */
const TAPPABLE: readonly ShipmentStage[] = ['CheckIn', 'LoadStart', 'LoadEnd', 'ShipCom', 'ShipStart'];

export type StopRow = Awaited<ReturnType<typeof lockStops>>[number];

export function lockStops(trx: Tx, shipmentId: string) {
  return trx
    .selectFrom('delivery_stop')
    .select([
      'id',
      'seq',
      'booking_id',
      'orders',
      'proof_required',
      'status',
      'arrived_at',
      'left_at',
      'outcome_event_id',
    ])
    .where('shipment_id', '=', shipmentId)
    .orderBy('seq')
    .forUpdate()
    .execute();
}

/** The checks of one event (docs/delivery.md "Rules"): field → Thai message. */
export function checkEvent(
  event: StopEventInput,
  stop: StopRow | undefined,
  files: ReadonlySet<string>,
  now: number,
  shift: Pick<StageTapPlan, 'shiftDate' | 'shift'>,
  label: string,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const refusal = eventTimeRefusal(label, new Date(event.at), shift);
  if (Date.parse(event.at) > now + FUTURE_SLACK_MS) errors.at = deliveryMessages.future;
  else if (refusal) errors.at = refusal;
  const outcome = OUTCOMES.has(event.kind);
  if (event.kind === 'stage') {
    if (!event.stage) errors.stage = deliveryMessages.stageNeeded;
    else if (!TAPPABLE.includes(event.stage)) errors.stage = deliveryMessages.stageAtStop;
    if (event.stopId) errors.stopId = deliveryMessages.fieldsOfKind;
  } else {
    if (event.confirmUnusual !== undefined) errors.confirmUnusual = deliveryMessages.fieldsOfKind;
    if (!event.stopId) errors.stopId = deliveryMessages.stopNeeded;
    else if (!stop) errors.stopId = deliveryMessages.noStop;
    if (event.stage) errors.stage = deliveryMessages.fieldsOfKind;
  }
  const proofFields = ['recipient', 'signatureFileId', 'quantities'] as const;
  if (!outcome || event.kind === 'failed')
    for (const field of proofFields)
      if (event[field] !== undefined && !(event.kind === 'failed' && field === 'quantities'))
        errors[field] = deliveryMessages.fieldsOfKind;
  if (event.kind !== 'failed' && (event.reason !== undefined || event.reasonText !== undefined))
    errors.reason = deliveryMessages.fieldsOfKind;
  if (!outcome && event.photoFileIds?.length) errors.photoFileIds = deliveryMessages.fieldsOfKind;
  for (const id of [event.signatureFileId, ...(event.photoFileIds ?? [])])
    if (id !== undefined && !files.has(id))
      errors[id === event.signatureFileId ? 'signatureFileId' : 'photoFileIds'] =
        deliveryMessages.unknownFile;
  if (!stop || !outcome) return errors;
  if (stop.outcome_event_id && stop.outcome_event_id !== event.id)
    errors.kind = deliveryMessages.outcomeTwice;
  if (event.kind === 'failed') {
    if (!event.reason) errors.reason = deliveryMessages.reason;
    else if (event.reason === 'OTHER' && !event.reasonText?.trim())
      errors.reasonText = deliveryMessages.reasonText;
    return errors;
  }
  if (!event.recipient?.trim()) errors.recipient = deliveryMessages.recipient;
  if (stop.proof_required !== 'PHOTO' && !event.signatureFileId)
    errors.signatureFileId = deliveryMessages.signature;
  if (stop.proof_required !== 'SIGNATURE' && !event.photoFileIds?.length)
    errors.photoFileIds = deliveryMessages.photo;
  const orders = ordersOf(stop.orders);
  const given = new Map((event.quantities ?? []).map((q) => [q.deliveryOrderId, q.qty]));
  if (event.kind === 'partial' || event.quantities !== undefined) {
    if (orders.some((o) => !given.has(o.deliveryOrderId)) || given.size !== orders.length)
      errors.quantities = deliveryMessages.quantities;
    else
      for (const order of orders) {
        const qty = given.get(order.deliveryOrderId)!;
        if (qty < 0 || qty > order.qty)
          errors.quantities = deliveryMessages.quantityRange(order.docNo, String(order.qty));
        else if (event.kind === 'delivered' && qty !== order.qty)
          errors.quantities = deliveryMessages.quantityRange(order.docNo, String(order.qty));
      }
    if (
      event.kind === 'partial' &&
      !errors.quantities &&
      !(
        orders.some((o) => given.get(o.deliveryOrderId)! < o.qty) &&
        orders.some((o) => given.get(o.deliveryOrderId)! > 0)
      )
    )
      errors.quantities = deliveryMessages.partialNothing;
  }
  return errors;
}

/** Who sends the events: a user (a company driver) or a trip link. */
export interface Author {
  /** The user, or null for a trip link (history says "ลิงก์เที่ยวรถ"). */
  readonly userId: string | null;
  readonly linkId: string | null;
}
