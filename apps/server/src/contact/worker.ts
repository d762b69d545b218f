import { setTimeout as sleep } from 'node:timers/promises';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../db/schema.generated.ts';
import { type Channel, type MessageProvider, type OutgoingMessage, PermanentFailure } from './providers.ts';
import type { ContactSettings } from './settings.ts';

type Timing = Pick<
  ContactSettings,
  'maxAttempts' | 'backoffMs' | 'maxBackoffMs' | 'sendTimeoutMs' | 'pollMs'
>;

export interface WorkerOptions {
  readonly databaseUrl: string;
  readonly settings: Timing;
  readonly providers: Partial<Record<Channel, MessageProvider>>;
  /** Shown in pg_stat_activity (`application_name`), so an operator can see the workers. */
  readonly name?: string;
  readonly log?: (message: string, detail?: Record<string, unknown>) => void;
  /** Called now and then between sends (the day-before reminders). */
  readonly periodic?: () => Promise<void>;
}

/** The wait before retry number `attempts` + 1: backoff, doubling, capped. */
export const backoffAfter = (settings: Timing, attempts: number) =>
  Math.min(settings.maxBackoffMs, settings.backoffMs * 2 ** Math.max(0, attempts - 1));

/**
 * Sends the outbox (docs/contact.md). The queue is the `contact_message` table itself, taken
 * with `FOR UPDATE SKIP LOCKED`: one message at a time, its row lock held by this worker's own
 * connection for the whole send. So
 * - two workers (any number of instances) never hold the same message: no double send;
 * - a worker killed mid-send loses its connection, PostgreSQL rolls its transaction back and the
 *   row is free again at once, untouched: the next worker sends it (at least once), with the same
 *   id as idempotency key, so the provider can tell the repeat;
 * - a failure counts a try and sets the next one after a doubling backoff; after `maxAttempts`
 *   tries, or at once on a permanent refusal, the message is `dead` (kept with its last error).
 */
export class ContactWorker {
  private client: pg.Client | undefined;
  /** Typed statements on `client`, the connection that holds the message's row lock. */
  private db: Kysely<DB> | undefined;
  private running: Promise<void> | undefined;
  private readonly stopping = new AbortController();
  private lastPeriodic = 0;

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    this.running ??= this.loop();
  }

  /** Stops after the current message; a send in flight is aborted and its message left queued. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
    await this.client?.end().catch(() => {});
    this.client = undefined;
    this.db = undefined;
  }

  private async connection(): Promise<Kysely<DB>> {
    if (this.client && this.db) return this.db;
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: this.options.name ?? 'lms-contact-worker',
    });
    client.on('error', () => {
      // A lost connection (killed backend, database restart): the next round connects again.
      if (this.client === client) {
        this.client = undefined;
        this.db = undefined;
      }
    });
    await client.connect();
    this.client = client;
    this.db = onOwnConnection(client);
    return this.db;
  }

  private async loop(): Promise<void> {
    const { signal } = this.stopping;
    while (!signal.aborted) {
      let sent = false;
      try {
        if (this.options.periodic && Date.now() - this.lastPeriodic > 60_000) {
          this.lastPeriodic = Date.now();
          await this.options.periodic();
        }
        sent = await this.runOnce();
      } catch (error) {
        if (signal.aborted) break;
        this.options.log?.('contact worker round failed', { error: String(error) });
        await this.client?.end().catch(() => {});
        this.client = undefined;
        this.db = undefined;
      }
      if (!sent) await sleep(this.options.settings.pollMs, undefined, { signal }).catch(() => {});
    }
  }

  /** Takes one due message and sends it; false when none is due. */
  async runOnce(): Promise<boolean> {
    const db = await this.connection();
    const trx = await db.startTransaction().execute();
    try {
      const message = await trx
        .selectFrom('contact_message')
        .select(['id', 'channel', 'recipient', 'body', 'link', 'attempts'])
        .where('status', '=', 'queued')
        .where((eb) => eb('next_attempt_at', '<=', eb.fn<Date>('now')))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        // Written by the outbox from a route's channel (outbox.ts).
        .$narrowType<{ channel: Channel }>()
        .executeTakeFirst();
      if (!message) {
        await trx.commit().execute();
        return false;
      }
      const outcome = await this.send(message);
      if (outcome === 'stopped') {
        await trx.rollback().execute();
        return true;
      }
      if (outcome === 'sent') {
        await trx
          .updateTable('contact_message')
          .set((eb) => ({
            status: 'sent',
            attempts: eb('attempts', '+', 1),
            sent_at: eb.fn<Date>('now'),
            last_error: null,
          }))
          .where('id', '=', message.id)
          .execute();
      } else {
        const attempts = message.attempts + 1;
        const dead = outcome.permanent || attempts >= this.options.settings.maxAttempts;
        const backoffMs = backoffAfter(this.options.settings, attempts);
        await trx
          .updateTable('contact_message')
          .set({
            attempts,
            last_error: outcome.error.slice(0, 1000),
            status: dead ? 'dead' : 'queued',
            next_attempt_at: sql<Date>`now() + make_interval(secs => ${backoffMs}::float / 1000)`,
          })
          .where('id', '=', message.id)
          .execute();
        this.options.log?.(dead ? 'customer message dead' : 'customer message will be retried', {
          id: message.id,
          attempts,
          error: outcome.error,
        });
      }
      await trx.commit().execute();
      return true;
    } catch (error) {
      await trx
        .rollback()
        .execute()
        .catch(() => {});
      throw error;
    }
  }

  private async send(
    message: OutgoingMessage,
  ): Promise<'sent' | 'stopped' | { permanent: boolean; error: string }> {
    const provider = this.options.providers[message.channel];
    if (!provider) return { permanent: true, error: `ช่องทาง ${message.channel} ไม่ได้ตั้งค่าไว้` };
    const signal = AbortSignal.any([
      this.stopping.signal,
      AbortSignal.timeout(this.options.settings.sendTimeoutMs),
    ]);
    try {
      await provider.send(message, signal);
      return 'sent';
    } catch (error) {
      if (this.stopping.signal.aborted) return 'stopped';
      return { permanent: error instanceof PermanentFailure, error: String(error) };
    }
  }
}

/**
 * Kysely on one connection that it never hands back to a pool: every statement, the transaction's
 * too, runs on `client`, so a killed worker's transaction (and its row lock) dies with it.
 */
function onOwnConnection(client: pg.Client): Kysely<DB> {
  const connection = Object.assign(client, { release: () => {} });
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: { connect: async () => connection, end: async () => {} } }),
  });
}
