import { featureRoles, ROLE_BOOKING_CHANGE_CALL_STATUS, readRoleOf } from '@lms/domain';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/auth/access.ts';
import { LISTENER_NAME } from '../src/db/listener.ts';
import { bookingScenario, oneDoAllocation } from './bookingScenario.ts';
import { call, createUser, signIn } from './fixtures.ts';
import { setupSecondInstance, setupTestServer } from './harness.ts';

/**
 * Two API instances on one PostgreSQL, over real HTTP, nothing between them but the database
 * (docs/operations.md "Several instances"): what one instance changes, the other acts on as soon
 * as its listener has heard the commit — the same moment the changing instance's listener did,
 * give or take PostgreSQL's scheduling of the two listening backends.
 */
const a = setupTestServer();
const b = setupSecondInstance(a);

const userInfo = (api: string, token: string) => call(api, 'GET', '/account/userInfo', { token });

type Answer = Awaited<ReturnType<typeof call>>;
/**
 * B's answer once its listener heard a change A made. A answers only after its own listener heard
 * it, and the commit signalled both; on a loaded machine B's listening backend may be a few
 * milliseconds behind A's (a full run failed on this), so B is asked again until it answers
 * `status`, for at most 2 s — B's cache has no expiry that could answer it instead.
 */
async function onceHeard(ask: () => Promise<Answer>, status: number): Promise<Answer> {
  const deadline = Date.now() + 2000;
  for (;;) {
    const answer = await ask();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** Revokes a session behind every instance's back: no trigger runs, so no NOTIFY is sent. */
async function revokeSilently(databaseUrl: string, token: string) {
  const sessionId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`set session_replication_role = replica`);
    await client.query('update user_session set revoked_at = now() where id = $1', [sessionId]);
  } finally {
    await client.end();
  }
}

