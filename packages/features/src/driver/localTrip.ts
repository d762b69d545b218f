import type { DriverStop, DriverTrip, StopEventInput, StopProof, StopStatus } from '@lms/domain';
import { canceledAhead, failureReasonOptions, optionLabel, servedStops } from '@lms/domain';

/**
 * The trip as the driver sees it: the server's last answer with the events still waiting on the
 * phone applied, by the same rules the server applies them (docs/delivery.md "Rules of events": in
 * the phone's time order, a stop keeps its first arrival and departure, one outcome per stop). So
 * a stop marked delivered offline shows delivered at once, and the server's answer later agrees.
 */
export function withPending(trip: DriverTrip, pending: readonly StopEventInput[]): DriverTrip {
  const events = [...pending].sort((a, b) => a.at.localeCompare(b.at));
  if (events.length === 0) return trip;
  const stops = trip.stops.map((stop) =>
    applyTo(
      stop,
      events.filter((e) => e.stopId === stop.id),
    ),
  );
  const started =
    trip.status !== 'PLANNED' || events.some((e) => e.kind !== 'stage' || e.stage === 'ShipStart');
  const done = stops.length > 0 && stops.every((s) => s.leftAt);
  return { ...trip, stops, status: done ? 'DONE' : started ? 'RUNNING' : trip.status };
}

const outcomeStatus: Record<'delivered' | 'partial' | 'failed', StopStatus> = {
  delivered: 'DELIVERED',
  partial: 'PARTIAL',
  failed: 'FAILED',
};

function applyTo(stop: DriverStop, events: readonly StopEventInput[]): DriverStop {
  let next = stop;
  for (const event of events) {
    switch (event.kind) {
      case 'arrived':
        next = {
          ...next,
          arrivedAt: next.arrivedAt ?? event.at,
          status: next.status === 'PENDING' ? 'ARRIVED' : next.status,
        };
        break;
      case 'delivered':
      case 'partial':
      case 'failed': {
        if (next.proof) break;
        const given = new Map((event.quantities ?? []).map((q) => [q.deliveryOrderId, q.qty]));
        next = {
          ...next,
          arrivedAt: next.arrivedAt ?? event.at,
          status: outcomeStatus[event.kind],
          orders: next.orders.map((order) => ({
            ...order,
            delivered:
              event.kind === 'failed'
                ? 0
                : event.kind === 'delivered'
                  ? order.qty
                  : (given.get(order.deliveryOrderId) ?? 0),
          })),
          proof: proofOf(event, event.kind),
        };
        break;
      }
      case 'left':
        next = { ...next, leftAt: next.leftAt ?? event.at, eta: null };
        break;
      case 'stage':
        break;
    }
  }
  return next;
}

function proofOf(event: StopEventInput, kind: StopProof['kind']): StopProof {
  return {
    kind,
    at: event.at,
    position: event.position ?? null,
    recipient: event.recipient ?? null,
    signatureFileId: event.signatureFileId ?? null,
    photoFileIds: event.photoFileIds ?? [],
    reason: event.reason ?? null,
    reasonLabel: optionLabel(failureReasonOptions, event.reason) ?? null,
    reasonText: event.reasonText ?? null,
    note: event.note ?? null,
  };
}

/** The next stop to serve: the first in order not yet left, passing those cancelled after the plan. */
export const nextStop = (trip: DriverTrip): DriverStop | undefined =>
  trip.stops.find((s) => !s.leftAt && !canceledAhead(s));

/** Stops left and stops to serve (not those cancelled after the plan and not reached): "ส่งแล้ว x/y จุด". */
export function servedProgress(trip: DriverTrip): { readonly done: number; readonly total: number } {
  const served = servedStops(trip.stops);
  return { done: served.filter((s) => s.leftAt).length, total: served.length };
}

/**
 * Whether the trip's taps are accepted now (from `tapsFrom`, six hours before its shift): before
 * that — tomorrow's trip, opened the evening before — the server refuses them, so the phone offers
 * none. A copy saved before the field existed has none, and is judged by the server alone.
 */
export const tapsOpen = (trip: DriverTrip, now = Date.now()): boolean =>
  !trip.tapsFrom || now >= Date.parse(trip.tapsFrom);

/** What the driver may record at a stop now. */
export type StopStep = 'arrive' | 'outcome' | 'leave' | 'done';
export function stepOf(stop: DriverStop): StopStep {
  if (stop.leftAt) return 'done';
  if (stop.proof) return 'leave';
  if (stop.arrivedAt) return 'outcome';
  return 'arrive';
}
