import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** One channel's subscriber: what it hears, and when it may or may not trust what it has heard. */
export interface Subscriber {
  /** A notification's payload, in commit order. */
  notify(payload: string): void;
  /** Listening (again): notifications sent while down were never heard. */
  up?(): void;
  /** The connection is gone: from now on nothing is heard until `up`. */
  down?(): void;
}

export interface DatabaseListenerOptions {
  readonly databaseUrl: string;
  /** How often the connection is proved alive (a half-open socket sends no 'end'). */
  readonly pingMs?: number;
  /** The first wait before connecting again; it doubles after each failed try, up to `maxBackoffMs`. */
  readonly backoffMs?: number;
  readonly maxBackoffMs?: number;
  readonly log?: (message: string, detail?: Record<string, unknown>) => void;
}

/** Shown in pg_stat_activity, so an operator (and a test) can find the connection. */
export const LISTENER_NAME = 'lms-listen';

/**
 * The process's one LISTENing connection (docs/operations.md "Several instances"): every channel
 * (sessions, bookings, presence, positions) subscribes here, and the connection comes back by
 * itself after the database or the network went away, with back-off. Subscribers learn when it
 * stops hearing (`down`) and when it hears again (`up`), so a cache kept fresh by notifications
 * can stop trusting itself in between and a stream can tell its browser what it missed.
 */
export class DatabaseListener {
  private readonly channels = new Map<string, Set<Subscriber>>();
  /** The channels the current connection LISTENs on. */
  private listened = new Set<string>();
  private client: pg.Client | undefined;
  private closed = false;
  private readonly closing = new AbortController();
  private ping: NodeJS.Timeout | undefined;
  private up = false;

  constructor(private readonly options: DatabaseListenerOptions) {}

  get listening(): boolean {
    return this.up;
  }

  /**
   * Adds `subscriber` to `channel`. On a live connection the channel is LISTENed on at once and
   * the subscriber told `up` once it is; otherwise it hears `up` with everyone when connected.
   */
  async subscribe(channel: string, subscriber: Subscriber): Promise<void> {
    const subscribers = this.channels.get(channel) ?? new Set();
    this.channels.set(channel, subscribers);
    subscribers.add(subscriber);
    const client = this.client;
    if (!client) return;
    if (!this.listened.has(channel)) {
      this.listened.add(channel);
      // A failure means the connection is going: its 'end' connects again and LISTENs on every channel.
      if (
        !(await listen(client, channel).then(
          () => true,
          () => false,
        ))
      )
        return;
    }
    if (this.up && this.client === client) subscriber.up?.();
  }

  /** Connects and LISTENs on every channel; throws when the database cannot be reached now. */
  async start(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    let ended = false;
    // Heard before the subscribers are told `up` (in the same read as LISTEN's answer): held till then.
    let held: pg.Notification[] | undefined = [];
    client.on('notification', (message) => (held ? held.push(message) : this.deliver(message)));
    // Every error ends the connection: 'end' follows, and the reconnect starts there.
    client.on('error', () => {});
    client.once('end', () => {
      ended = true;
      this.lost(client);
    });
    const listened = new Set<string>();
    try {
      await client.connect();
      // Channels subscribed while this runs are LISTENed on too.
      for (let next = this.unlistened(listened); next; next = this.unlistened(listened)) {
        await listen(client, next);
        listened.add(next);
      }
      if (ended) throw new Error('the listening connection ended while it was set up');
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.listened = listened;
    this.up = true;
    this.watch(client);
    for (const subscriber of this.subscribers()) subscriber.up?.();
    for (const message of held) this.deliver(message);
    held = undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort();
    clearInterval(this.ping);
    const client = this.client;
    this.client = undefined;
    this.up = false;
    await client?.end().catch(() => {});
  }

  private unlistened(listened: Set<string>): string | undefined {
    for (const channel of this.channels.keys()) if (!listened.has(channel)) return channel;
    return undefined;
  }

  private *subscribers(): Generator<Subscriber> {
    for (const subscribers of this.channels.values()) yield* subscribers;
  }

  private deliver({ channel, payload }: pg.Notification): void {
    for (const subscriber of this.channels.get(channel) ?? []) {
      // A subscriber's failure must not reach pg's socket handler, where it would end the process.
      try {
        subscriber.notify(payload ?? '');
      } catch (error) {
        this.options.log?.('a notification could not be handled', { channel, error: String(error) });
      }
    }
  }

  /** Proves the connection alive now and then: a query that does not come back ends it. */
  private watch(client: pg.Client): void {
    const pingMs = this.options.pingMs ?? 5000;
    this.ping = setInterval(() => {
      const timer = setTimeout(() => void client.end().catch(() => {}), pingMs);
      client.query('select 1').then(
        () => clearTimeout(timer),
        () => {
          clearTimeout(timer);
          void client.end().catch(() => {});
        },
      );
    }, pingMs);
    this.ping.unref();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    clearInterval(this.ping);
    this.client = undefined;
    this.up = false;
    for (const subscriber of this.subscribers()) subscriber.down?.();
    if (!this.closed) void this.reconnect();
  }

  private async reconnect(): Promise<void> {
    const { backoffMs = 250, maxBackoffMs = 5000 } = this.options;
    this.options.log?.('listening connection lost; connecting again');
    for (let wait = backoffMs; !this.closed; wait = Math.min(wait * 2, maxBackoffMs)) {
      await sleep(wait, undefined, { signal: this.closing.signal }).catch(() => {});
      if (this.closed) return;
      try {
        await this.start();
        this.options.log?.('listening again');
        return;
      } catch {
        // Still unreachable: wait longer and try again.
      }
    }
  }
}

const listen = (client: pg.Client, channel: string) => client.query(`listen ${pg.escapeIdentifier(channel)}`);
