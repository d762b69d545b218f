import { createHash } from 'node:crypto';
import {
  bangkokIsoDate,
  deliveryMessages,
  type EventsAnswer,
  entityByName,
  formatTime,
  type ShipmentStage,
  type StopEventInput,
  stageFieldNames,
} from '@lms/domain';
import type { Contact } from '../contact/outbox.ts';
import { recordHistory } from '../crud/history.ts';
import type { Database } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { stageLabel } from '../shipmentPlanning/messages.ts';
import { actualTimes, recordStage, shiftPlan, stageRefusal, UnusualTap } from '../shipmentPlanning/stage.ts';
import { type Author, checkEvent, lockStops, OUTCOMES, type StopRow } from './eventRules.ts';
import type { BoardEvents } from './live.ts';
import { onTheWay } from './onTheWay.ts';
import { kindLabel, reasonLabel, settleOrders } from './settle.ts';
import { ordersOf } from './stops.ts';
import { driverTrip, loadTrips, tripProgress } from './trips.ts';

const bookingReport = entityByName('bookingReport');

/** A stage tap's id made from the trip and the stage: the implied stage is recorded once, whoever asks again. */
function impliedTapId(shipmentId: string, stage: ShipmentStage): string {
  const hex = createHash('sha256').update(`delivery:${shipmentId}:${stage}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const at = (d: Date) => `${bangkokIsoDate(d)} ${formatTime(d)}`;

/** A partial delivery's quantities as the history tab reads them: per DO number, never its id. */
const quantitiesByDocNo = (stop: StopRow, quantities: NonNullable<StopEventInput['quantities']>) => {
  const docNos = new Map(ordersOf(stop.orders).map((order) => [order.deliveryOrderId, order.docNo]));
  return Object.fromEntries(quantities.map((q) => [docNos.get(q.deliveryOrderId) ?? '-', q.qty]));
};

type TripRow = {
  shipment_id: string;
  branch_id: string;
  started_at: Date | null;
  ended_at: Date | null;
  doc_no: string;
};
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
    // Tomorrow's trip tapped today is refused as its stage taps are (`eventTimeRefusal`).
    const shift = await shiftPlan(trx, shipmentId);
    const errors: Record<string, string> = {};
    const batchIds = new Set<string>();
    for (const { event, index } of sorted) {
      if (seen.has(event.id) || batchIds.has(event.id)) continue;
      batchIds.add(event.id);
      const stop = stops.find((s) => s.id === event.stopId);
      const label = event.kind === 'stage' && event.stage ? stageLabel(event.stage) : kindLabel(event.kind);
      for (const [field, message] of Object.entries(checkEvent(event, stop, files, now, shift, label)))
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
            ...(event.quantities && stop ? { quantities: quantitiesByDocNo(stop, event.quantities) } : {}),
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
