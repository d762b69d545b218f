import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase, databaseUrl, dropDatabase } from '../src/db/admin.ts';
import { connect } from '../src/db/database.ts';
import { freePort } from '../src/db/embedded.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { DATABASE_UNAVAILABLE } from '../src/http/errors.ts';
import { call } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

interface OpenApiResponse {
  readonly content?: Record<string, { readonly schema?: Record<string, unknown> }>;
}

describe('GET /api/health', () => {
  it('answers the database version and the latest migration, from the real database', async () => {
    const response = await fetch(`${server.api}/health`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe('ok');
    expect(body.database.version).toMatch(/^PostgreSQL \d+/);
    expect(body.database.migration).toBe(Object.keys(migrations).at(-1));
  });

  it('answers 503 in Thai while the database is down, and 200 again once it is back', async () => {
    // A server whose database connections pass through a proxy this test can cut.
    const adminUrl = inject('pgAdminUrl');
    const name = `lms_t_${randomBytes(6).toString('hex')}`;
    await createDatabase(adminUrl, name, inject('pgTemplate'));
    const target = new URL(adminUrl);
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    const port = await freePort();
    const open = () => new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
    await open();
    const url = new URL(databaseUrl(adminUrl, name));
    // Through the proxy by TCP, not by the cluster's Unix socket.
    url.searchParams.delete('host');
    url.port = String(port);
    const db = connect(url.toString(), 2);
    const app = await buildApp({ db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const api = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api`;
      expect((await call(api, 'GET', '/health')).status).toBe(200);

      await new Promise((resolve) => {
        proxy.close(resolve);
        for (const socket of sockets) socket.destroy();
      });
      const health = await call(api, 'GET', '/health');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({ status: 'unavailable', messages: [DATABASE_UNAVAILABLE] });
      expect(DATABASE_UNAVAILABLE).toMatch(/^ฐานข้อมูล/);
      // Every call that needs the database says the same, not a 500.
      const signIn = await call(api, 'POST', '/auth/webLogin', { body: { username: 'a', password: 'b' } });
      expect(signIn.status).toBe(503);
      expect(signIn.body).toEqual({ messages: [DATABASE_UNAVAILABLE] });

      await open();
      expect((await call(api, 'GET', '/health')).status).toBe(200);
    } finally {
      await app.close();
      await db.destroy();
      proxy.close();
      for (const socket of sockets) socket.destroy();
      await dropDatabase(adminUrl, name);
    }
  });

  it('sends security headers and never lets an API answer be cached', async () => {
    const response = await fetch(`${server.api}/health`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('sends the standard security headers on every answer: HSTS, the web app’s CSP, no framing', async () => {
    const csp = {
      'default-src': "'self'",
      'img-src': "'self' data: blob:",
      'style-src': "'self' 'unsafe-inline'",
      'font-src': "'self' data:",
      'connect-src': "'self'",
      'frame-ancestors': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
    };
    const answers = [
      await fetch(`${server.api}/health`),
      await fetch(`${server.api}/does-not-exist`),
      await fetch(`${server.origin}/some/page`),
    ];
    for (const response of answers) {
      const headers = Object.fromEntries(response.headers);
      const hsts = /^max-age=(\d+); includeSubDomains$/.exec(headers['strict-transport-security'] ?? '');
      expect(Number(hsts?.[1]), response.url).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
      const directives = Object.fromEntries(
        headers['content-security-policy']!.split(';').map((d) => {
          const [name, ...sources] = d.trim().split(/\s+/);
          return [name, sources.join(' ')];
        }),
      );
      expect(directives, response.url).toEqual(csp);
      expect(headers, response.url).toMatchObject({
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
    }
  });
});

describe('unknown API paths', () => {
  it('answer 404 with a Thai message in the api.md shape', async () => {
    const response = await fetch(`${server.api}/does-not-exist`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ messages: ['ไม่พบ API ที่เรียก'] });
  });
});

describe('GET /api/docs', () => {
  it('describes every API route in OpenAPI 3, from the schemas the routes use', async () => {
    const response = await fetch(`${server.api}/docs/json`);
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const routes = server.app.apiRoutes
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    expect(documented).toEqual(expect.arrayContaining(routes));
    expect(doc.paths['/api/province'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'size', 'sort', 'searchTerm', 'codeEq', 'regionIds']),
    );
  });

  it('gives every operation a 2xx answer with its schema (the API contract, docs/architecture.md)', async () => {
    const doc = await (await fetch(`${server.api}/docs/json`)).json();
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>,
    ).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(100);
    const undescribed = operations
      .filter(({ op }) => {
        const success = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        // A 204 has no body to describe; every other success names its media type and schema.
        return !success.some(
          ([status, response]) =>
            status === '204' ||
            Object.values(response.content ?? {}).some(
              (media) => media.schema && Object.keys(media.schema).length,
            ),
        );
      })
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(undescribed).toEqual([]);
  });

  it('serves a browsable page', async () => {
    const response = await fetch(`${server.api}/docs`, { redirect: 'follow' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});

describe('JSON bodies', () => {
  it('treats an empty body sent with a JSON content type as no body (the client always sends the type)', async () => {
    const response = await fetch(`${server.api}/account/logoutAll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    // Past body parsing: the answer is about the missing sign-in, not the body.
    expect(response.status).toBe(401);
  });

  it('answers a malformed body with 400 in Thai', async () => {
    const response = await fetch(`${server.api}/auth/webLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).messages[0]).toMatch(/^คำขอไม่ถูกต้อง/);
  });
});
