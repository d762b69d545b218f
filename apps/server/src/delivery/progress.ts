import type { Executor } from '../db/database.ts';
import type { StartedStop, TripProgress } from '../shipmentPlanning/confirm.ts';
import { bangkokInstant } from './stops.ts';
import { loadTrips } from './trips.ts';

/**
 * What happened on a slot's trips, for a re-plan (docs/planning.md "Re-planning"): when each trip
 * left, whether it is over, and the stops its driver started (arrived, delivered, partly delivered,
 * failed) in the order driven, each with when the truck is free to go on — the time it left, else
 * the end of its service as the ETA now expects it (`estimateArrivals`) — and, while it runs, its last
 * known position.
 */
export async function tripProgress(
  db: Executor,
  date: string,
  shipmentIds: readonly string[],
  now: number,
): Promise<TripProgress[]> {
  const midnight = bangkokInstant(date, 0).getTime();
  const seconds = (ms: number) => Math.round((ms - midnight) / 1000);
  const trips = await loadTrips(db, { shipmentIds }, now);
  return trips.map(({ shipment, stops, etas }) => {
    const started: (StartedStop & { order: number })[] = [];
    stops.forEach((stop, i) => {
      const arrived = stop.arrived_at ?? stop.left_at;
      if (stop.status === 'PENDING' && arrived === null) return;
      const free = stop.left_at?.getTime() ?? etas[i]?.departure ?? now;
      const at = arrived?.getTime() ?? free;
      started.push({ bookingId: stop.booking_id, arrivedAt: seconds(at), freeAt: seconds(free), order: at });
    });
    started.sort((a, b) => a.order - b.order);
    return {
      shipmentId: shipment.shipment_id,
      startedAt: shipment.started_at ? seconds(shipment.started_at.getTime()) : null,
      ended: shipment.ended_at !== null,
      started: started.map(({ order: _order, ...stop }) => stop),
      position:
        shipment.ended_at === null &&
        shipment.last_lat !== null &&
        shipment.last_lon !== null &&
        shipment.last_position_at !== null
          ? {
              lat: shipment.last_lat,
              lon: shipment.last_lon,
              at: seconds(shipment.last_position_at.getTime()),
            }
          : null,
    };
  });
}
