import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { BookingEvent, RecordPresence } from '@lms/domain';
import { sql } from 'kysely';
import type { Tx } from '../db/database.ts';
import type { DatabaseListener } from '../db/listener.ts';

export const BOOKING_CHANNEL = 'lms_booking';
/** Who has which record open (presence/presence.ts): passed on as heard, never numbered or replayed. */
export const PRESENCE_CHANNEL = 'lms_presence';

export type { BookingEvent };

/** A booking event as this instance heard it: `id` is its place in the instance's sequence. */
export interface NumberedBookingEvent {
  readonly id: string;
  readonly event: BookingEvent;
}

/** How many recent events a reconnecting browser can catch up on (`Last-Event-ID`). */
export const REPLAY_SIZE = 1000;

const newEpoch = () => randomBytes(6).toString('hex');

/**
 * Booking changes from every server instance: each instance LISTENs on one PostgreSQL channel
 * (writers NOTIFY inside their transaction, so only committed changes are heard, in commit order)
 * and passes events on to its browsers' server-sent-event streams as `booking`. The same
 * connection hears who has which record open (`presence`), which the streams pass on too.
 *
 * Each event gets an id `<epoch>-<n>`: the epoch names this instance's run, `n` counts what it
 * heard. The last REPLAY_SIZE events are kept, so a browser that reconnects with the last id it
 * saw gets what it missed (`since`); an id of another run or instance, or one older than the
 * buffer, cannot be resumed and the browser must reload what it shows (`since` answers null).
 * After the listening connection was lost and came back, a new epoch begins and open streams
 * are told `resync`: what was committed while it was down was never heard.
 */
export class BookingEvents extends EventEmitter {
  private epoch = newEpoch();
  private seq = 0;
  private recent: NumberedBookingEvent[] = [];
  /** The listener went down since this run's epoch began: events may have been missed. */
  private missed = false;

  /** Hears both channels on `listener`: bookings numbered and kept, presence passed on. */
  async listen(listener: DatabaseListener): Promise<void> {
    await listener.subscribe(BOOKING_CHANNEL, {
      notify: (payload) => {
        let event: BookingEvent;
        try {
          event = JSON.parse(payload) as BookingEvent;
        } catch {
          return; // A malformed payload is not ours: ignore it.
        }
        this.publish(event);
      },
      down: () => {
        this.missed = true;
      },
      up: () => {
        if (this.missed) this.resync();
      },
    });
    await listener.subscribe(PRESENCE_CHANNEL, {
      notify: (payload) => {
        // Presence is of the moment: a reconnecting browser asks again rather than replaying it.
        try {
          this.emit('presence', JSON.parse(payload) as RecordPresence);
        } catch {
          // A malformed payload is not ours: ignore it.
        }
      },
    });
  }

  /**
   * Listening again after a loss: what was committed meanwhile was never heard, so no id of
   * before can be resumed from (a new epoch) and every open stream is told to reload (`resync`).
   */
  private resync(): void {
    this.missed = false;
    this.epoch = newEpoch();
    this.seq = 0;
    this.recent = [];
    this.emit('resync');
  }

  /** Numbers the event, keeps it for replay and hands it to every open stream (synchronously). */
  publish(event: BookingEvent): NumberedBookingEvent {
    this.seq += 1;
    const numbered = { id: this.idOf(this.seq), event };
    this.recent.push(numbered);
    if (this.recent.length > REPLAY_SIZE) this.recent.shift();
    this.emit('booking', numbered);
    return numbered;
  }

  /** The id of the last event heard (`<epoch>-0` before the first): a stream's resume point. */
  lastId(): string {
    return this.idOf(this.seq);
  }

  /**
   * The events heard after `lastEventId`, oldest first; null when they cannot all be given
   * (another run's id, a malformed one, or older than the replay buffer).
   */
  since(lastEventId: string): NumberedBookingEvent[] | null {
    const match = /^([0-9a-f]+)-(\d+)$/.exec(lastEventId);
    if (!match || match[1] !== this.epoch) return null;
    const seen = Number(match[2]);
    if (seen > this.seq) return null;
    const oldestKept = this.seq - this.recent.length + 1;
    if (seen + 1 < oldestKept) return null;
    return this.recent.slice(this.recent.length - (this.seq - seen));
  }

  close(): void {
    this.removeAllListeners();
  }

  private idOf(seq: number): string {
    return `${this.epoch}-${seq}`;
  }
}

/** Tells every instance's live calendars (sse.ts) what a booking change touched, once its transaction commits (PostgreSQL holds a NOTIFY until then). */
export async function notify(trx: Tx, event: BookingEvent): Promise<void> {
  await sql`select pg_notify(${BOOKING_CHANNEL}, ${JSON.stringify(event)})`.execute(trx);
}
