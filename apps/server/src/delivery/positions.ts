import { deliveryMessages, type PositionsAnswer, type PositionsBody } from '@lms/domain';
import type { Database } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { BoardEvents } from './live.ts';
import { boardTrip, loadTrips } from './trips.ts';

/** One position kept per trip per this many seconds (the phone may send more; docs/privacy.md). */
export const POSITION_EVERY_S = 10;
/** A phone's clock may run a little ahead of the server's. */
const FUTURE_SKEW_MS = 60_000;

/**
 * The phone's positions (docs/delivery.md "Positions"), sent as they come or queued while offline:
 * kept only while the trip runs — from its departure to its last stop left, by each fix's own
 * time — and at most one per POSITION_EVERY_S; the rest are counted as ignored. The newest kept
 * one is the trip's last position, and the board hears the trip's new ETAs.
 */
export async function recordPositions(
  db: Database,
  board: BoardEvents,
  shipmentId: string,
  body: PositionsBody,
): Promise<PositionsAnswer> {
  const now = Date.now();
  const outcome = await db.transaction().execute(async (trx) => {
    const trip = await trx
      .selectFrom('delivery_trip')
      .select(['branch_id', 'started_at', 'ended_at', 'last_position_at'])
      .where('shipment_id', '=', shipmentId)
      .forUpdate()
      .executeTakeFirst();
    if (!trip) throw notFound();
    if (!trip.started_at) throw new HttpError(409, [deliveryMessages.notRunning]);
    const from = trip.started_at.getTime();
    const to = trip.ended_at?.getTime() ?? now + FUTURE_SKEW_MS;
    const fixes = body.positions
      .map((p) => ({ ...p, ms: Date.parse(p.at) }))
      .filter((p) => Number.isFinite(p.ms) && p.ms >= from && p.ms <= to && p.ms <= now + FUTURE_SKEW_MS)
      .sort((a, b) => a.ms - b.ms);
    // Thinned against what is kept already: the neighbours of each fix in time.
    const stored = await trx
      .selectFrom('delivery_position')
      .select('at')
      .where('shipment_id', '=', shipmentId)
      .where('at', '>', new Date((fixes[0]?.ms ?? 0) - POSITION_EVERY_S * 1000))
      .where('at', '<', new Date((fixes.at(-1)?.ms ?? 0) + POSITION_EVERY_S * 1000))
      .execute();
    const times = stored.map((r) => r.at.getTime());
    const kept: typeof fixes = [];
    for (const fix of fixes) {
      const near = (t: number) => Math.abs(t - fix.ms) < POSITION_EVERY_S * 1000;
      if (times.some(near)) continue;
      kept.push(fix);
      times.push(fix.ms);
    }
    if (kept.length === 0) return { kept: 0, update: undefined };
    await trx
      .insertInto('delivery_position')
      .values(
        kept.map((p) => ({
          shipment_id: shipmentId,
          at: new Date(p.ms),
          lat: p.lat,
          lon: p.lon,
          accuracy: p.accuracy,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    const newest = kept.at(-1)!;
    if (!trip.last_position_at || newest.ms > trip.last_position_at.getTime()) {
      await trx
        .updateTable('delivery_trip')
        .set({
          last_lat: newest.lat,
          last_lon: newest.lon,
          last_accuracy: newest.accuracy,
          last_position_at: new Date(newest.ms),
        })
        .where('shipment_id', '=', shipmentId)
        .execute();
    }
    const [state] = await loadTrips(trx, { shipmentIds: [shipmentId] }, now);
    const update = { branchId: trip.branch_id, trip: boardTrip(state!, now) };
    await board.publish(trx, update);
    return { kept: kept.length, update };
  });
  if (outcome.update) board.committed(outcome.update);
  return { kept: outcome.kept, ignored: body.positions.length - outcome.kept };
}
