import type { BoardPosition, BoardTrip, TripProgress } from '@lms/domain';
import { servedStops } from '@lms/domain';

/**
 * The board live (docs/delivery.md "The board"): the stream sends deltas, merged into the trips
 * the board read. A position moves its truck (an older fix than the one shown is ignored); a
 * progress replaces the trip's state and its stops' states, times and ETAs by id, the rest of each
 * stop (name, window, plan) staying as read. A delta for a trip the board does not have (planned
 * after it was read) is dropped: the board reads again when the stream reconnects.
 */
export function applyPositions(
  trips: readonly BoardTrip[],
  positions: readonly BoardPosition[],
): BoardTrip[] {
  const newest = new Map<string, BoardPosition>();
  for (const p of positions) {
    const seen = newest.get(p.tripId);
    if (!seen || seen.at < p.at) newest.set(p.tripId, p);
  }
  return trips.map((trip) => {
    const p = newest.get(trip.id);
    if (!p || (trip.position && trip.position.at >= p.at)) return trip;
    return { ...trip, position: { lat: p.lat, lon: p.lon, accuracy: p.accuracy, at: p.at } };
  });
}

export function applyProgress(trips: readonly BoardTrip[], progress: readonly TripProgress[]): BoardTrip[] {
  const byId = new Map(progress.map((p) => [p.id, p]));
  return trips.map((trip) => {
    const p = byId.get(trip.id);
    if (!p || p.at < trip.at) return trip;
    const stops = new Map(p.stops.map((s) => [s.id, s]));
    return {
      ...trip,
      status: p.status,
      done: p.done,
      nextStopId: p.nextStopId,
      late: p.late,
      at: p.at,
      // Only while the trip runs (PDPA): a trip that ended drops its truck from the map.
      position: p.status === 'RUNNING' ? trip.position : null,
      stops: trip.stops.map((stop) => ({ ...stop, ...(stops.get(stop.id) ?? {}) })),
    };
  });
}

/** The board's own figures: trips running, stops done of all, stops flagged late. */
export function boardFigures(trips: readonly BoardTrip[]) {
  return {
    running: trips.filter((t) => t.status === 'RUNNING').length,
    stops: trips.reduce((n, t) => n + servedStops(t.stops).length, 0),
    done: trips.reduce((n, t) => n + t.done, 0),
    late: trips.reduce((n, t) => n + servedStops(t.stops).filter((s) => s.late && !s.leftAt).length, 0),
  };
}
