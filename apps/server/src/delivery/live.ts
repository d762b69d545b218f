import { EventEmitter } from 'node:events';
import { type BoardPosition, ETA_REFRESH_S, type TripProgress } from '@lms/domain';
import type { Database, Executor } from '../db/database.ts';
import type { DatabaseListener } from '../db/listener.ts';
import { notify } from '../db/signals.ts';
import { loadTrips, tripProgress } from './trips.ts';

export const DELIVERY_CHANNEL = 'lms_delivery';
/** NOTIFY takes under 8,000 bytes: a batch is sent in as many as it needs. */
const PAYLOAD_MAX = 7800;
/** The positions a server took in this long reach the boards together (one NOTIFY, one write per stream). */
export const FLUSH_MS = 200;
const ETA_REFRESH_MS = ETA_REFRESH_S * 1000;
/** Trips whose ETAs one refresh computes (two statements for all of them). */
const ETA_BATCH = 200;
/** ETAs due are computed together at most this often: a batch of every trip due, not one per flush. */
const ETA_TICK_MS = 1000;
const PRUNE_AFTER_MS = 10 * 60_000;

/** What the boards of one branch hear at once: trucks that moved, trips whose stops or ETAs changed. */
export interface BoardBatch {
  readonly branchId: string;
  readonly positions: readonly BoardPosition[];
  readonly trips: readonly TripProgress[];
}

/** On the channel: a batch, or trips each instance reads itself (a trip too large for one payload). */
type Heard = BoardBatch | { readonly branchId: string; readonly reload: readonly string[] };

/**
 * The dispatchers' boards, live (docs/delivery.md "The board"): deltas, never whole trips.
 *
 * - A kept position is handed here (`moved`) after its write; the trip is marked for its ETAs,
 *   computed again from its new position at most every ETA_REFRESH_S (per server), in one batch
 *   (two statements) for every trip due.
 * - A stop event hands its trip's progress here (`progressed`) after its commit.
 * - What this server took in FLUSH_MS goes out together: one NOTIFY per branch (more if it needs
 *   them), the newest position and progress per trip.
 *
 * Every instance hears the channel on the one listener (db/listener.ts) and hands each batch to
 * its open board streams of that branch. Without a listener, this instance's streams hear it
 * directly. A board delta is of the moment: nothing is replayed, and one not yet flushed when the
 * server stops is lost (the next position comes 10 s later, the ETAs at the next refresh); a
 * stream that reconnects reads the board again.
 */
