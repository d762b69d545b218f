import {
  type BookingDelivery,
  type CustomerDelivery,
  customerDeliveryStates,
  type DateFormatOptions,
  deliveryMessages,
  failureReasonOptions,
  formatDate,
  formatTime,
  kindLabelOf,
  optionLabel,
} from '@lms/domain';
import type { Appointment } from '../contact/appointment.ts';
import type { Executor } from '../db/database.ts';
import { loadCompanySettings } from '../settings/company.ts';
import { boardStop, loadTrips, ordersWithDelivered, proofOf, type TripState } from './trips.ts';

const stateLabel = (state: CustomerDelivery['state']) =>
  customerDeliveryStates.find((s) => s.value === state)!.label;
const reasonLabel = (reason: string) =>
  reason === 'PARTIAL' ? kindLabelOf('partial') : (optionLabel(failureReasonOptions, reason) ?? reason);

/** The trips that carry a booking, with the booking's own stops. */
async function tripsOfBooking(db: Executor, bookingId: string, branchId?: string) {
  let query = db
    .selectFrom('delivery_stop as st')
    .innerJoin('delivery_trip as t', 't.shipment_id', 'st.shipment_id');
  if (branchId) query = query.where('t.branch_id', '=', branchId);
  const rows = await query
    .select('st.shipment_id')
    .distinct()
    .where('st.booking_id', '=', bookingId)
    .execute();
  const states = await loadTrips(db, { shipmentIds: rows.map((r) => r.shipment_id) });
  return states.flatMap((state) =>
    state.stops.flatMap((stop, i) => (stop.booking_id === bookingId ? [{ state, i }] : [])),
  );
}

async function returnsOf(db: Executor, stopIds: readonly string[]) {
  if (stopIds.length === 0) return [];
  return db
    .selectFrom('delivery_return as r')
    .innerJoin('delivery_order as d', 'd.id', 'r.delivery_order_id')
    .leftJoin('booking_report as nb', 'nb.id', 'r.rebooked_booking_id')
    .select([
      'r.stop_id',
      'r.delivery_order_id',
      'd.doc_no',
      'r.qty',
      'r.reason',
      'r.rebooked_booking_id',
      'nb.doc_no as rebooked_doc_no',
      (eb) =>
        eb
          .selectFrom('booking_report__lines as l')
          .select((inner) => inner.fn.min('l.delivery_date').as('d'))
          .whereRef('l.parent_id', '=', 'r.rebooked_booking_id')
          .as('rebooked_date'),
    ])
    .where('r.stop_id', 'in', [...stopIds])
    .orderBy('r.created_at')
    .execute();
}

/** A booking's deliveries (its page, the delivery note): each stop that carried it, with times, proof and returns. */
export async function bookingDeliveries(
  db: Executor,
  branchId: string,
  bookingId: string,
): Promise<BookingDelivery[]> {
  const found = await tripsOfBooking(db, bookingId, branchId);
  const returns = await returnsOf(
    db,
    found.map(({ state, i }) => state.stops[i]!.id),
  );
  return found.map(({ state, i }) => {
    const stop = state.stops[i]!;
    return {
      shipmentId: state.shipment.shipment_id,
      shipmentDocNo: state.shipment.doc_no,
      licensePlate: state.shipment.car_plate_snap,
      driverName: state.shipment.driver_name,
      stop: boardStop(state, i),
      orders: ordersWithDelivered(stop),
      proof: proofOf(stop),
      returns: returns
        .filter((r) => r.stop_id === stop.id)
        .map((r) => ({
          deliveryOrderId: r.delivery_order_id,
          docNo: r.doc_no,
          qty: Number(r.qty),
          reasonLabel: reasonLabel(r.reason),
          rebookedBookingId: r.rebooked_booking_id,
          rebookedBookingDocNo: r.rebooked_doc_no,
        })),
    };
  });
}

