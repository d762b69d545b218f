import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BookingEvent, BookingEvents } from './events.ts';

const HEARTBEAT_MS = 15_000;

/** Server-sent events of one branch's booking changes; the client reads them with fetch (bearer token in a header, never in the URL). */
export function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  events: BookingEvents,
  branchId: string,
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
  const send = (event: BookingEvent) => {
    if (event.branchId === branchId) raw.write(`event: booking\ndata: ${JSON.stringify(event)}\n\n`);
  };
  events.on('booking', send);
  const heartbeat = setInterval(() => raw.write(': heartbeat\n\n'), HEARTBEAT_MS);
  const stop = () => {
    clearInterval(heartbeat);
    events.off('booking', send);
  };
  request.raw.on('close', stop);
  raw.on('error', stop);
}
