import { EventEmitter } from 'node:events';
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
    await client.connect();
    await client.query(`listen ${BOOKING_CHANNEL}`);
    this.client = client;
  }

  async close(): Promise<void> {
    await this.client?.end().catch(() => {});
    this.removeAllListeners();
  }
}
