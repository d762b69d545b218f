import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BookingEvent } from '@lms/domain';
import pg from 'pg';

export const BOOKING_CHANNEL = 'lms_booking';

export type { BookingEvent };

/**
 * Booking changes from every server instance: each instance LISTENs on one PostgreSQL channel
 * (writers NOTIFY inside their transaction, so only committed changes are heard) and passes
 * events on to its browsers' server-sent-event streams.
 */
export class BookingEvents extends EventEmitter {
  private client: pg.Client | undefined;
  private closed = false;

  async listen(databaseUrl: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== BOOKING_CHANNEL || !message.payload) return;
      try {
        this.emit('booking', JSON.parse(message.payload) as BookingEvent);
      } catch {
        // A malformed payload is not ours: ignore it.
      }
    });
    client.on('error', () => {});
    // The database restarted (docs/security.md, "Recovery"): listen again once it is back, or the
    // live calendar would go quiet for good.
    client.once('end', () => {
      if (!this.closed && this.client === client) void this.relisten(databaseUrl);
    });
    await client.connect();
    await client.query(`listen ${BOOKING_CHANNEL}`);
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

  async close(): Promise<void> {
    this.closed = true;
    await this.client?.end().catch(() => {});
    this.removeAllListeners();
  }
}
