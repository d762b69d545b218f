import { randomUUID } from 'node:crypto';
import { readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_CHANNEL, type BookingEvent, BookingEvents, REPLAY_SIZE } from '../src/booking/events.ts';
import { LISTENER_NAME } from '../src/db/listener.ts';
import { createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const ctx = { branchId: '', otherBranchId: '', token: '' };

beforeAll(async () => {
  ctx.branchId = await createBranch(server.db);
  ctx.otherBranchId = await createBranch(server.db);
  const user = await createUser(server.db, {
    roles: [readRoleOf('BOOKING_CALENDAR')],
    branchIds: [ctx.branchId],
  });
  ctx.token = await signIn(server.api, user);
});

interface Block {
  readonly id?: string;
  readonly event?: string;
  readonly data?: string;
}

/** Opens the branch's stream and reads its blocks until `until` says stop; then leaves. */
async function readStream(until: (blocks: Block[]) => boolean, lastEventId?: string): Promise<Block[]> {
  const controller = new AbortController();
  const headers: Record<string, string> = { authorization: `Bearer ${ctx.token}` };
  if (lastEventId) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${server.api}/bookingCalendar/events?branchId=${ctx.branchId}`, {
    headers,
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const blocks: Block[] = [];
  while (!until(blocks)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    const parts = text.split('\n\n');
    text = parts.pop()!;
    for (const part of parts) {
      const fields = Object.fromEntries(
        part
          .split('\n')
          .filter((line) => !line.startsWith(':'))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
      );
      if (Object.keys(fields).length > 0) blocks.push(fields);
    }
  }
  controller.abort();
  return blocks;
}

const ready = (blocks: Block[]) => blocks.some((b) => b.event === 'ready');

function bookingEvent(branchId: string): BookingEvent {
  return { branchId, kind: 'confirmed', bookingId: randomUUID(), slotIds: [], dates: ['2026-01-05'] };
}

/** What a confirm does after its writes: a NOTIFY that every instance hears. */
async function notify(event: BookingEvent) {
  await sql`select pg_notify(${BOOKING_CHANNEL}, ${JSON.stringify(event)})`.execute(server.db);
}

describe('live booking events: resume with Last-Event-ID', () => {
  it('gives a browser that comes back the branch events it missed, in order, then the current id', async () => {
    const first = await readStream(ready);
    const resumeFrom = first.find((b) => b.event === 'ready')!.id!;
    expect(resumeFrom).toMatch(/^[0-9a-f]+-\d+$/);

    // While that browser is away: two events of its branch and one of another branch.
    const missed = [bookingEvent(ctx.branchId), bookingEvent(ctx.otherBranchId), bookingEvent(ctx.branchId)];
    const last = missed[2]!.bookingId;
    // A second browser, live all along, tells when the server has heard them.
    let subscribed = () => {};
    const isSubscribed = new Promise<void>((resolve) => {
      subscribed = resolve;
    });
    const watching = readStream((blocks) => {
      if (ready(blocks)) subscribed();
      return blocks.some((b) => b.data?.includes(last));
    });
    await isSubscribed;
    for (const event of missed) await notify(event);
    await watching;

    const resumed = await readStream(ready, resumeFrom);
    const bookings = resumed.filter((b) => b.event === 'booking');
    expect(bookings.map((b) => JSON.parse(b.data!).bookingId)).toEqual([missed[0]!.bookingId, last]);
    const ids = [resumeFrom, ...bookings.map((b) => b.id!), resumed.find((b) => b.event === 'ready')!.id!];
    const numbers = ids.map((id) => Number(id.split('-')[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
    expect(resumed.some((b) => b.event === 'resync')).toBe(false);
  });

  it('tells a browser with an id it no longer knows to reload (resync), then goes on live', async () => {
    const resumed = await readStream(ready, 'abcdef-12');
    expect(resumed.map((b) => b.event)).toEqual(['resync', 'ready']);
  });
});

describe('live booking events: the listener lost and back', () => {
  it('tells an open stream to reload, and a browser with an id of before cannot resume past the gap', async () => {
    const before = await readStream(ready);
    const idBefore = before.find((b) => b.event === 'ready')!.id!;
    let subscribed = () => {};
    const isSubscribed = new Promise<void>((resolve) => {
      subscribed = resolve;
    });
    const after = bookingEvent(ctx.branchId);
    const live = readStream((blocks) => {
      if (ready(blocks)) subscribed();
      return blocks.some((b) => b.data?.includes(after.bookingId));
    });
    await isSubscribed;
    const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity
      where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(server.db);
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(server.db);
    for (let gone = false; !gone; await new Promise((resolve) => setTimeout(resolve, 20))) {
      const left = await sql`select 1 from pg_stat_activity where pid = ${rows[0]!.pid}`.execute(server.db);
      gone = left.rows.length === 0;
    }
    // Notified until heard: the listener is back once one arrives.
    const notifying = setInterval(() => void notify(after).catch(() => {}), 200);
    const blocks = await live.finally(() => clearInterval(notifying));
    const events = blocks.map((b) => b.event);
    expect(events.indexOf('resync')).toBeGreaterThan(events.indexOf('ready'));
    expect(events.indexOf('resync')).toBeLessThan(events.indexOf('booking'));
    const resync = blocks.find((b) => b.event === 'resync')!;
    expect(resync.id!.split('-')[0]).not.toBe(idBefore.split('-')[0]);
    expect(blocks.find((b) => b.event === 'booking')!.id!.split('-')[0]).toBe(resync.id!.split('-')[0]);

    const resumed = await readStream(ready, idBefore);
    expect(resumed.map((b) => b.event)).toEqual(['resync', 'ready']);
  });
});

describe('BookingEvents replay buffer', () => {
  it(`replays from any of the last ${REPLAY_SIZE} ids and refuses older or foreign ones`, () => {
    const events = new BookingEvents();
    const start = events.lastId();
    expect(events.since(start)).toEqual([]);
    const first = events.publish(bookingEvent('b'));
    expect(events.since(start)).toEqual([first]);
    for (let i = 0; i < REPLAY_SIZE; i += 1) events.publish(bookingEvent('b'));
    // `first` is the last id of a browser that missed everything after it: still all there.
    expect(events.since(first.id)).toHaveLength(REPLAY_SIZE);
    // `start` would need `first` too, which has left the buffer.
    expect(events.since(start)).toBeNull();
    expect(events.since(events.lastId())).toEqual([]);
    expect(events.since(`${events.lastId()}0`)).toBeNull();
    expect(events.since('not-an-id')).toBeNull();
  });
});
