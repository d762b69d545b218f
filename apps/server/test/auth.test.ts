import { ROLE_ADMIN } from '@lms/domain';
import Fastify from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { registerAccessControl } from '../src/auth/access.ts';
import { ensureFirstAdmin } from '../src/auth/firstAdmin.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

const server = setupTestServer();

describe('first start', () => {
  it('creates one admin with a random password that must be changed, and only once', async () => {
    const first = await ensureFirstAdmin(server.db);
    expect(first?.username).toBe('admin');
    expect(first?.password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(await ensureFirstAdmin(server.db)).toBeUndefined();

    const token = await signIn(server.api, first!);
    const info = await call(server.api, 'GET', '/account/userInfo', { token });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ username: 'admin', mustChangePassword: true, roles: [ROLE_ADMIN] });

    // Nothing but the account calls until the password is changed.
    const health = await call(server.api, 'POST', '/account/changePassword', {
      token,
      body: { oldPassword: first!.password, newPassword: 'รหัสใหม่ที่ยาวพอ-2026' },
    });
    expect(health.status).toBe(200);
    expect(health.body.token).toEqual(expect.any(String));
    const after = await call(server.api, 'GET', '/account/userInfo', { token: health.body.token });
    expect(after.body.mustChangePassword).toBe(false);
    // The token from before the change no longer works.
    expect((await call(server.api, 'GET', '/account/userInfo', { token })).status).toBe(401);
  });
});

