import { EventEmitter } from 'node:events';
import type { SharedPosition } from '@lms/domain';
import pg from 'pg';
import type { Executor } from '../db/database.ts';
import { notify } from '../db/signals.ts';

export const POSITION_CHANNEL = 'lms_demo_position';

/**
 * Positions shared by every server instance, the same way as booking changes (booking/events.ts):
 * writers NOTIFY on one PostgreSQL channel, each instance LISTENs and passes `position` events on
 * to its admins' server-sent-event streams. Without a database URL to listen on (API-only use),
 * positions are emitted in this instance only.
 */
export class PositionEvents extends EventEmitter {
  private client: pg.Client | undefined;

  async listen(databaseUrl: string): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== POSITION_CHANNEL || !message.payload) return;
      try {
        this.emit('position', JSON.parse(message.payload) as SharedPosition);
      } catch {
        // A malformed payload is not ours: ignore it.
      }
    });
    client.on('error', () => {});
    await client.connect();
    await client.query(`listen ${POSITION_CHANNEL}`);
    this.client = client;
  }

  /** Inside the writer's transaction: every listening instance hears it once committed. */
  async notify(db: Executor, position: SharedPosition): Promise<void> {
    if (this.client) await notify(db, POSITION_CHANNEL, JSON.stringify(position));
  }

  /** After the commit: when not listening, this instance's streams hear it directly. */
  committed(position: SharedPosition): void {
    if (!this.client) this.emit('position', position);
  }

  async close(): Promise<void> {
    await this.client?.end().catch(() => {});
    this.client = undefined;
    this.removeAllListeners();
  }
}