const hhmm = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : formatTime(new Date(ms));

function customerOf(
  state: TripState,
  i: number,
  returns: Awaited<ReturnType<typeof returnsOf>>,
  era: DateFormatOptions,
): CustomerDelivery {
  const stop = state.stops[i]!;
  const eta = state.etas[i]!;
  const orders = ordersWithDelivered(stop).map((o) => ({
    docNo: o.docNo,
    qty: o.qty,
    delivered: o.delivered,
  }));
  const base = {
    plannedTime: hhmm(stop.planned_arrival.getTime()),
    eta: null,
    stopsBefore: null,
    deliveredAt: null,
    recipient: null,
    orders,
    reasonLabel: null,
    next: null,
  };
  const outcome = stop.outcome_kind;
  if (outcome === 'delivered' || outcome === 'partial') {
    const state = outcome === 'delivered' ? 'DELIVERED' : 'PARTIAL';
    return {
      ...base,
      state,
      stateLabel: stateLabel(state),
      deliveredAt: stop.outcome_at!.toISOString(),
      recipient: stop.recipient,
      next:
        outcome === 'partial'
          ? nextOf(
              returns.filter((r) => r.stop_id === stop.id),
              era,
            )
          : null,
    };
  }
  if (outcome === 'failed')
    return {
      ...base,
      state: 'FAILED',
      stateLabel: stateLabel('FAILED'),
      reasonLabel: optionLabel(failureReasonOptions, stop.reason) ?? null,
      next: nextOf(
        returns.filter((r) => r.stop_id === stop.id),
        era,
      ),
    };
  if (stop.arrived_at) return { ...base, state: 'ARRIVED', stateLabel: stateLabel('ARRIVED') };
  if (state.status === 'RUNNING') {
    const before = state.stops.filter((s) => s.seq < stop.seq && !s.left_at && !s.outcome_kind).length;
    return {
      ...base,
      state: 'ON_THE_WAY',
      stateLabel: stateLabel('ON_THE_WAY'),
      eta: hhmm(eta.eta),
      stopsBefore: before,
    };
  }
  return { ...base, state: 'PLANNED', stateLabel: stateLabel('PLANNED') };
}

/** What happens next to a returned DO, its new day in the company's era (a customer message's, docs/documents.md "Dates"). */
function nextOf(returns: Awaited<ReturnType<typeof returnsOf>>, era: DateFormatOptions): string {
  const rebooked = returns.find((r) => r.rebooked_date);
  return rebooked?.rebooked_date
    ? deliveryMessages.rebooked(formatDate(String(rebooked.rebooked_date).slice(0, 10), era))
    : deliveryMessages.nextAfterFailure;
}

/**
 * What the customer's appointment link shows of the delivery (docs/delivery.md "What a customer
 * sees"): per stop that carries the booking, planned / on the way (stops before, ETA) / arrived /
 * delivered (recipient, time, quantities) / not delivered (why, and what happens next). No id, no
 * phone, no driver's position. Before any trip: the appointment as planned.
 */
export async function customerDeliveries(
  db: Executor,
  appointment: Appointment,
): Promise<CustomerDelivery[]> {
  const found = await tripsOfBooking(db, appointment.bookingId);
  if (found.length === 0)
    return [
      {
        state: 'PLANNED',
        stateLabel: stateLabel('PLANNED'),
        plannedTime: appointment.time,
        eta: null,
        stopsBefore: null,
        deliveredAt: null,
        recipient: null,
        orders: appointment.orders.map((docNo) => ({ docNo, qty: 0, delivered: null })),
        reasonLabel: null,
        next: null,
      },
    ];
  const returns = await returnsOf(
    db,
    found.map(({ state, i }) => state.stops[i]!.id),
  );
  const era = { buddhistEra: (await loadCompanySettings(db)).buddhistEra };
  return found.map(({ state, i }) => customerOf(state, i, returns, era));
}
