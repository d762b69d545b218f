import { deliveryMessages, type PositionsAnswer, type PositionsBody } from '@lms/domain';
import { type Expression, sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { BoardEvents } from './live.ts';

/** One position kept per trip per this many seconds (the phone may send more; docs/privacy.md). */
export const POSITION_EVERY_S = 10;
const EVERY_MS = POSITION_EVERY_S * 1000;
/** A phone's clock may run a little ahead of the server's. */
const FUTURE_SKEW_MS = 60_000;

interface Fix {
  readonly ms: number;
  readonly lat: number;
  readonly lon: number;
  readonly accuracy: number;
}

/** Who posts: a trip link (its trip was checked against the path) or a user, and the driver records they are. */
export type Poster = { readonly link: true } | { readonly drivers: Expression<{ id: string }> };

interface Written {
  /** Null: no such trip of this poster. */
  branch_id: string | null;
  started_at: Date | null;
  ended_at: Date | null;
  kept: number;
  /** The newest fix kept, when it became the trip's last position. */
  at: Date | null;
  lat: number;
  lon: number;
  accuracy: number;
}

/**
 * One statement: the trip if it is the poster's, the fixes inside its run (from its departure to
 * its last stop left) not within POSITION_EVERY_S of a kept one, inserted; the newest becomes the
 * trip's last position if it is newer. Answers the trip's run, how many were kept and the position.
 */
function write(db: Database, shipmentId: string, poster: Poster, fixes: readonly Fix[], latest: number) {
  const owned =
    'drivers' in poster
      ? sql`and exists (select from shipment s where s.id = t.shipment_id and s.driver_id in ${poster.drivers})`
      : sql``;
  const near = sql`${`${POSITION_EVERY_S} seconds`}::interval`;
  const query = sql<Written>`
    with trip as (
      select t.shipment_id, t.branch_id, t.started_at, t.ended_at from delivery_trip t
       where t.shipment_id = ${shipmentId} ${owned}
    ), fix (at, lat, lon, accuracy) as (
      select * from unnest(${fixes.map((f) => new Date(f.ms).toISOString())}::timestamptz[],
        ${fixes.map((f) => f.lat)}::float8[], ${fixes.map((f) => f.lon)}::float8[], ${fixes.map((f) => f.accuracy)}::float8[])
    ), kept as (
      insert into delivery_position (shipment_id, at, lat, lon, accuracy)
      select t.shipment_id, f.at, f.lat, f.lon, f.accuracy from fix f, trip t
       where f.at >= t.started_at and f.at <= coalesce(t.ended_at, ${new Date(latest).toISOString()}::timestamptz)
         and not exists (select from delivery_position p where p.shipment_id = t.shipment_id
                           and p.at > f.at - ${near} and p.at < f.at + ${near})
      on conflict do nothing
      returning at, lat, lon, accuracy
    ), newest as (
      select * from kept order by at desc limit 1
    ), moved as (
      update delivery_trip t set last_lat = n.lat, last_lon = n.lon, last_accuracy = n.accuracy, last_position_at = n.at
        from newest n
       where t.shipment_id = ${shipmentId} and (t.last_position_at is null or n.at > t.last_position_at)
      returning n.at, n.lat, n.lon, n.accuracy
    )
    select t.branch_id, t.started_at, t.ended_at, (select count(*) from kept)::int as kept,
           m.at, m.lat, m.lon, m.accuracy
      from (select) one left join trip t on true left join moved m on true`;
  return db.executeQuery(prepared(query.compile(db)));
}

/** In time order, each fix at least POSITION_EVERY_S after the one before it that is kept. */
function thinned(fixes: readonly Fix[]): Fix[] {
  const kept: Fix[] = [];
  for (const fix of [...fixes].sort((a, b) => a.ms - b.ms)) {
    const last = kept.at(-1);
    if (!last || fix.ms - last.ms >= EVERY_MS) kept.push(fix);
  }
  return kept;
}

/**
 * The phone's positions (docs/delivery.md "Positions"), sent as they come or queued while offline:
 * kept only while the trip runs — from its departure to its last stop left, by each fix's own
 * time — and at most one per POSITION_EVERY_S; the rest are counted as ignored. A post is one
 * statement, which checks the trip is the poster's too: nothing is read back, no ETA computed here.
 * The newest kept fix, if it is the trip's newest, goes to the boards as a small delta
 * (`BoardEvents.moved`: coalesced; the trip's ETAs follow at most every ETA_REFRESH_S).
 */
export async function recordPositions(
  db: Database,
  board: BoardEvents,
  shipmentId: string,
  poster: Poster,
  body: PositionsBody,
): Promise<PositionsAnswer> {
  const latest = Date.now() + FUTURE_SKEW_MS;
  const fixes = body.positions
    .map((p) => ({ ms: Date.parse(p.at), lat: p.lat, lon: p.lon, accuracy: p.accuracy }))
    .filter((p) => Number.isFinite(p.ms) && p.ms <= latest);
  // Thinned among themselves here, against what is kept by the statement, which knows the trip's run.
  const sent = thinned(fixes);
  const first = (await write(db, shipmentId, poster, sent, latest)).rows[0]!;
  if (first.branch_id === null) throw notFound();
  if (!first.started_at) throw new HttpError(409, [deliveryMessages.notRunning]);
  const from = first.started_at.getTime();
  const to = first.ended_at?.getTime() ?? latest;
  const inRun = (fix: Fix) => fix.ms >= from && fix.ms <= to;
  // A fix just inside the run may have given way to one just outside it: those are written too.
  const sentTimes = new Set(sent.map((f) => f.ms));
  const missed = thinned(fixes.filter(inRun)).filter((fix) => !sentTimes.has(fix.ms));
  const second = missed.length ? (await write(db, shipmentId, poster, missed, latest)).rows[0]! : undefined;
  const kept = first.kept + (second?.kept ?? 0);
  const moved = [first, second].filter((r) => r?.at).sort((a, b) => b!.at!.getTime() - a!.at!.getTime())[0];
  if (moved?.at)
    board.moved(first.branch_id, {
      tripId: shipmentId,
      lat: moved.lat,
      lon: moved.lon,
      accuracy: moved.accuracy,
      at: moved.at.toISOString(),
    });
  return { kept, ignored: body.positions.length - kept };
}
