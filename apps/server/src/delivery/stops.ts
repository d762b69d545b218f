import { addDays, DEFAULT_PROOF_REQUIREMENT, deliveryMessages, type PlanInstant } from '@lms/domain';
import type { Tx } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { bangkokInstant } from '../shipmentPlanning/answer.ts';
import type { ConfirmedTrip, ConfirmHooks } from '../shipmentPlanning/confirm.ts';
import { settingOf } from '../shipmentPlanning/problem.ts';

/** Booking's default speed when a vehicle type has no setting (problem.ts's). */
const DEFAULT_MINUTES_PER_KM = 1.5;
const DAY = 86_400;

export { bangkokInstant };

/** A plan's date and time of day (Bangkok) as an instant. */
export const instantOfPlan = (at: PlanInstant): Date =>
  bangkokInstant(at.date, Number(at.time.slice(0, 2)) * 3600 + Number(at.time.slice(3, 5)) * 60);

/** A stop's DO as written: what the booking put on this truck. */
export interface StopOrderRow {
  readonly deliveryOrderId: string;
  readonly docNo: string;
  readonly article: string | null;
  readonly qty: number;
}

/**
 * A confirmed trip's stops (docs/delivery.md "Model"): one per booking in plan order, with the
 * planned arrival and departure, the window the planner held it to (the booked time ± tolerance
 * within the shift, less truck bans), the service time, the booked DOs and quantities, and the
 * ship-to as booked (name, address, phone, coordinates), plus the proof its ship-to or customer asks.
 * A re-plan before the trip starts writes them again.
 */
