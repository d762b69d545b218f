import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect } from '../src/db/database.ts';

/**
 * A server asked to stop finishes the answers under way and then lets go of their connections:
 * Node's server.close() closes only the connections idle at that moment, and one whose answer
 * was still going out stayed open for keep-alive's 72 s (CI's teardown once waited 60 s on it).
 */
describe('stopping the server', () => {
  it('answers a request under way, then closes its kept-alive connection at once', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `lms_t_${randomBytes(6).toString('hex')}`;
    await createDatabase(adminUrl, name, inject('pgTemplate'));
    const db = connect(databaseUrl(adminUrl, name), 2);
    const app = await buildApp({ db });
    let arrived: () => void = () => {};
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    app.get('/slow', async () => {
      arrived();
      await sleep(300);
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      // fetch keeps its connection alive for the next request, as a browser does.
      const answer = fetch(`${origin}/slow`).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      }));
      await inHandler;
      const closed = app.close().then(() => 'closed');
      expect(await answer).toEqual({ status: 200, body: { done: true } });
      // Closed well within keep-alive's 72 s: 10 s is the margin for a loaded machine.
      expect(await Promise.race([closed, sleep(10_000, 'still open')])).toBe('closed');
    } finally {
      await app.close();
      await db.destroy();
      await dropDatabase(adminUrl, name);
    }
  });
});
