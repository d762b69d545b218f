import type { EventEmitter } from 'node:events';
import type { RecordPresence } from '@lms/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BookingEvents, NumberedBookingEvent } from './events.ts';

const HEARTBEAT_MS = 15_000;

/** An open server-sent-event stream. */
interface EventStream {
  /** Writes one event; with `id`, the browser's resume point moves to it. */
  send(name: string, data: unknown, id?: string): void;
  /** Called on every heartbeat; what it answers is written as the stream's current `id:` (if any). */
  heartbeatId?: () => string;
}

/** The JSON of what is sent, once per object however many streams it goes to (never changed after it is sent). */
const sent = new WeakMap<object, string>();
function json(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = sent.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    sent.set(data, text);
  }
  return text;
}

/**
 * Opens a server-sent-event stream on `reply` (the client reads it with fetch: bearer token in a
 * header, never in the URL) with a heartbeat comment every 15 s; `onClose` runs when the client leaves.
 */
function openStream(request: FastifyRequest, reply: FastifyReply, onClose: () => void): EventStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
  });
  raw.write(': connected\n\n');
  const stream: EventStream = {
    send: (name, data, id) => {
      raw.write(`${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${json(data)}\n\n`);
    },
  };
  const heartbeat = setInterval(() => {
    const id = stream.heartbeatId?.();
    raw.write(`: heartbeat\n${id === undefined ? '' : `id: ${id}\n`}\n`);
  }, HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    onClose();
  };
  request.raw.on('close', stop);
  raw.on('error', stop);
  return stream;
}

/**
 * A server-sent-event stream of what `emitter` emits as `eventName`, written as `event: <name>`.
 * `select` decides per listener what it may see: `undefined` skips the event.
 */
export function streamEmitterEvents<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  emitter: EventEmitter,
  eventName: string,
  select: (event: T) => unknown = (event) => event,
) {
  streamNamedEvents<T>(request, reply, emitter, eventName, (event) => {
    const data = select(event);
    return data === undefined ? [] : [[eventName, data]];
  });
}

/**
 * A server-sent-event stream of what `emitter` emits as `eventName`, each becoming the events
 * `select` names for this listener (none: skipped), written as `event: <name>` in that order.
 */
export function streamNamedEvents<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  emitter: EventEmitter,
  eventName: string,
  select: (event: T) => readonly (readonly [name: string, data: unknown])[],
) {
  const send = (event: T) => {
    for (const [name, data] of select(event)) stream.send(name, data);
  };
  const stream = openStream(request, reply, () => emitter.off(eventName, send));
  emitter.on(eventName, send);
}

/**
 * Server-sent events of one branch's booking changes, each with its id, and (`event: presence`,
 * without an id) who has a record open in the branch, to listeners who may read that entity. A browser that comes
 * back with `Last-Event-ID` first gets the branch's events it missed, or `event: resync` when
 * they are no longer known (it must reload what it shows). Then `event: ready` carries the
 * current id, and the heartbeats keep it current, so a browser that saw no event of its branch
 * still has a resume point. An open stream is told `resync` when the server's listener was down
 * and came back (events.ts).
 */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  events: BookingEvents,
  branchId: string,
  listener: StreamListener,
) {
  const send = ({ id, event }: NumberedBookingEvent) => {
    if (event.branchId === branchId && listener.seesBookings) stream.send('booking', event, id);
  };
  const sendPresence = (presence: RecordPresence) => {
    if (presence.branchId === branchId && listener.mayRead(presence.entity))
      stream.send('presence', presence);
  };
  // The server stopped hearing for a while (events.ts): reload, and resume from the new epoch.
  const resync = () => stream.send('resync', {}, events.lastId());
  const stream = openStream(request, reply, () => {
    events.off('booking', send);
    events.off('presence', sendPresence);
    events.off('resync', resync);
  });
  stream.heartbeatId = () => events.lastId();
  // Replay and subscribe in the same turn of the event loop: no event can fall between them.
  const lastEventId = request.headers['last-event-id'];
  if (typeof lastEventId === 'string' && lastEventId !== '') {
    const missed = events.since(lastEventId);
    if (missed) for (const numbered of missed) send(numbered);
    else stream.send('resync', {});
  }
  stream.send('ready', {}, events.lastId());
  events.on('booking', send);
  events.on('presence', sendPresence);
  events.on('resync', resync);
}

/** What one stream's listener may hear: the branch's bookings, and who has open a record of an entity they read. */
export interface StreamListener {
  readonly seesBookings: boolean;
  readonly mayRead: (entity: string) => boolean;
}
