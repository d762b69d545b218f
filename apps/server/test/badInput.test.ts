import { request as httpRequest } from 'node:http';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/** Bad input from a careless client or a prober: every answer a 4xx in the api.md Thai shape. */

const server = setupTestServer();
let admin: string;

beforeAll(async () => {
  admin = await signIn(server.api, await createUser(server.db, { roles: ['ROLE_ADMIN'] }));
});

/** English the validators and Fastify write by default, and what a leaked exception looks like. */
const ENGLISH = /must|should|is not|type|function|undefined|error|bad request|request|header|url/i;

function expectThai(response: { status: number; body: unknown }, status: number) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  const { messages } = response.body as { messages: unknown };
  expect(Array.isArray(messages) && messages.length > 0, JSON.stringify(response.body)).toBe(true);
  for (const message of messages as unknown[]) {
    expect(message).toMatch(/[\u0E00-\u0E7F]/);
    expect(message).not.toMatch(ENGLISH);
  }
  return messages as string[];
}

/** A raw GET: fetch refuses to send some of what a prober sends. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  const url = new URL(server.origin);
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('answers the HTTP layer refuses in Thai', () => {
  it('headers past the size limit → 431', async () => {
    expectThai(await rawGet('/api/province', { 'x-padding': 'a'.repeat(20_000) }), 431);
  });

  it('a URL past the size limit → 431', async () => {
    expectThai(await rawGet(`/api/province?searchTerm=${'a'.repeat(20_000)}`), 431);
  });

  it('a path parameter past its length limit → 414', async () => {
    expectThai(await rawGet(`/api/province/${'a'.repeat(200)}`), 414);
  });

  it('an unknown path outside /api (no web app served) → 404', async () => {
    expectThai(await rawGet('/nothing-here'), 404);
  });

  it('a malformed %-escape → 400', async () => {
    expectThai(await rawGet('/api/province/%E0%A4%A'), 400);
  });
});

describe('answers to bodies of the wrong shape in Thai, naming the field by its label', () => {
  it('an array where text belongs', async () => {
    const response = await call(server.api, 'POST', '/province', {
      token: admin,
      body: { code: ['99'], nameTh: { th: 'x' }, nameEn: 'X' },
    });
    const messages = expectThai(response, 422);
    expect(response.body.errors.code).toBe('รหัส ต้องเป็นข้อความ');
    expect(messages.join()).not.toMatch(/trim/);
  });

  it('a text/plain body, without echoing it', async () => {
    const sent = await fetch(`${server.api}/province`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'text/plain' },
      body: 'hello world',
    });
    const body = await sent.json();
    const messages = expectThai({ status: sent.status, body }, 422);
    expect(messages.join()).not.toMatch(/hello/);
  });

  it('a JSON-schema finding, without the validator’s English', async () => {
    const response = await call(server.api, 'POST', '/demo/locationTracking/positions', {
      token: admin,
      body: { lat: 'north', lon: 100.5, accuracy: 5, at: new Date().toISOString() },
    });
    expect(expectThai(response, 400)).toContain('ละติจูด ต้องเป็นตัวเลข');
  });

  it('a list filter, named by its label on the filter panel, not by its parameter', async () => {
    const badId = await call(server.api, 'GET', '/province?regionIds=x', { token: admin });
    expect(expectThai(badId, 400)).toEqual(['ตัวกรอง "ภาค: เป็น" มีรหัสอ้างอิงที่ไม่ถูกต้อง']);
    const tooLong = await call(server.api, 'GET', `/province?codeEq=${'1'.repeat(400)}`, { token: admin });
    expect(expectThai(tooLong, 400)[0]).toMatch(/^รหัส: เท่ากับ ยาวได้ไม่เกิน \d+ ตัวอักษร \(ส่งมา 400 ตัวอักษร\)$/);
  });

  it('a missing field of a sign-in', async () => {
    const response = await call(server.api, 'POST', '/auth/webLogin', { body: { username: 'x' } });
    expect(expectThai(response, 400)).toContain('กรุณาระบุ รหัสผ่าน');
  });
});

describe('a NUL character is refused before it reaches PostgreSQL', () => {
  it('in a sign-in, anonymously', async () => {
    const response = await call(server.api, 'POST', '/auth/webLogin', {
      body: { username: 'admin\u0000', password: 'x' },
    });
    expect(expectThai(response, 400)[0]).toMatch(/^ชื่อผู้ใช้ /);
  });

  it('in a query', async () => {
    expectThai(await call(server.api, 'GET', '/province?searchTerm=a%00b', { token: admin }), 400);
  });

  it('in a record’s text, in a child row and in a key', async () => {
    for (const body of [
      { code: '98', nameTh: 'ก\u0000', nameEn: 'X' },
      { code: '98', nameTh: 'ก', nameEn: 'X', extra: [{ note: 'x\u0000' }] },
      { code: '98', nameTh: 'ก', nameEn: 'X', 'x\u0000': 1 },
    ]) {
      expectThai(await call(server.api, 'POST', '/province', { token: admin, body }), 400);
    }
    const { rows } = await sql`select 1 from province where code = '98'`.execute(server.db);
    expect(rows).toEqual([]);
  });
});

describe('the Excel export', () => {
  it('checks its filters before the download starts', async () => {
    const response = await call(server.api, 'GET', '/province/export?ids=abc', { token: admin });
    expect(response.headers.get('content-type')).toMatch(/json/);
    expectThai(response, 400);
  });
});

describe('what only the database can refuse, in Thai (found by the fuzz)', () => {
  it('a plan for a shift that does not exist → 422, not a foreign-key 500', async () => {
    const branchId = await createBranch(server.db);
    const response = await call(server.api, 'POST', `/shipmentPlanning/confirm?branchId=${branchId}`, {
      token: admin,
      body: {
        date: '2025-11-11',
        shiftOfDayId: '04e9349c-5a55-4df5-ae32-2157b96eda4d',
        version: 0,
        trips: [],
      },
    });
    expect(expectThai(response, 422)).toEqual(['ไม่พบข้อมูลอ้างอิงที่เลือก']);
  });
});
