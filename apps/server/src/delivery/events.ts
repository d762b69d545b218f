import { createHash } from 'node:crypto';
import {
  bangkokIsoDate,
  deliveryMessages,
  type EventsAnswer,
  entityByName,
  failureReasonOptions,
  formatTime,
  type ShipmentStage,
  type StopEventInput,
  stageFieldNames,
  stopEventKinds,
} from '@lms/domain';
import { sql } from 'kysely';
import { loadAppointment } from '../contact/appointment.ts';
import { appointmentLink, type Contact, routeOf } from '../contact/outbox.ts';
import { contactEnabled } from '../contact/settings.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database, Tx } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { actualTimes, recordStage, stageRefusal, UnusualTap } from '../shipmentPlanning/stage.ts';
import type { BoardEvents } from './live.ts';
import { fill, loadSettings } from './settings.ts';
import { ordersOf } from './stops.ts';
import { driverTrip, loadTrips, tripProgress } from './trips.ts';

const bookingReport = entityByName('bookingReport');
const deliveryOrder = entityByName('deliveryOrder');
/** A phone's clock may run a little fast (stage.ts allows the same). */
const FUTURE_SLACK_MS = 5 * 60_000;
const OUTCOMES = new Set(['delivered', 'partial', 'failed']);
const kindLabel = (kind: string) => stopEventKinds.find((k) => k.value === kind)?.label ?? kind;
const reasonLabel = (reason: string | null | undefined) =>
  failureReasonOptions.find((o) => o.value === reason)?.label ?? null;
/** The warehouse stages a phone may tap; ShipEnd follows from the last stop left. */
const TAPPABLE: readonly ShipmentStage[] = ['CheckIn', 'LoadStart', 'LoadEnd', 'ShipCom', 'ShipStart'];

/** Who sends the events: a user (a company driver) or a trip link. */
export interface Author {
  /** The user, or null for a trip link (history says "ลิงก์เที่ยวรถ"). */
  readonly userId: string | null;
  readonly linkId: string | null;
}

