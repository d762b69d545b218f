import { readEvents, type ServerSentEvent } from '@lms/entity-pages';

/**
 * One server-sent-event stream per browser, shared by every tab that wants it.
 *
 * Browsers allow 6 connections per host over HTTP/1.1: a stream per tab hung the 7th tab. So the
 * tabs that subscribe to the same `key` elect a leader with a Web Lock (held while the tab lives;
 * the browser hands it to the next waiting tab when the leader closes or leaves). Only the leader
 * opens the stream; it passes every block to the other tabs over a BroadcastChannel. Every tab
 * remembers the last event id it saw, so the next leader (or the same one after a drop) resumes
 * with `Last-Event-ID` and the server replays what was missed (or says `resync`).
 */

/** The part of `navigator.locks` used here (tests pass their own). */
export interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

/** The part of `BroadcastChannel` used here. */
export interface ChannelLike {
  onmessage: ((message: MessageEvent) => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}

export interface SharedStreamOptions {
  /** Tabs with the same key share one stream (e.g. the user and the branch it is for). */
  readonly key: string;
  /** Opens the stream, resuming after `lastEventId` when one is known. */
  readonly open: (lastEventId: string | null, signal: AbortSignal) => Promise<ReadableStream<Uint8Array>>;
  /** Every event of the stream with data, in every tab (the leader's included). */
  readonly onEvent: (event: ServerSentEvent) => void;
  /** Default `navigator.locks`; without it (an insecure origin, an old browser) each tab streams alone. */
  readonly locks?: LockManagerLike | null;
  /** Default `new BroadcastChannel(name)`. */
  readonly channel?: (name: string) => ChannelLike;
  /** Pause before reconnecting after a drop. */
  readonly retryMs?: number;
}

/** What the leader passes to the other tabs: an event, or only a newer resume point (a heartbeat's id). */
type Message =
  | { readonly type: 'event'; readonly event: ServerSentEvent }
  | { readonly type: 'id'; readonly id: string };

const RETRY_MS = 3000;

function defaultLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

function defaultChannel(name: string): ChannelLike | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}

/** Subscribes this tab; answers the unsubscribe (which also gives up the leadership). */
export function subscribeShared(options: SharedStreamOptions): () => void {
  const { key, open, onEvent, retryMs = RETRY_MS } = options;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const channel = locks
    ? (options.channel?.(`lms-events:${key}`) ?? defaultChannel(`lms-events:${key}`))
    : null;
  const stop = new AbortController();
  let lastId: string | null = null;

  if (channel) {
    channel.onmessage = ({ data }: MessageEvent<Message>) => {
      if (data.type === 'id') lastId = data.id;
      else {
        if (data.event.id !== undefined) lastId = data.event.id;
        onEvent(data.event);
      }
    };
  }
  const share = (message: Message) => channel?.postMessage(message);

  /** The leader's loop: stream, pass every block on, and reconnect with the last id after a drop. */
  const lead = async () => {
    while (!stop.signal.aborted) {
      try {
        for await (const parsed of readEvents(await open(lastId, stop.signal))) {
          for (const event of parsed.events) {
            if (event.id !== undefined) lastId = event.id;
            onEvent(event);
            share({ type: 'event', event });
          }
          if (parsed.lastId !== undefined && parsed.lastId !== lastId) {
            lastId = parsed.lastId;
            share({ type: 'id', id: parsed.lastId });
          }
        }
      } catch {
        // Dropped or refused: try again below unless this tab is leaving.
      }
      if (!stop.signal.aborted) await pause(retryMs, stop.signal);
    }
  };

  if (locks) {
    // Waits (as a follower) until this tab holds the lock; holds it until `stop` aborts.
    locks.request(`lms-events:${key}`, { signal: stop.signal }, lead).catch(() => {
      // Aborted while waiting: this tab left before it led.
    });
  } else {
    void lead();
  }

  return () => {
    stop.abort();
    if (channel) {
      channel.onmessage = null;
      channel.close();
    }
  };
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** One event back in the wire format, for readers that parse a stream (the calendar's hook). */
export function formatEvent({ event, data, id }: ServerSentEvent): string {
  const lines = data.split('\n').map((line) => `data: ${line}`);
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\n${lines.join('\n')}\n\n`;
}

/**
 * The shared stream as a body a stream reader can consume: the events of `subscribeShared`
 * written back as server-sent-event text, until `signal` aborts.
 */
export function sharedStreamBody(
  options: Omit<SharedStreamOptions, 'onEvent'>,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const unsubscribe = subscribeShared({
        ...options,
        onEvent: (event) => controller.enqueue(encoder.encode(formatEvent(event))),
      });
      const end = () => {
        unsubscribe();
        controller.close();
      };
      if (signal.aborted) end();
      else signal.addEventListener('abort', end, { once: true });
    },
  });
}
