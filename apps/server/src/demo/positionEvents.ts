import { EventEmitter } from 'node:events';
import type { SharedPosition } from '@lms/domain';
import type { Executor } from '../db/database.ts';
import type { DatabaseListener } from '../db/listener.ts';
import { notify } from '../db/signals.ts';

export const POSITION_CHANNEL = 'lms_demo_position';

/**
 * Positions shared by every server instance, the same way as booking changes (booking/events.ts):
 * writers NOTIFY on one PostgreSQL channel, each instance LISTENs (db/listener.ts) and passes
 * `position` events on to its admins' server-sent-event streams. Without a listener (API-only
 * use), positions are emitted in this instance only. A position is of the moment: one missed
 * while the listener was down is not replayed.
 */
export class PositionEvents extends EventEmitter {
  private listening = false;

  async listen(listener: DatabaseListener): Promise<void> {
    this.listening = true;
    await listener.subscribe(POSITION_CHANNEL, {
      notify: (payload) => {
        try {
          this.emit('position', JSON.parse(payload) as SharedPosition);
        } catch {
          // A malformed payload is not ours: ignore it.
        }
      },
    });
  }

  /** Inside the writer's transaction: every listening instance hears it once committed. */
  async notify(db: Executor, position: SharedPosition): Promise<void> {
    if (this.listening) await notify(db, POSITION_CHANNEL, JSON.stringify(position));
  }

  /** After the commit: when not listening, this instance's streams hear it directly. */
  committed(position: SharedPosition): void {
    if (!this.listening) this.emit('position', position);
  }

  close(): void {
    this.removeAllListeners();
  }
}