describe('two instances: sessions', () => {
  it('a sign-out on A is refused on B, whose cache held the session, as soon as B heard it', async () => {
    const user = await createUser(a.db);
    for (let round = 0; round < 3; round++) {
      const token = await signIn(a.api, user);
      // B has the session cached (two requests: the second is a hit).
      expect((await userInfo(b.api, token)).status).toBe(200);
      expect((await userInfo(b.api, token)).status).toBe(200);
      expect((await call(a.api, 'POST', '/auth/logout', { token })).status).toBe(204);
      const next = await onceHeard(() => userInfo(b.api, token), 401);
      expect(next.status).toBe(401);
      expect(next.body.messages).toEqual([messages.revoked]);
    }
  });

  it('logoutAll on B and a password change on A end the sessions cached on the other', async () => {
    const user = await createUser(a.db);
    const first = await signIn(a.api, user);
    const second = await signIn(b.api, user);
    for (const token of [first, second]) {
      expect((await userInfo(a.api, token)).status).toBe(200);
      expect((await userInfo(b.api, token)).status).toBe(200);
    }
    expect((await call(b.api, 'POST', '/account/logoutAll', { token: second })).status).toBe(204);
    expect((await onceHeard(() => userInfo(a.api, first), 401)).status).toBe(401);
    expect((await userInfo(a.api, second)).status).toBe(401);

    const token = await signIn(b.api, user);
    const other = await signIn(b.api, user);
    expect((await userInfo(b.api, other)).status).toBe(200);
    const changed = await call(a.api, 'POST', '/account/changePassword', {
      token,
      body: { oldPassword: user.password, newPassword: 'รหัสผ่านใหม่-2026-ยาวพอ' },
    });
    expect(changed.status).toBe(200);
    expect((await onceHeard(() => userInfo(b.api, other), 401)).status).toBe(401);
    // The session the change continued on a fresh token works on both.
    expect((await userInfo(b.api, changed.body.token)).status).toBe(200);
  });

  it('a role taken away on A is gone on B as soon as B heard it', async () => {
    const admin = await signIn(a.api, await createUser(a.db, { roles: ['ROLE_ADMIN'] }));
    const user = await createUser(a.db, { roles: [readRoleOf('PROVINCE')] });
    const token = await signIn(b.api, user);
    expect((await call(b.api, 'GET', '/province', { token })).status).toBe(200);
    expect((await call(b.api, 'GET', '/province', { token })).status).toBe(200);
    const { rows } = await sql<{ id: string }>`select ref_id as id from app_user__role_group_ids
      where owner_id = ${user.id}`.execute(a.db);
    const group = await call(a.api, 'GET', `/appRoleGroup/${rows[0]!.id}`, { token: admin });
    const changed = await call(a.api, 'PUT', `/appRoleGroup/${rows[0]!.id}`, {
      token: admin,
      body: { ...group.body, roles: [readRoleOf('DISTRICT')] },
    });
    expect(changed.status).toBe(200);
    expect((await onceHeard(() => call(b.api, 'GET', '/province', { token }), 403)).status).toBe(403);
  });

  it('serves cached sessions from memory, and while its listener is down reads every one again', async () => {
    const user = await createUser(a.db);
    const cached = await signIn(a.api, user);
    expect((await userInfo(b.api, cached)).status).toBe(200);
    // Revoked behind its back: B still has it cached (the cache is in use) …
    await revokeSilently(a.databaseUrl, cached);
    expect((await userInfo(b.api, cached)).status).toBe(200);

    // … until its listening connection drops: the cache is cleared and bypassed.
    const principals = b.app.auth.principals;
    const dropped = await sql<{
      n: number;
    }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where application_name = ${LISTENER_NAME} and datname = current_database()`.execute(a.db);
    expect(dropped.rows[0]!.n).toBeGreaterThanOrEqual(2);
    await until(() => !principals.caching);
    expect((await userInfo(b.api, cached)).status).toBe(401);
    // While down, nothing is kept: a session revoked silently now is refused at once.
    const fresh = await signIn(a.api, user);
    if (!principals.caching) {
      expect((await userInfo(b.api, fresh)).status).toBe(200);
      await revokeSilently(a.databaseUrl, fresh);
      expect((await userInfo(b.api, fresh)).status).toBe(401);
    }
    // Listening again (within a second or so), it caches again: a session revoked behind its back
    // after it was cached is served from memory once more.
    await until(() => principals.caching);
    const again = await signIn(a.api, user);
    expect((await userInfo(b.api, again)).status).toBe(200);
    await revokeSilently(a.databaseUrl, again);
    expect((await userInfo(b.api, again)).status).toBe(200);
  });
});

describe('two instances: throttles', () => {
  it('counts wrong passwords on A and B together: the pair is blocked after five, wherever they came', {
    timeout: 120_000,
  }, async () => {
    const user = await createUser(a.db);
    const from = { 'x-forwarded-for': '203.0.113.77' };
    const wrong = (api: string) =>
      call(api, 'POST', '/auth/webLogin', {
        body: { username: user.username, password: 'ผิด-ผิด-ผิด' },
        headers: from,
      });
    for (const api of [a.api, b.api, a.api, b.api, a.api]) expect((await wrong(api)).status).toBe(401);
    for (const api of [b.api, a.api]) {
      const blocked = await wrong(api);
      expect(blocked.status).toBe(429);
      expect(blocked.body.messages[0]).toMatch(/พยายามเข้าสู่ระบบหลายครั้งเกินไป/);
    }
    // The right password from there waits too; from elsewhere it works.
    const right = { username: user.username, password: user.password };
    expect((await call(b.api, 'POST', '/auth/webLogin', { body: right, headers: from })).status).toBe(429);
    expect(
      (
        await call(b.api, 'POST', '/auth/webLogin', {
          body: right,
          headers: { 'x-forwarded-for': '203.0.113.78' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('two instances: bookings', () => {
  async function plannerFor(branchId: string) {
    const user = await createUser(a.db, {
      roles: [
        ...featureRoles.doBooking.edit.filter((r) => r !== 'ROLE_ADMIN'),
        readRoleOf('BOOKING_CALENDAR'),
        readRoleOf('DELIVERY_ORDER'),
        'ROLE_BOOKING_REPORT_READ',
        ROLE_BOOKING_CHANGE_CALL_STATUS,
      ],
      branchIds: [branchId],
    });
    return signIn(a.api, user);
  }

  async function draftsFor(world: Awaited<ReturnType<typeof bookingScenario>>, token: string) {
    const drafts: string[] = [];
    for (const doId of world.deliveryOrderIds) {
      const draft = await call(a.api, 'POST', `/doBooking/draft?branchId=${world.branchId}`, {
        token,
        body: {
          deliveryOrderIds: [doId],
          shipToId: world.shipToId,
          shipCondId: world.shipCondId,
          allocations: oneDoAllocation(world.slotId, doId),
        },
      });
      expect(draft.status).toBe(201);
      drafts.push(draft.body.draft.id);
    }
    return drafts;
  }

  it('a booking confirmed on A reaches a live calendar stream on B', async () => {
    const world = await bookingScenario(a.db, { deliveryOrders: 1 });
    const token = await plannerFor(world.branchId);
    const [draftId] = await draftsFor(world, token);
    const controller = new AbortController();
    const stream = await fetch(`${b.api}/bookingCalendar/events?branchId=${world.branchId}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const read = async (until: (seen: string) => boolean) => {
      while (!until(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    };
    await read((seen) => seen.includes('event: ready'));
    const confirmed = await call(
      a.api,
      'POST',
      `/doBooking/confirm?id=${draftId}&branchId=${world.branchId}`,
      {
        token,
      },
    );
    expect(confirmed.status).toBe(201);
    await read((seen) => seen.includes('event: booking'));
    controller.abort();
    const booking = text.split('\n\n').find((block) => block.includes('event: booking'))!;
    const data = JSON.parse(
      booking
        .split('\n')
        .find((line) => line.startsWith('data:'))!
        .slice(5),
    );
    expect(data).toMatchObject({ branchId: world.branchId, kind: 'confirmed' });
  });

  it('confirms raced across A and B still fill the slot exactly', { timeout: 180_000 }, async () => {
    const world = await bookingScenario(a.db, { deliveryOrders: 40 });
    const token = await plannerFor(world.branchId);
    const drafts = await draftsFor(world, token);
    const answers = await Promise.all(
      drafts.map((id, i) =>
        call(i % 2 ? b.api : a.api, 'POST', `/doBooking/confirm?id=${id}&branchId=${world.branchId}`, {
          token,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from delivery_order
      where id = any(${world.deliveryOrderIds}::uuid[]) and is_booking`.execute(a.db);
    expect(rows[0]!.n).toBe(10);
  });
});
