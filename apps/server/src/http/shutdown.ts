import type { FastifyInstance } from 'fastify';

/** How often a closing server looks for connections whose last answer has gone out. */
const SWEEP_MS = 50;

/**
 * Lets a stopping server go as soon as its last answer is out. Node's `server.close()` closes the
 * connections idle at that moment; one whose answer was still under way went back to keep-alive
 * after it and held the close open for `keepAliveTimeout` (Fastify's 72 s): a restart by the
 * supervisor waited that long. While closing, idle connections are closed as they become idle;
 * answers under way still finish (a hard cut, `forceCloseConnections: true`, would drop them).
 */
export function closeConnectionsOnceAnswered(app: FastifyInstance): void {
  app.addHook('preClose', (done) => {
    const server = app.server;
    if (server.listening) {
      const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS).unref();
      server.once('close', () => clearInterval(sweep));
    }
    done();
  });
}
