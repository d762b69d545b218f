import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.ts';
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

  it('sends security headers and never lets an API answer be cached', async () => {
    const response = await fetch(`${server.api}/health`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
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
