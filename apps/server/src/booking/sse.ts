import type { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BookingEvent, BookingEvents } from './events.ts';

const HEARTBEAT_MS = 15_000;

/**
 * A server-sent-event stream of what `emitter` emits as `eventName`, written as `event: <name>`.
 * `select` decides per listener what it may see: `undefined` skips the event. The client reads it
 * with fetch (bearer token in a header, never in the URL); the stream ends when the client leaves.
 */
export function streamEmitterEvents<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  emitter: EventEmitter,
  eventName: string,
  select: (event: T) => unknown = (event) => event,
) {
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
  const send = (event: T) => {
    const data = select(event);
    if (data !== undefined) raw.write(`event: ${eventName}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  emitter.on(eventName, send);
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    emitter.off(eventName, send);
  };
  request.raw.on('close', stop);
  raw.on('error', stop);
}

/** Server-sent events of one branch's booking changes. */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  events: BookingEvents,
  branchId: string,
) {
  streamEmitterEvents<BookingEvent>(request, reply, events, 'booking', (event) =>
    event.branchId === branchId ? event : undefined,
  );
}