export class BoardEvents extends EventEmitter {
  private listening = false;
  /** Positions not sent yet, the newest per trip. */
  private positions = new Map<string, { branchId: string; position: BoardPosition }>();
  /** Trips' progress not sent yet, the newest per trip. */
  private trips = new Map<string, { branchId: string; trip: TripProgress }>();
  /** Trips that moved since their ETAs were last sent, and their branch. */
  private etaDue = new Map<string, string>();
  /** When this server last queued each trip's progress (its ETAs). */
  private etaSent = new Map<string, number>();
  private pruned = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private refreshing = false;
  private refreshed = 0;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log: (error: unknown) => void = () => {},
  ) {
    super();
    this.setMaxListeners(0);
  }

  async listen(listener: DatabaseListener): Promise<void> {
    this.listening = true;
    await listener.subscribe(DELIVERY_CHANNEL, {
      notify: (payload) => {
        let heard: Heard;
        try {
          heard = JSON.parse(payload) as Heard;
        } catch {
          return;
        }
        void this.deliver(heard).catch(this.log);
      },
    });
  }

  private async deliver(heard: Heard): Promise<void> {
    if (!('reload' in heard)) {
      this.emit('board', heard);
      return;
    }
    if (this.listenerCount('board') === 0) return;
    const now = Date.now();
    const trips = (await loadTrips(this.db, { shipmentIds: heard.reload }, now)).map((s) =>
      tripProgress(s, now),
    );
    this.emit('board', { branchId: heard.branchId, positions: [], trips } satisfies BoardBatch);
  }

  /** A trip's newest position, after its write: sent within FLUSH_MS; its ETAs follow when due. */
  moved(branchId: string, position: BoardPosition): void {
    if (this.closed) return;
    this.positions.set(position.tripId, { branchId, position });
    this.etaDue.set(position.tripId, branchId);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** A trip's stops or ETAs changed (a stop event, after its commit): sent with the next flush. */
  progressed(branchId: string, trip: TripProgress): void {
    if (this.closed) return;
    this.trips.set(trip.id, { branchId, trip });
    this.etaDue.delete(trip.id);
    this.etaSent.set(trip.id, Date.now());
    this.schedule();
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const batches = new Map<string, { positions: BoardPosition[]; trips: TripProgress[] }>();
    const of = (branchId: string) => {
      const batch = batches.get(branchId) ?? { positions: [], trips: [] };
      batches.set(branchId, batch);
      return batch;
    };
    for (const { branchId, position } of this.positions.values()) of(branchId).positions.push(position);
    for (const { branchId, trip } of this.trips.values()) of(branchId).trips.push(trip);
    this.positions.clear();
    this.trips.clear();
    try {
      for (const [branchId, batch] of batches) await this.out({ branchId, ...batch });
    } catch (error) {
      this.log(error);
    }
    if (!this.refreshing && Date.now() - this.refreshed >= ETA_TICK_MS) void this.refreshEtas();
    if (this.etaDue.size > 0) this.schedule();
  }

  /** The ETAs of the trips that moved and were not sent for ETA_REFRESH_S, in one batch. */
  private async refreshEtas(): Promise<void> {
    const now = Date.now();
    // Trips not heard of for a while (ended, or on another server now) are forgotten.
    if (now - this.pruned > PRUNE_AFTER_MS) {
      this.pruned = now;
      for (const [tripId, at] of this.etaSent) if (now - at > PRUNE_AFTER_MS) this.etaSent.delete(tripId);
    }
    const due: string[] = [];
    for (const [tripId] of this.etaDue) {
      if (now - (this.etaSent.get(tripId) ?? 0) < ETA_REFRESH_MS) continue;
      due.push(tripId);
      if (due.length === ETA_BATCH) break;
    }
    if (due.length === 0) return;
    this.refreshing = true;
    this.refreshed = now;
    try {
      for (const id of due) {
        this.etaDue.delete(id);
        this.etaSent.set(id, now);
      }
      // Sent with the next flush; a stop event's progress queued meanwhile (or sent) is newer and wins.
      for (const state of await loadTrips(this.db, { shipmentIds: due }, now)) {
        const trip = tripProgress(state, now);
        if (this.etaSent.get(trip.id) === now && !this.trips.has(trip.id))
          this.trips.set(trip.id, { branchId: state.shipment.branch_id, trip });
      }
      this.schedule();
    } catch (error) {
      this.log(error);
    } finally {
      this.refreshing = false;
    }
  }

  /** Outside a transaction: NOTIFY with a listener, else straight to this instance's streams. */
  private async out(batch: BoardBatch): Promise<void> {
    if (this.listening) await this.send(this.db, batch);
    else this.emit('board', batch);
  }

  /** A batch as NOTIFY payloads under PAYLOAD_MAX; a trip too large alone is sent as "reload it". */
  private async send(db: Executor, batch: BoardBatch): Promise<void> {
    const { branchId } = batch;
    const room = PAYLOAD_MAX - 200;
    const payloads: string[] = [];
    const reload: string[] = [];
    let next: { positions: BoardPosition[]; trips: TripProgress[] } = { positions: [], trips: [] };
    let size = 0;
    const cut = () => {
      if (next.positions.length + next.trips.length > 0)
        payloads.push(JSON.stringify({ branchId, ...next } satisfies BoardBatch));
      next = { positions: [], trips: [] };
      size = 0;
    };
    const add = <K extends 'positions' | 'trips'>(key: K, item: (typeof next)[K][number], id: string) => {
      const length = JSON.stringify(item).length + 1;
      if (length > room) {
        reload.push(id);
        return;
      }
      if (size + length > room) cut();
      (next[key] as (typeof item)[]).push(item);
      size += length;
    };
    for (const position of batch.positions) add('positions', position, position.tripId);
    for (const trip of batch.trips) add('trips', trip, trip.id);
    cut();
    if (reload.length) payloads.push(JSON.stringify({ branchId, reload } satisfies Heard));
    for (const payload of payloads) await notify(db, DELIVERY_CHANNEL, payload);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.positions.clear();
    this.trips.clear();
    this.etaDue.clear();
    this.removeAllListeners();
  }
}
