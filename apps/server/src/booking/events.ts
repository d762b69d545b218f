import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BookingEvent, RecordPresence } from '@lms/domain';
import pg from 'pg';

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
 */
export class BookingEvents extends EventEmitter {
  private client: pg.Client | undefined;
  private closed = false;
  private readonly epoch = randomBytes(6).toString('hex');
  private seq = 0;
  private readonly recent: NumberedBookingEvent[] = [];

  async listen(databaseUrl: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === PRESENCE_CHANNEL && message.payload) {
        // Presence is of the moment: a reconnecting browser asks again rather than replaying it.
        try {
          this.emit('presence', JSON.parse(message.payload) as RecordPresence);
        } catch {
          // A malformed payload is not ours: ignore it.
        }
        return;
      }
      if (message.channel !== BOOKING_CHANNEL || !message.payload) return;
      let event: BookingEvent;
      try {
        event = JSON.parse(message.payload) as BookingEvent;
      } catch {
        return; // A malformed payload is not ours: ignore it.
      }
      this.publish(event);
    });
    client.on('error', () => {});
    // The database restarted (docs/security.md, "Recovery"): listen again once it is back, or the
    // live calendar would go quiet for good.
    client.once('end', () => {
      if (!this.closed && this.client === client) void this.relisten(databaseUrl);
    });
    await client.connect();
    await client.query(`listen ${BOOKING_CHANNEL}`);
    await client.query(`listen ${PRESENCE_CHANNEL}`);
    this.client = client;
  }

  private async relisten(databaseUrl: string): Promise<void> {
    while (!this.closed) {
      await sleep(1000);
      try {
        await this.listen(databaseUrl);
        return;
      } catch {
        // Still down: try again.
      }
    }
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

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => {});
    this.removeAllListeners();
  }

  private idOf(seq: number): string {
    return `${this.epoch}-${seq}`;
  }
}
