import { EventEmitter } from 'node:events';
import type { BoardTrip } from '@lms/domain';
import type { Database, Executor } from '../db/database.ts';
import type { DatabaseListener } from '../db/listener.ts';
import { notify } from '../db/signals.ts';
import { boardTrip, loadTrips } from './trips.ts';

export const DELIVERY_CHANNEL = 'lms_delivery';
/** NOTIFY takes under 8,000 bytes: a larger trip is sent as "reload it" and each instance reads it once. */
const PAYLOAD_MAX = 7800;

/** A board update as every instance hears it. */
export interface BoardUpdate {
  readonly branchId: string;
  readonly trip: BoardTrip;
}

type Heard = { branchId: string; trip: BoardTrip } | { branchId: string; reload: string };

/**
 * The dispatchers' boards, live (docs/delivery.md "The board"): a writer (an event, a position)
 * computes the trip's board row in its transaction and NOTIFYs it on one channel; each instance
 * hears it on the one listener (db/listener.ts) and hands it to its open board streams of that
 * branch. Without a listener, this instance's streams hear it after the commit. Like positions, a
 * board row is of the moment: nothing is replayed; a stream that reconnects reads the board again.
 */
export class BoardEvents extends EventEmitter {
  private listening = false;

  constructor(private readonly db: Database) {
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
        void this.deliver(heard);
      },
    });
  }

  private async deliver(heard: Heard): Promise<void> {
    if ('trip' in heard) {
      this.emit('trip', heard satisfies BoardUpdate);
      return;
    }
    if (this.listenerCount('trip') === 0) return;
    const [state] = await loadTrips(this.db, { shipmentIds: [heard.reload] }).catch(() => []);
    if (state) this.emit('trip', { branchId: heard.branchId, trip: boardTrip(state) } satisfies BoardUpdate);
  }

  /** Inside the writer's transaction: heard by every instance once it commits. */
  async publish(trx: Executor, update: BoardUpdate): Promise<void> {
    if (!this.listening) return;
    const payload = JSON.stringify(update);
    await notify(
      trx,
      DELIVERY_CHANNEL,
      payload.length <= PAYLOAD_MAX
        ? payload
        : JSON.stringify({ branchId: update.branchId, reload: update.trip.id } satisfies Heard),
    );
  }

  /** After the commit: without a listener, this instance's streams hear it directly. */
  committed(update: BoardUpdate): void {
    if (!this.listening) this.emit('trip', update);
  }

  close(): void {
    this.removeAllListeners();
  }
}
