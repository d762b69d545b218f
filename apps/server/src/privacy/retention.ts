import type { Database } from '../db/database.ts';

/**
 * How long personal data is kept (docs/privacy.md): message copies that are done with (sent or
 * dead), the personal-data access log, and drivers' positions (docs/delivery.md). A queued
 * message is never purged: it is still to send.
 */
export interface Retention {
  readonly messageDays: number;
  readonly accessLogDays: number;
  /** Drivers' positions while a trip ran, and a trip's last position. */
  readonly positionDays: number;
}

/**
 * Half a year of message copies (disputes about an appointment come within weeks); two years of the
 * access log; a month of positions (a late or disputed delivery is raised within days; the proof of
 * each stop keeps its own position with the booking).
 */
export const DEFAULT_RETENTION: Retention = { messageDays: 180, accessLogDays: 730, positionDays: 30 };

/** How often a server purges: any instance may, the deletes are the same. */
export const PURGE_EVERY_MS = 60 * 60_000;

export function readRetention(env: NodeJS.ProcessEnv = process.env): Retention {
  const days = (name: string, fallback: number) => {
    const value = Number(env[name] ?? fallback);
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`${name} must be a positive whole number of days, got "${env[name]}"`);
    return value;
  };
  return {
    messageDays: days('LMS_MESSAGE_RETENTION_DAYS', DEFAULT_RETENTION.messageDays),
    accessLogDays: days('LMS_ACCESS_LOG_RETENTION_DAYS', DEFAULT_RETENTION.accessLogDays),
    positionDays: days('LMS_POSITION_RETENTION_DAYS', DEFAULT_RETENTION.positionDays),
  };
}

/** Deletes what is older than its period at `now`; answers how many of each went. */
export async function purgeExpired(db: Database, retention: Retention, now = new Date()) {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const messages = await db
    .deleteFrom('contact_message')
    .where('status', 'in', ['sent', 'dead'])
    .where('created_at', '<', before(retention.messageDays))
    .executeTakeFirst();
  const accessLog = await db
    .deleteFrom('personal_data_access')
    .where('at', '<', before(retention.accessLogDays))
    .executeTakeFirst();
  const positions = await db
    .deleteFrom('delivery_position')
    .where('at', '<', before(retention.positionDays))
    .executeTakeFirst();
  await db
    .updateTable('delivery_trip')
    .set({ last_lat: null, last_lon: null, last_accuracy: null, last_position_at: null })
    .where('last_position_at', '<', before(retention.positionDays))
    .execute();
  return {
    messages: Number(messages.numDeletedRows),
    accessLog: Number(accessLog.numDeletedRows),
    positions: Number(positions.numDeletedRows),
  };
}