/** A stage tap's id made from the trip and the stage: the implied stage is recorded once, whoever asks again. */
function impliedTapId(shipmentId: string, stage: ShipmentStage): string {
  const hex = createHash('sha256').update(`delivery:${shipmentId}:${stage}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const at = (d: Date) => `${bangkokIsoDate(d)} ${formatTime(d)}`;

type TripRow = {
  shipment_id: string;
  branch_id: string;
  started_at: Date | null;
  ended_at: Date | null;
  doc_no: string;
};
type StopRow = Awaited<ReturnType<typeof lockStops>>[number];

function lockStops(trx: Tx, shipmentId: string) {
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
function check(
  event: StopEventInput,
  stop: StopRow | undefined,
  files: ReadonlySet<string>,
  now: number,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (Date.parse(event.at) > now + FUTURE_SLACK_MS) errors.at = deliveryMessages.future;
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

/**
 * What a failed or partial delivery leaves to book again (docs/delivery.md "Back to booking"):
 * every DO of the stop counts what was delivered (`deliveredQty`, which the booking engine
 * subtracts), and one not delivered whole goes back to "to book" (`isBooking` false) with a
 * return row naming the booking, shipment, stop, event and reason — the new booking is linked to
 * it when it is confirmed. History on the DO says so.
 */
async function settleOrders(
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

/** The customer of the next stop hears the truck is on its way (a setting; once per booking). */
async function onTheWay(
  trx: Tx,
  contact: Contact,
  shipmentId: string,
  bookingId: string,
  eta: string | null,
) {
  if (!contactEnabled(contact.settings)) return;
  const settings = await loadSettings(trx);
  if (!settings.onTheWayMessage) return;
  const appointment = await loadAppointment(trx, bookingId);
  if (!appointment || appointment.canceled) return;
  const route = routeOf(contact.settings, appointment);
  if (!route) return;
  const link = appointmentLink(contact, bookingId);
  const body = fill(settings.onTheWayTemplate, {
    customer: appointment.customer,
    orders: appointment.orders.join(', '),
    time: eta ? formatTime(new Date(eta)) : '-',
    link,
    branchPhone: appointment.branchPhone ?? '-',
  });
  await trx
    .insertInto('contact_message')
    .values({
      booking_id: bookingId,
      shipment_id: shipmentId,
      branch_id: appointment.branchId,
      event: 'onTheWay',
      channel: route.channel,
      recipient: route.recipient,
      body,
      link,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * A phone's events for one trip (docs/delivery.md "Events"), in one transaction under the trip's
 * lock: each is recorded once by its own id (a resend is a no-op), all checked before any is
 * written (a 422 names the event and field), applied in the order of the phone's times whatever
 * order they arrive in. A stop's state keeps the earliest arrival and the first departure; an
 * outcome settles the stop's DOs. Every event is in the booking's history. After the commit the
 * stages the events imply are recorded through shipment planning's taps (stage.ts and its rules):
 * a `stage` event's own, ShipStart at the trip's start, ShipEnd when the last stop is left.
 */
export async function recordEvents(
  db: Database,
  board: BoardEvents,
  contact: Contact,
  shipmentId: string,
  author: Author,
  events: readonly StopEventInput[],
): Promise<EventsAnswer> {
  const now = Date.now();
  const sorted = events
    .map((event, index) => ({ event, index }))
    .sort((a, b) => Date.parse(a.event.at) - Date.parse(b.event.at) || a.index - b.index);
  const outcome = await db.transaction().execute(async (trx) => {
    const trip: TripRow | undefined = await trx
      .selectFrom('delivery_trip as t')
      .innerJoin('shipment as s', 's.id', 't.shipment_id')
      .select(['t.shipment_id', 't.branch_id', 't.started_at', 't.ended_at', 's.doc_no'])
      .where('t.shipment_id', '=', shipmentId)
      .forUpdate('t')
      .executeTakeFirst();
    if (!trip) throw notFound();
    const stops = await lockStops(trx, shipmentId);
    const known = await trx
      .selectFrom('delivery_event')
      .select(['id', 'shipment_id'])
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    if (known.some((k) => k.shipment_id !== shipmentId)) throw notFound();
    const seen = new Set(known.map((k) => k.id));
    // The trip's uploads, read only when an event names one (an arrival or a departure names none).
    const named = events.some((e) => e.signatureFileId !== undefined || e.photoFileIds?.length);
    const fileIds = new Map(
      named
        ? (
            await trx
              .selectFrom('delivery_file')
              .select(['id', 'file_id'])
              .where('shipment_id', '=', shipmentId)
              .execute()
          ).map((f) => [f.id, f.file_id])
        : [],
    );
    const files = new Set(fileIds.keys());
    const errors: Record<string, string> = {};
    const batchIds = new Set<string>();
    for (const { event, index } of sorted) {
      if (seen.has(event.id) || batchIds.has(event.id)) continue;
      batchIds.add(event.id);
      const stop = stops.find((s) => s.id === event.stopId);
      for (const [field, message] of Object.entries(check(event, stop, files, now)))
        errors[`events[${index}].${field}`] = message;
    }
    // Two outcomes for one stop in one call: the first in time wins, the second is refused.
    const outcomes = new Map<string, number>();
    for (const { event, index } of sorted)
      if (OUTCOMES.has(event.kind) && event.stopId && !seen.has(event.id)) {
        if (outcomes.has(event.stopId)) errors[`events[${index}].kind`] = deliveryMessages.outcomeTwice;
        else outcomes.set(event.stopId, index);
      }
    if (Object.keys(errors).length) throw new HttpError(422, [...new Set(Object.values(errors))], errors);

    const docNo = trip.doc_no;
    const stageTaps: { id: string; stage: ShipmentStage; at: string; confirmUnusual: boolean }[] = [];
    let startedAt = trip.started_at;
    const recorded = new Set<string>();
    for (const { event } of sorted) {
      if (seen.has(event.id) || recorded.has(event.id)) continue;
      recorded.add(event.id);
      const when = new Date(event.at);
      const stop = stops.find((s) => s.id === event.stopId);
      // Photo and signature ids are the phone's upload ids: the proof names the stored files.
      const stored = (id: string | undefined) => (id === undefined ? null : (fileIds.get(id) ?? null));
      await trx
        .insertInto('delivery_event')
        .values({
          id: event.id,
          shipment_id: shipmentId,
          stop_id: stop?.id ?? null,
          kind: event.kind,
          stage: event.stage ?? null,
          at: when,
          lat: event.position?.lat ?? null,
          lon: event.position?.lon ?? null,
          accuracy: event.position?.accuracy ?? null,
          recipient: event.recipient?.trim() || null,
          signature_file_id: stored(event.signatureFileId),
          photo_file_ids: (event.photoFileIds ?? []).map((id) => fileIds.get(id)!).filter(Boolean),
          quantities: event.quantities ? JSON.stringify(event.quantities) : null,
          reason: event.reason ?? null,
          reason_text: event.reasonText?.trim() || null,
          note: event.note?.trim() || null,
          recorded_by: author.userId,
          link_id: author.linkId,
        })
        .execute();
      if (event.kind === 'stage') {
        stageTaps.push({
          id: event.id,
          stage: event.stage!,
          at: event.at,
          confirmUnusual: event.confirmUnusual === true,
        });
        if (event.stage === 'ShipStart' && (!startedAt || when < startedAt)) startedAt = when;
      } else if (stop) {
        // The trip runs from its departure: a stop event says it has departed.
        if (!startedAt || when < startedAt) startedAt = when;
        const arrived = stop.arrived_at && stop.arrived_at < when ? stop.arrived_at : when;
        if (event.kind === 'arrived' || OUTCOMES.has(event.kind)) stop.arrived_at = arrived;
        if (event.kind === 'arrived' && stop.status === 'PENDING') stop.status = 'ARRIVED';
        if (OUTCOMES.has(event.kind)) {
          stop.status =
            event.kind === 'delivered' ? 'DELIVERED' : event.kind === 'partial' ? 'PARTIAL' : 'FAILED';
          stop.outcome_event_id = event.id;
          await settleOrders(trx, stop, event, shipmentId, author);
          const named = [event.signatureFileId, ...(event.photoFileIds ?? [])].filter(
            (id) => id !== undefined,
          );
          if (named.length)
            await trx
              .updateTable('delivery_file')
              .set({ booking_id: stop.booking_id })
              .where('id', 'in', named)
              .execute();
        }
        if (event.kind === 'left' && !stop.left_at) stop.left_at = when;
        await trx
          .updateTable('delivery_stop')
          .set({
            status: stop.status,
            arrived_at: stop.arrived_at,
            left_at: stop.left_at,
            outcome_event_id: stop.outcome_event_id,
          })
          .where('id', '=', stop.id)
          .execute();
        await recordHistory(trx, {
          entity: bookingReport,
          recordId: stop.booking_id,
          action: 'update',
          userId: author.userId,
          ...(author.linkId ? { source: 'ลิงก์เที่ยวรถ' } : {}),
          changes: {
            delivery: kindLabel(event.kind),
            shipment: docNo,
            stop: stop.seq,
            at: at(when),
            ...(event.recipient ? { recipient: event.recipient.trim() } : {}),
            ...(event.reason
              ? { reason: reasonLabel(event.reason), reasonText: event.reasonText ?? null }
              : {}),
            ...(event.quantities ? { quantities: event.quantities } : {}),
            ...(event.position ? { position: event.position } : {}),
          },
        });
      }
    }
    const endedAt =
      stops.length > 0 && stops.every((s) => s.left_at)
        ? new Date(Math.max(...stops.map((s) => s.left_at!.getTime())))
        : null;
    if (
      startedAt?.getTime() !== trip.started_at?.getTime() ||
      endedAt?.getTime() !== trip.ended_at?.getTime()
    )
      await trx
        .updateTable('delivery_trip')
        .set({ started_at: startedAt, ended_at: endedAt })
        .where('shipment_id', '=', shipmentId)
        .execute();
    const [state] = await loadTrips(trx, { shipmentIds: [shipmentId] }, now);
    // The customer of the next stop not done hears the truck is coming once the stop before it is
    // done (the first stop's, once the trip left): tried on every call, sent once per booking (a unique index).
    const next = state!.stops.findIndex((s) => !s.left_at && !s.outcome_kind);
    if (next >= 0 && startedAt) {
      const eta = state!.etas[next]?.eta;
      await onTheWay(
        trx,
        contact,
        shipmentId,
        state!.stops[next]!.booking_id,
        eta ? new Date(eta).toISOString() : null,
      );
    }
    return { state: state!, stageTaps, startedAt, endedAt, branchId: trip.branch_id, seen };
  });
  // The boards hear the trip's stops and ETAs now (with the next flush of positions, FLUSH_MS).
  board.progressed(outcome.branchId, tripProgress(outcome.state, now));

  // The stages the events imply, through shipment planning's own taps and rules. An implied tap
  // its rules refuse on the trip as it stands (an earlier stage not tapped) is answered so without a write.
  const stages: EventsAnswer['stages'][number][] = [];
  const stageUser = author.userId ?? author.linkId ?? shipmentId;
  let actual: Record<string, unknown> = {};
  /** A tap the stop events imply is what happened: recorded at their time without asking (`confirmUnusual`). */
  const tap = async (
    id: string,
    stage: ShipmentStage,
    when: string,
    implied: boolean,
    confirmed = implied,
  ) => {
    const instant = new Date(when);
    const refused =
      implied && stageRefusal(actual, stage, { date: bangkokIsoDate(instant), time: formatTime(instant) });
    if (refused) {
      stages.push({ stage, recorded: false, message: refused, confirmUnusual: false });
      return;
    }
    try {
      const recorded = await recordStage(db, outcome.branchId, stageUser, shipmentId, {
        id,
        stage,
        at: when,
        confirmUnusual: confirmed,
      });
      const names = stageFieldNames(stage);
      actual = { ...actual, [names.actDate]: recorded.at.date, [names.actTime]: recorded.at.time };
      stages.push({ stage, recorded: true, message: null, confirmUnusual: false });
    } catch (error) {
      if (error instanceof UnusualTap)
        stages.push({ stage, recorded: false, message: error.question, confirmUnusual: true });
      else if (error instanceof HttpError)
        stages.push({ stage, recorded: false, message: error.messages[0] ?? null, confirmUnusual: false });
      else throw error;
    }
  };
  const recorded = () => stages.filter((s) => s.recorded).length;
  // The trip as the transaction left it, read again only when a stage was recorded since.
  let state = outcome.state;
  const reload = async () => {
    state = (await loadTrips(db, { shipmentIds: [shipmentId] }))[0]!;
  };
  for (const t of outcome.stageTaps) await tap(t.id, t.stage, t.at, false, t.confirmUnusual);
  if (recorded() > 0) await reload();
  actual = actualTimes(state.shipment);
  const before = recorded();
  if (outcome.startedAt && !state.shipment.act_date_ship_start)
    await tap(impliedTapId(shipmentId, 'ShipStart'), 'ShipStart', outcome.startedAt.toISOString(), true);
  if (outcome.endedAt && !state.shipment.act_date_ship_end)
    await tap(impliedTapId(shipmentId, 'ShipEnd'), 'ShipEnd', outcome.endedAt.toISOString(), true);
  if (recorded() > before) await reload();
  return {
    results: events.map((e, i) => ({
      id: e.id,
      duplicate: outcome.seen.has(e.id) || events.findIndex((other) => other.id === e.id) < i,
    })),
    stages,
    trip: driverTrip(state),
  };
}