describe('POST /api/auth/webLogin', () => {
  it('answers token, expiresAt and info with roles and branch infos', async () => {
    const branchId = await createBranch(server.db, 'BKK01', 'สาขากรุงเทพ');
    const user = await createUser(server.db, { roles: ['ROLE_PROVINCE_READ'], branchIds: [branchId] });
    const response = await call(server.api, 'POST', '/auth/webLogin', {
      body: { username: user.username.toUpperCase(), password: user.password },
    });
    expect(response.status).toBe(200);
    const { token, expiresAt, info, userId } = response.body;
    expect(userId).toBe(user.id);
    expect(token.split('.')).toHaveLength(3);
    const minutes = (Date.parse(expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(info).toMatchObject({
      username: user.username,
      email: `${user.username}@example.com`,
      roles: ['ROLE_PROVINCE_READ'],
      branchInfos: [{ id: branchId, code: 'BKK01', name: 'สาขากรุงเทพ' }],
      mustChangePassword: false,
    });
  });

  it('gives an unknown user and a wrong password the same Thai answer', async () => {
    const user = await createUser(server.db);
    const wrong = await call(server.api, 'POST', '/auth/webLogin', {
      body: { username: user.username, password: 'not-it-at-all' },
    });
    const unknown = await call(server.api, 'POST', '/auth/webLogin', {
      body: { username: 'nobody-here', password: 'whatever1' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.messages[0]).toBe('ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง');
  });

  it('refuses a disabled user', async () => {
    const user = await createUser(server.db, { active: false });
    expect((await call(server.api, 'POST', '/auth/webLogin', { body: user })).status).toBe(401);
  });

  it('throttles repeated failures with 429 and a Thai message, without blocking the user from elsewhere', async () => {
    const user = await createUser(server.db);
    const attempt = (address: string, password = 'wrong-password') =>
      call(server.api, 'POST', '/auth/webLogin', {
        body: { username: user.username, password },
        headers: { 'x-forwarded-for': `198.51.100.${address === 'a' ? 1 : 2}` },
      });
    for (let i = 0; i < 5; i++) expect((await attempt('a')).status).toBe(401);
    const blocked = await attempt('a', user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.messages[0]).toMatch(/พยายามเข้าสู่ระบบหลายครั้งเกินไป/);
    // The per-(user, address) block does not stop the same user signing in from another address.
    expect((await attempt('b', user.password)).status).toBe(200);
  });

  it('rejects a malformed body with 400 and a Thai message', async () => {
    const response = await call(server.api, 'POST', '/auth/webLogin', { body: { username: 'x' } });
    expect(response.status).toBe(400);
    expect(response.body.messages[0]).toMatch(/^คำขอไม่ถูกต้อง/);
  });
});

describe('tokens', () => {
  it('are refused when missing, malformed, forged, expired or revoked', async () => {
    const user = await createUser(server.db);
    const token = await signIn(server.api, user);
    const userInfo = (t?: string) => call(server.api, 'GET', '/account/userInfo', { token: t });
    expect((await userInfo()).status).toBe(401);
    expect((await userInfo()).body.messages[0]).toBe('กรุณาเข้าสู่ระบบ');
    expect((await userInfo('not-a-jwt')).status).toBe(401);
    const [header, payload] = token.split('.');
    expect((await userInfo(`${header}.${payload}.forgedsignature`)).status).toBe(401);
    // An alg=none token is never accepted.
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect((await userInfo(none)).status).toBe(401);

    const expired = await server.app.auth.tokens.issue(
      { userId: user.id, sessionId: '00000000-0000-4000-8000-000000000000', tokenVersion: 0 },
      new Date(Date.now() - 1000),
      new Date(Date.now() - 2 * 3600_000),
    );
    const expiredAnswer = await userInfo(expired.token);
    expect(expiredAnswer.status).toBe(401);
    expect(expiredAnswer.body.messages[0]).toBe('เซสชันหมดอายุ กรุณาเข้าสู่ระบบอีกครั้ง');

    expect((await call(server.api, 'POST', '/auth/logout', { token })).status).toBe(204);
    expect((await userInfo(token)).status).toBe(401);
  });

  it('are renewed, never past the 12-hour session limit', async () => {
    const user = await createUser(server.db);
    const token = await signIn(server.api, user);
    await sql`update user_session set absolute_expires_at = now() + interval '10 minutes' where user_id = ${user.id}`.execute(
      server.db,
    );
    server.app.auth.principals.invalidateUser(user.id);
    const renewed = await call(server.api, 'GET', '/account/renewToken', { token });
    expect(renewed.status).toBe(200);
    const minutes = (Date.parse(renewed.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeLessThanOrEqual(10);
    expect((await call(server.api, 'GET', '/account/userInfo', { token: renewed.body.token })).status).toBe(
      200,
    );

    await sql`update user_session set absolute_expires_at = now() - interval '1 second' where user_id = ${user.id}`.execute(
      server.db,
    );
    server.app.auth.principals.invalidateUser(user.id);
    expect((await call(server.api, 'GET', '/account/renewToken', { token: renewed.body.token })).status).toBe(
      401,
    );
  });

  it('all stop at logoutAll and when the user is disabled', async () => {
    const user = await createUser(server.db);
    const one = await signIn(server.api, user);
    const two = await signIn(server.api, user);
    expect((await call(server.api, 'POST', '/account/logoutAll', { token: one })).status).toBe(204);
    expect((await call(server.api, 'GET', '/account/userInfo', { token: two })).status).toBe(401);

    const three = await signIn(server.api, user);
    await sql`update app_user set active = false where id = ${user.id}`.execute(server.db);
    server.app.auth.principals.invalidateUser(user.id);
    expect((await call(server.api, 'GET', '/account/userInfo', { token: three })).status).toBe(401);
  });
});

describe('POST /api/account/changePassword', () => {
  it('enforces the spec §5 rules on the server with per-field Thai messages', async () => {
    const user = await createUser(server.db);
    const token = await signIn(server.api, user);
    const change = (body: unknown) => call(server.api, 'POST', '/account/changePassword', { token, body });
    const empty = await change({ oldPassword: ' ', newPassword: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ oldPassword: 'กรุณาระบุ รหัสผ่านเก่า', newPassword: 'กรุณาระบุ รหัสผ่านใหม่' });
    const same = await change({ oldPassword: user.password, newPassword: user.password });
    expect(same.body.errors.newPassword).toBe('รหัสผ่านใหม่ ต้องต่างจาก รหัสผ่านเก่า');
    expect(
      (await change({ oldPassword: user.password, newPassword: 'short' })).body.errors.newPassword,
    ).toMatch(/8 ถึง 128/);
    expect(
      (await change({ oldPassword: 'wrong-old', newPassword: 'a-new-password' })).body.errors.oldPassword,
    ).toBe('รหัสผ่านเก่า ไม่ถูกต้อง');

    const ok = await change({ oldPassword: user.password, newPassword: 'a-new-password' });
    expect(ok.status).toBe(200);
    // The fixture's hash is at a test cost (fixtures.ts); the new one is at the product's (OWASP's scrypt).
    const { rows } = await sql<{ password_hash: string }>`
      select password_hash from app_user where id = ${user.id}`.execute(server.db);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect((await call(server.api, 'GET', '/account/userInfo', { token })).status).toBe(401);
    await signIn(server.api, { username: user.username, password: 'a-new-password' });
  });
});

describe('token lifetime', () => {
  /** A token signed with the server's own key: what a leaked key or a future bug could mint. */
  async function forge(token: string, times: { iat?: number; exp?: number }) {
    const { rows } = await sql<{
      value: string;
    }>`select value from app_setting where key = 'jwtSecret'`.execute(server.db);
    const claims = decodeJwt(token);
    let jwt = new SignJWT({ sid: claims.sid, tv: claims.tv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub!);
    if (times.iat !== undefined) jwt = jwt.setIssuedAt(times.iat);
    if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
    return jwt.sign(Buffer.from(rows[0]!.value, 'base64'));
  }

  it('requires exp and iat, and bounds exp by the token lifetime', async () => {
    const token = await signIn(server.api, await createUser(server.db));
    const now = Math.floor(Date.now() / 1000);
    const answer = async (times: { iat?: number; exp?: number }) =>
      (await call(server.api, 'GET', '/account/userInfo', { token: await forge(token, times) })).status;
    // The forger works: a token shaped as the server issues them is accepted.
    expect(await answer({ iat: now, exp: now + 50 * 60 })).toBe(200);
    expect(await answer({ iat: now })).toBe(401);
    expect(await answer({ exp: now + 50 * 60 })).toBe(401);
    // Past the 12-hour session limit, and past the 60-minute token lifetime.
    expect(await answer({ iat: now, exp: now + 13 * 3600 })).toBe(401);
    expect(await answer({ iat: now, exp: now + 2 * 3600 })).toBe(401);
    // Issued in the future to stretch its life.
    expect(await answer({ iat: now + 3600, exp: now + 2 * 3600 })).toBe(401);
  });
});

describe('webDevLogin', () => {
  it('does not exist outside development mode: any body gets the unknown-path answer', async () => {
    const user = await createUser(server.db);
    const unknown = await call(server.api, 'POST', '/auth/noSuchCall', { body: {} });
    expect(unknown.status).toBe(404);
    for (const body of [{ username: user.username }, {}, { x: 1 }]) {
      const response = await call(server.api, 'POST', '/auth/webDevLogin', { body });
      expect(response).toMatchObject({ status: 404, body: unknown.body });
    }
    expect(server.app.apiRoutes.some((r) => r.url.endsWith('webDevLogin'))).toBe(false);
  });
});

describe('route registration', () => {
  it('refuses an API route that declares no access rule', async () => {
    const app = Fastify();
    registerAccessControl(app, server.app.auth.tokens, server.app.auth.principals, []);
    expect(() => app.get('/api/unprotected', async () => 'open')).toThrow(/declares no access rule/);
    await app.close();
  });

  it('refuses a signed-in API route that does not say whether an API key reaches it', async () => {
    const app = Fastify();
    registerAccessControl(app, server.app.auth.tokens, server.app.auth.principals, []);
    const route = (config: object) => () => app.get('/api/undeclared', { config }, async () => 'open');
    expect(route({ access: { signedIn: true } })).toThrow(/declares no API key policy/);
    expect(route({ access: { signedIn: true }, apiKey: 'closed' })).not.toThrow();
    expect(() =>
      app.get('/api/anyone', { config: { access: { public: true } } }, async () => 'ok'),
    ).not.toThrow();
    await app.close();
  });

  it('knows every API route and its rule', () => {
    const urls = server.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['POST /api/auth/webLogin', 'GET /api/account/userInfo', 'GET /api/health']),
    );
    expect(server.app.apiRoutes.every((r) => r.access)).toBe(true);
  });
});
