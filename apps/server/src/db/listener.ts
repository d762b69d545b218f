import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

export interface ChannelListenerOptions {
  readonly databaseUrl: string;
  readonly channel: string;
  /** A notification's payload, in commit order. */
  onNotify(payload: string): void;
  /** Listening (again): notifications sent while down were never heard. */
  onUp?(): void;
  /** The connection is gone: from now on nothing is heard until `onUp`. */
  onDown?(): void;
  /** How often the connection is proved alive (a half-open socket sends no 'end'). */
  readonly pingMs?: number;
}

/**
 * One dedicated connection LISTENing on one channel, reconnecting after the database or the
 * network went away. Its owner learns when it stops hearing (`onDown`) and when it hears again
 * (`onUp`), so a cache kept fresh by notifications can stop trusting itself in between.
 */
export class ChannelListener {
  private client: pg.Client | undefined;
  private closed = false;
  private ping: NodeJS.Timeout | undefined;
  private up = false;

  constructor(private readonly options: ChannelListenerOptions) {}

  get listening(): boolean {
    return this.up;
  }

  /** Connects and LISTENs; throws when the database cannot be reached now. */
  async start(): Promise<void> {
    const { databaseUrl, channel } = this.options;
    const client = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      application_name: `lms-listen-${channel}`,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined)
        this.options.onNotify(message.payload);
    });
    client.on('error', () => {});
    client.once('end', () => this.lost(client));
    await client.connect();
    try {
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.up = true;
    this.options.onUp?.();
    this.ping = setInterval(() => {
      // A query that does not come back in time means the socket is dead: end it, and 'end' follows.
      const timer = setTimeout(() => void client.end().catch(() => {}), this.options.pingMs ?? 5000);
      client.query('select 1').then(
        () => clearTimeout(timer),
        () => {
          clearTimeout(timer);
          void client.end().catch(() => {});
        },
      );
    }, this.options.pingMs ?? 5000);
    this.ping.unref();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    clearInterval(this.ping);
    this.client = undefined;
    this.up = false;
    this.options.onDown?.();
    if (!this.closed) void this.restart();
  }

  private async restart(): Promise<void> {
    while (!this.closed) {
      await sleep(500);
      try {
        await this.start();
        return;
      } catch {
        // Still down: try again.
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.ping);
    const client = this.client;
    this.client = undefined;
    this.up = false;
    await client?.end().catch(() => {});
  }
}
