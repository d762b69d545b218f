import type { Database } from '../db/database.ts';

/**
 * How long personal data is kept (docs/privacy.md): message copies that are done with (sent or
 * dead) and the personal-data access log. A queued message is never purged: it is still to send.
 */
export interface Retention {
  readonly messageDays: number;
  readonly accessLogDays: number;
}

/** Half a year of message copies (disputes about an appointment come within weeks); two years of the access log. */
export const DEFAULT_RETENTION: Retention = { messageDays: 180, accessLogDays: 730 };

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
  return {
    messages: Number(messages.numDeletedRows),
    accessLog: Number(accessLog.numDeletedRows),
  };
}