async function writeTrip(trx: Tx, confirmed: ConfirmedTrip): Promise<void> {
  const { slot, problem, trip, shipmentId, branchId } = confirmed;
  const truck = slot.trucks.find((t) => t.id === trip.vehicleId);
  const minutesPerKm = (truck && settingOf(slot, truck.vehicleTypeId)?.speedPerKm) || DEFAULT_MINUTES_PER_KM;
  const shipStart = trip.stages.find((s) => s.stage === 'ShipStart')?.at ?? trip.stops[0]?.arrival;
  const plannedStart = shipStart ? instantOfPlan(shipStart) : bangkokInstant(slot.date, 0);
  await trx
    .insertInto('delivery_trip')
    .values({
      shipment_id: shipmentId,
      branch_id: branchId,
      shift_date: slot.date,
      minutes_per_km: minutesPerKm,
      depot_lat: slot.branch.lat,
      depot_lon: slot.branch.lon,
      planned_start: plannedStart,
    })
    .onConflict((oc) =>
      oc.column('shipment_id').doUpdateSet((eb) => ({
        shift_date: eb.ref('excluded.shift_date'),
        minutes_per_km: eb.ref('excluded.minutes_per_km'),
        depot_lat: eb.ref('excluded.depot_lat'),
        depot_lon: eb.ref('excluded.depot_lon'),
        planned_start: eb.ref('excluded.planned_start'),
      })),
    )
    .execute();
  // A re-plan keeps the stops a driver started (arrived or later: they carry what happened), put in
  // the trip's new order; the others are written again. A first confirm has none.
  const kept = await trx
    .selectFrom('delivery_stop')
    .select(['id', 'booking_id'])
    .where('shipment_id', '=', shipmentId)
    .where((eb) => eb.or([eb('status', '!=', 'PENDING'), eb('arrived_at', 'is not', null)]))
    .execute();
  let gone = trx.deleteFrom('delivery_stop').where('shipment_id', '=', shipmentId);
  if (kept.length > 0)
    gone = gone.where(
      'id',
      'not in',
      kept.map((k) => k.id),
    );
  await gone.execute();
  // Renumbered in two steps: seq is unique per trip.
  await trx
    .updateTable('delivery_stop')
    .set((eb) => ({ seq: eb.neg(eb.ref('seq')) }))
    .where('shipment_id', '=', shipmentId)
    .execute();
  for (const k of kept) {
    const seq = trip.stops.findIndex((s) => s.bookingId === k.booking_id) + 1;
    if (seq === 0) throw new HttpError(422, [deliveryMessages.replanStarted(confirmed.docNo)]);
    await trx.updateTable('delivery_stop').set({ seq }).where('id', '=', k.id).execute();
  }
  const keptBookings = new Set(kept.map((k) => k.booking_id));
  if (trip.stops.length === 0) return;

  const bookingIds = [...new Set(trip.stops.map((s) => s.bookingId))];
  const places = await trx
    .selectFrom('booking_report as b')
    .leftJoin('ship_to as st', 'st.id', 'b.ship_to_id')
    .leftJoin('customer as c', 'c.id', 'b.customer_id')
    .leftJoin('sub_district as sd', 'sd.id', 'st.sub_district_id')
    .select((eb) => [
      'b.id',
      eb.fn.coalesce('b.ship_to_name', 'st.name').as('name'),
      eb.fn.coalesce('b.ship_to_address', 'st.address').as('address'),
      eb.fn.coalesce('b.ship_to_tel', 'st.tel').as('phone'),
      eb.fn.coalesce('b.ship_to_lat', 'st.lat', 'sd.lat').as('lat'),
      eb.fn.coalesce('b.ship_to_lon', 'st.lon', 'sd.lon').as('lon'),
      eb.fn
        .coalesce('st.proof_requirement', 'c.proof_requirement', eb.val(DEFAULT_PROOF_REQUIREMENT))
        .as('proof'),
    ])
    .where('b.id', 'in', bookingIds)
    .execute();
  const lines = await trx
    .selectFrom('booking_report__lines as l')
    .innerJoin('delivery_order as d', 'd.id', 'l.delivery_order_id')
    .leftJoin('article as a', 'a.id', 'd.article_uom_id')
    .select((eb) => [
      'l.parent_id',
      'l.delivery_order_id',
      'd.doc_no',
      'a.name as article',
      eb.fn.sum<number>('l.qty').as('qty'),
    ])
    .where('l.parent_id', 'in', bookingIds)
    .groupBy(['l.parent_id', 'l.delivery_order_id', 'd.doc_no', 'a.name'])
    .execute();

  const jobs = new Map(problem.problem.jobs.map((job) => [String(job.id), job]));
  const rows = trip.stops.flatMap((stop, i) => {
    if (keptBookings.has(stop.bookingId)) return [];
    const place = places.find((p) => p.id === stop.bookingId);
    const own = stop.deliveryOrderIds.map((id) => jobs.get(id)).filter((j) => j !== undefined);
    const start = instantOfPlan(stop.start);
    // The window the planner held the stop to: the one around its service start (all its DOs share it).
    const windows = own.flatMap((job) => job.timeWindows ?? []);
    const startSeconds = (start.getTime() - bangkokInstant(slot.date, 0).getTime()) / 1000;
    const holding = windows.filter(([a, b]) => a <= startSeconds && startSeconds <= b);
    const chosen = holding.length ? holding : windows;
    const from = chosen.length ? Math.max(...chosen.map(([a]) => a)) : 0;
    const to = chosen.length ? Math.min(...chosen.map(([, b]) => b)) : DAY;
    const orders: StopOrderRow[] = stop.deliveryOrderIds.map((id) => {
      const line = lines.find((l) => l.parent_id === stop.bookingId && l.delivery_order_id === id);
      return {
        deliveryOrderId: id,
        docNo: line?.doc_no ?? '',
        article: line?.article ?? null,
        qty: Number(line?.qty ?? 0),
      };
    });
    return {
      shipment_id: shipmentId,
      seq: i + 1,
      booking_id: stop.bookingId,
      ship_to_name: place?.name ?? '',
      address: place?.address ?? null,
      phone: place?.phone ?? null,
      lat: place?.lat === null || place?.lat === undefined ? null : Number(place.lat),
      lon: place?.lon === null || place?.lon === undefined ? null : Number(place.lon),
      window_from: bangkokInstant(slot.date, Math.min(from, to)),
      window_to: bangkokInstant(slot.date, to),
      planned_arrival: instantOfPlan(stop.arrival),
      planned_departure: instantOfPlan(stop.departure),
      service_seconds: own.reduce((sum, job) => sum + (job.service ?? 0), 0),
      proof_required: place?.proof ?? DEFAULT_PROOF_REQUIREMENT,
      orders: JSON.stringify(orders),
    };
  });
  if (rows.length > 0) await trx.insertInto('delivery_stop').values(rows).execute();
}

/**
 * A trip that has started (any event recorded) cannot be planned again: its stops carry what the
 * driver reported. The check runs in the confirm's transaction, before anything is written.
 */
async function refuseStarted(trx: Tx, shipmentIds: readonly string[]): Promise<void> {
  if (shipmentIds.length === 0) return;
  const started = await trx
    .selectFrom('delivery_trip as t')
    .innerJoin('shipment as s', 's.id', 't.shipment_id')
    .select('s.doc_no')
    .where('t.shipment_id', 'in', [...shipmentIds])
    .where((eb) =>
      eb.or([
        eb('t.started_at', 'is not', null),
        eb.exists(
          eb.selectFrom('delivery_event as e').select('e.id').whereRef('e.shipment_id', '=', 't.shipment_id'),
        ),
      ]),
    )
    .executeTakeFirst();
  if (started) throw new HttpError(422, [deliveryMessages.replanStarted(started.doc_no)]);
}

/** Shipment planning's confirm writes each trip's stops through these (app.ts). */
export const deliveryConfirmHooks: ConfirmHooks = { replacing: refuseStarted, written: writeTrip };

/** The instant a shift date's day ends in Bangkok (for a trip without a planned end). */
export const endOfDay = (date: string) => bangkokInstant(addDays(date, 1), 0);

/** Re-exported for readers of a stop's jsonb. */
export const ordersOf = (value: unknown): StopOrderRow[] =>
  (typeof value === 'string' ? JSON.parse(value) : value) as StopOrderRow[];
