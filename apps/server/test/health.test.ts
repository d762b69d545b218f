import { describe, expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

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
