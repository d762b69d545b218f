import { parseEvents, type ServerSentEvent } from '@lms/entity-pages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LockManagerLike, sharedStreamBody, subscribeShared } from './sharedEventStream.ts';

/** Web Locks as one browser has them: one holder per name, the next waiting request gets it on release. */
function browserLocks(): LockManagerLike {
  const tails = new Map<string, Promise<void>>();
  return {
    request(name, { signal }, callback) {
      const previous = tails.get(name) ?? Promise.resolve();
      let release = () => {};
      tails.set(
        name,
        previous.then(() => new Promise<void>((resolve) => (release = resolve))),
      );
      return previous.then(async () => {
        try {
          if (signal.aborted) throw new DOMException('aborted', 'AbortError');
          return await callback();
        } finally {
          release();
        }
      });
    },
  };
}

/** The server side: every stream the leader opened, with the id it resumed from; the test writes to it. */
function fakeServer() {
  const opened: { lastEventId: string | null; write: (text: string) => void; drop: () => void }[] = [];
  const open = async (lastEventId: string | null, signal: AbortSignal) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        opened.push({
          lastEventId,
          write: (text) => controller.enqueue(encoder.encode(text)),
          drop: () => controller.close(),
        });
        signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
  return { opened, open };
}

let keyCount = 0;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A browser with several tabs subscribed to one key. */
function browser(options: { locks?: LockManagerLike | null } = {}) {
  keyCount += 1;
  const key = `test-${process.pid}-${keyCount}`;
  const server = fakeServer();
  const locks = options.locks === undefined ? browserLocks() : options.locks;
  const openTab = () => {
    const received: ServerSentEvent[] = [];
    const close = subscribeShared({
      key,
      open: server.open,
      onEvent: (e) => received.push(e),
      locks,
      retryMs: 1,
    });
    cleanups.push(close);
    return { received, close };
  };
  /** Resolves once a message of `type` went over the tabs' channel (the followers have it too). */
  const broadcastSeen = (type: string) =>
    new Promise<void>((resolve) => {
      const observer = new BroadcastChannel(`lms-events:${key}`);
      observer.onmessage = ({ data }) => {
        if (data.type !== type) return;
        observer.close();
        resolve();
      };
    });
  return { server, openTab, broadcastSeen };
}

const names = (events: ServerSentEvent[]) => events.map((e) => `${e.event}:${e.id ?? ''}`);

describe('one event stream per browser, shared by its tabs', () => {
  it('opens one stream for two tabs, and both see every event with its id', async () => {
    const { server, openTab } = browser();
    const a = openTab();
    const b = openTab();
    await vi.waitFor(() => expect(server.opened).toHaveLength(1));
    expect(server.opened[0]!.lastEventId).toBeNull();
    server.opened[0]!.write('id: e-1\nevent: ready\ndata: {}\n\nid: e-2\nevent: booking\ndata: {"n":1}\n\n');
    server.opened[0]!.write('event: resync\ndata: {}\n\n');
    const expected = ['ready:e-1', 'booking:e-2', 'resync:'];
    await vi.waitFor(() => {
      expect(names(a.received)).toEqual(expected);
      expect(names(b.received)).toEqual(expected);
    });
    expect(b.received[1]!.data).toBe('{"n":1}');
    expect(server.opened).toHaveLength(1);
  });

  it('hands the stream to another tab when the leader closes, resuming after the last id seen (a heartbeat’s included)', async () => {
    const { server, openTab, broadcastSeen } = browser();
    const leader = openTab();
    const follower = openTab();
    await vi.waitFor(() => expect(server.opened).toHaveLength(1));
    const heard = broadcastSeen('id');
    server.opened[0]!.write('id: e-5\nevent: booking\ndata: {}\n\n: heartbeat\nid: e-9\n\n');
    await heard;
    leader.close();
    await vi.waitFor(() => expect(server.opened).toHaveLength(2));
    expect(server.opened[1]!.lastEventId).toBe('e-9');
    server.opened[1]!.write('id: e-10\nevent: booking\ndata: {}\n\n');
    await vi.waitFor(() => expect(names(follower.received)).toEqual(['booking:e-5', 'booking:e-10']));
    expect(names(leader.received)).toEqual(['booking:e-5']);
  });

  it('reconnects after a drop with Last-Event-ID, still one stream', async () => {
    const { server, openTab } = browser();
    const a = openTab();
    openTab();
    await vi.waitFor(() => expect(server.opened).toHaveLength(1));
    server.opened[0]!.write('id: e-3\nevent: booking\ndata: {}\n\n');
    await vi.waitFor(() => expect(a.received).toHaveLength(1));
    server.opened[0]!.drop();
    await vi.waitFor(() => expect(server.opened).toHaveLength(2));
    expect(server.opened[1]!.lastEventId).toBe('e-3');
  });

  it('lets every tab stream on its own where the browser has no Web Locks', async () => {
    const { server, openTab } = browser({ locks: null });
    openTab();
    openTab();
    await vi.waitFor(() => expect(server.opened).toHaveLength(2));
  });

  it('gives a page a readable body of the same events, closed when the page leaves', async () => {
    const { server } = browser();
    const leave = new AbortController();
    const body = sharedStreamBody(
      { key: `body-${process.pid}`, open: server.open, locks: browserLocks(), retryMs: 1 },
      leave.signal,
    );
    await vi.waitFor(() => expect(server.opened).toHaveLength(1));
    server.opened[0]!.write('id: e-1\nevent: booking\ndata: {"a":1}\ndata: {"b":2}\n\n');
    const reader = body.getReader();
    const { value } = await reader.read();
    expect(parseEvents(new TextDecoder().decode(value)).events).toEqual([
      { event: 'booking', data: '{"a":1}\n{"b":2}', id: 'e-1' },
    ]);
    leave.abort();
    expect((await reader.read()).done).toBe(true);
  });
});
