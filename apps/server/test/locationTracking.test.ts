import { ROLE_ADMIN, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, signIn, type TestUser } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();
const BASE = '/demo/locationTracking';
const thai = /[\u0E00-\u0E7F]/;

const position = (overrides: Record<string, unknown> = {}) => ({
  lat: 13.7563,
  lon: 100.5018,
  accuracy: 12,
  at: new Date().toISOString(),
  ...overrides,
});

async function admin(): Promise<{ user: TestUser; token: string }> {
  const user = await createUser(server.db, { roles: [ROLE_ADMIN] });
  return { user, token: await signIn(server.api, user) };
}

const rowsOf = async (userId: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from demo_position where user_id = ${userId}`.execute(
      server.db,
    )
  ).rows[0]!.n;

/** Reads a server-sent-event stream until `until` matches what arrived. */
function readStream(body: ReadableStream<Uint8Array>, until: RegExp): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  return (async () => {
    let text = '';
    while (!until.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return text;
  })();
}

describe('location tracking demo: positions', () => {
  it('lets an admin share positions and read today’s latest position of each user', async () => {
    const a = await admin();
    const b = await admin();
    // An older fix today and one from two days ago, already stored for A.
    await sql`insert into demo_position (user_id, lat, lon, accuracy, at) values
      (${a.user.id}, 1, 1, 5, now() - interval '2 days'),
      (${a.user.id}, 13.70, 100.40, 30, now() - interval '1 second')`.execute(server.db);

    const posted = await call(server.api, 'POST', `${BASE}/positions`, {
      token: a.token,
      body: position({ lat: 13.75, lon: 100.5, accuracy: 8.5 }),
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    expect(posted.body).toMatchObject({
      userId: a.user.id,
      username: a.user.username,
      fullName: `ผู้ใช้ ${a.user.username}`,
      lat: 13.75,
      lon: 100.5,
      accuracy: 8.5,
    });
    // Kept for the day: the two-day-old fix is gone once a new one arrives.
    expect(await rowsOf(a.user.id)).toBe(2);

    expect(
      (
        await call(server.api, 'POST', `${BASE}/positions`, {
          token: b.token,
          body: position({ lat: 18.79 }),
        })
      ).status,
    ).toBe(201);

    const list = await call(server.api, 'GET', `${BASE}/positions`, { token: b.token });
    expect(list.status).toBe(200);
    const mine = list.body.filter((p: { userId: string }) => p.userId === a.user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ lat: 13.75, lon: 100.5, accuracy: 8.5, username: a.user.username });
    expect(list.body.find((p: { userId: string }) => p.userId === b.user.id)).toMatchObject({ lat: 18.79 });
  });

  it('refuses every route to users who are not admins (403) and to callers without a token (401)', async () => {
    const noRole = await createUser(server.db);
    const reader = await createUser(server.db, { roles: [readRoleOf('DO_BOOKING'), readRoleOf('PROVINCE')] });
    for (const user of [noRole, reader]) {
      const token = await signIn(server.api, user);
      const posted = await call(server.api, 'POST', `${BASE}/positions`, { token, body: position() });
      expect(posted.status).toBe(403);
      expect(posted.body.messages[0]).toMatch(thai);
      expect((await call(server.api, 'GET', `${BASE}/positions`, { token })).status).toBe(403);
      const stream = await call(server.api, 'GET', `${BASE}/events`, { token });
      expect(stream.status).toBe(403);
      expect(stream.headers.get('content-type')).toContain('application/json');
      expect(await rowsOf(user.id)).toBe(0);
    }
    for (const [method, path] of [
      ['POST', 'positions'],
      ['GET', 'positions'],
      ['GET', 'events'],
    ] as const) {
      const response = await call(server.api, method, `${BASE}/${path}`, {
        body: method === 'POST' ? position() : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 400 for a malformed body and 422 with Thai field messages for values out of range', async () => {
    const a = await admin();
    const post = (body: unknown) => call(server.api, 'POST', `${BASE}/positions`, { token: a.token, body });

    const missing = await post({ lat: 13, lon: 100, accuracy: 5 });
    expect(missing.status).toBe(400);
    expect(missing.body.messages[0]).toMatch(thai);
    expect((await post(position({ lat: 'north' }))).status).toBe(400);
    expect((await post(position({ at: { when: 'now' } }))).status).toBe(400);

    const outOfRange = await post(
      position({
        lat: 91,
        lon: -180.5,
        accuracy: -1,
        at: new Date(Date.now() + 10 * 60_000).toISOString(),
      }),
    );
    expect(outOfRange.status).toBe(422);
    expect(Object.keys(outOfRange.body.errors).sort()).toEqual(['accuracy', 'at', 'lat', 'lon']);
    expect(outOfRange.body.errors.lat).toBe('ละติจูดต้องอยู่ระหว่าง -90 ถึง 90');
    expect(outOfRange.body.messages[0]).toMatch(thai);

    const garbledTime = await post(position({ at: 'เมื่อวาน' }));
    expect(garbledTime.status).toBe(422);
    expect(Object.keys(garbledTime.body.errors)).toEqual(['at']);
    const tooOld = await post(position({ at: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    expect(tooOld.status).toBe(422);

    // The edges are allowed; nothing refused was stored.
    expect(await rowsOf(a.user.id)).toBe(0);
    expect((await post(position({ lat: -90, lon: 180, accuracy: 0 }))).status).toBe(201);
    expect(await rowsOf(a.user.id)).toBe(1);
  });

  it('allows one position per second per user (429 in Thai), without slowing other users', async () => {
    const a = await admin();
    const b = await admin();
    const post = (token: string) =>
      call(server.api, 'POST', `${BASE}/positions`, { token, body: position() });
    expect((await post(a.token)).status).toBe(201);
    const second = await post(a.token);
    expect(second.status).toBe(429);
    expect(second.body.messages).toEqual(['ส่งตำแหน่งบ่อยเกินไป กรุณารอสักครู่ (ไม่เกิน 1 ครั้งต่อวินาที)']);
    expect(second.headers.get('retry-after')).toBe('1');
    expect((await post(b.token)).status).toBe(201);
    expect(await rowsOf(a.user.id)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect((await post(a.token)).status).toBe(201);
    expect(await rowsOf(a.user.id)).toBe(2);
  });
});

describe('location tracking demo: live events', () => {
  let watcher: { user: TestUser; token: string };
  let mover: { user: TestUser; token: string };
  beforeAll(async () => {
    watcher = await admin();
    mover = await admin();
  });

  it('streams another admin’s position to a watching admin within a second, but not the watcher’s own', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${server.api}${BASE}/events`, {
      headers: { authorization: `Bearer ${watcher.token}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const received = readStream(stream.body!, /event: position\ndata: .*\n\n/);
    try {
      // The watcher's own fix is not sent back to it.
      expect(
        (
          await call(server.api, 'POST', `${BASE}/positions`, {
            token: watcher.token,
            body: position({ lat: 10 }),
          })
        ).status,
      ).toBe(201);
      const started = Date.now();
      const posted = await call(server.api, 'POST', `${BASE}/positions`, {
        token: mover.token,
        body: position({ lat: 14.3532, lon: 100.5689, accuracy: 25 }),
      });
      expect(posted.status).toBe(201);
      const text = await received;
      expect(Date.now() - started).toBeLessThan(1000);
      const data = JSON.parse(/event: position\ndata: (.*)\n\n/.exec(text)![1]!);
      expect(data).toMatchObject({
        userId: mover.user.id,
        username: mover.user.username,
        fullName: `ผู้ใช้ ${mover.user.username}`,
        lat: 14.3532,
        lon: 100.5689,
        accuracy: 25,
      });
    } finally {
      controller.abort();
    }
  });
});
