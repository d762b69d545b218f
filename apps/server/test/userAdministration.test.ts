import { entityByName, USER_ADMIN_MESSAGES } from '@lms/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFirstAdmin } from '../src/auth/firstAdmin.ts';
import { seedUsers } from '../src/seed/users.ts';
import { call, createBranch, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Nobody climbs the privilege ladder through user administration (issue "Hardening" 1–2): every
 * (actor, target) pair of the demo users, for an edit and for a password reset, against what the
 * README promises each demo role may do.
 */
const server = setupTestServer();

interface Demo {
  id: string;
  username: string;
  password: string;
  token: string;
}
const demo = new Map<string, Demo>();
const names = [
  'admin',
  'planner.bkk',
  'planner.north',
  'dispatcher.bkk',
  'driver.bkk',
  'masterdata',
  'viewer',
  'useradmin',
] as const;

async function userRow(id: string) {
  const { rows } = await sql<{ password_hash: string; roles: string[] | null }>`
    select password_hash, (select array_agg(distinct r order by r) from app_user__role_group_ids l
      join app_role_group g on g.id = l.ref_id, unnest(g.roles) r where l.owner_id = u.id) as roles
      from app_user u where id = ${id}`.execute(server.db);
  return rows[0]!;
}

beforeAll(async () => {
  const branches = await Promise.all(
    ['BKK', 'CNX', 'KKC', 'HDY'].map((code) => createBranch(server.db, code)),
  );
  const admin = (await ensureFirstAdmin(server.db))!;
  await sql`update app_user set must_change_password = false where username = 'admin'`.execute(server.db);
  const credentials = [admin, ...(await seedUsers(server.db, branches))];
  for (const { username, password } of credentials) {
    const { rows } = await sql<{ id: string }>`select id from app_user where username = ${username}`.execute(
      server.db,
    );
    demo.set(username, {
      id: rows[0]!.id,
      username,
      password,
      token: await signIn(server.api, { username, password }),
    });
  }
});

const get = (name: string) => demo.get(name)!;

/** The same record back, unchanged: an edit that would change nothing still needs the right. */
async function putBack(actor: Demo, target: Demo) {
  const record = await call(server.api, 'GET', `/appUser/${target.id}`, { token: get('admin').token });
  return call(server.api, 'PUT', `/appUser/${target.id}`, { token: actor.token, body: record.body });
}

/** Only the administrator acts on others; the user administrator only on users no stronger than itself. */
function expected(actor: string, target: string): 200 | 403 {
  if (actor === 'admin') return 200;
  if (actor === 'useradmin') return target === 'useradmin' ? 200 : 403;
  return 403;
}

describe('user import', () => {
  /** `POST /appUser/import` of a CSV as `actor`: the report. */
  async function importUsers(actor: Demo, rows: string[][], query: Record<string, string>) {
    const label = (name: string) => entityByName('appUser').fields.find((f) => f.name === name)!.label;
    const header = ['username', 'fullName', 'roleGroupIds', 'branchIds'].map(label);
    const form = new FormData();
    form.append('file', new Blob([[header, ...rows].map((row) => row.join(',')).join('\r\n')]), 'users.csv');
    const response = await fetch(`${server.api}/appUser/import?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${actor.token}` },
      body: form,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { rows: { row: number; status: string; errors: object }[] }).rows;
  }

  it('a dry run refuses the rows the import refuses, with the same words', async () => {
    const self = get('useradmin');
    const rows = [
      // A group whose roles the user administrator does not hold.
      ['imp.planner', 'นำเข้า วางแผน', 'ผู้วางแผนจัดส่ง', 'BKK'],
      // A branch it does not hold.
      ['imp.north', 'นำเข้า เหนือ', '', 'CNX'],
      // A user stronger than itself.
      ['admin', 'ผู้ดูแลระบบ แก้ชื่อ', '', 'BKK'],
      // Within its own access: written.
      ['imp.own', 'นำเข้า ในสาขา', '', 'BKK'],
    ];
    const dry = await importUsers(self, rows, { dryRun: 'true' });
    const real = await importUsers(self, rows, { dryRun: 'false', validOnly: 'true' });
    expect(dry).toEqual(real);
    expect(real.map((r) => r.status)).toEqual(['failed', 'failed', 'failed', 'created']);
    expect(real.slice(0, 3).map((r) => Object.values(r.errors))).toEqual([
      [expect.stringContaining('ROLE_DO_BOOKING')],
      [USER_ADMIN_MESSAGES.grantBranches],
      [USER_ADMIN_MESSAGES.actOnStronger],
    ]);
    const { rows: written } = await sql<{ username: string }>`select username from app_user
      where username like 'imp.%' order by username`.execute(server.db);
    expect(written).toEqual([{ username: 'imp.own' }]);
  });
});

describe('user administration', () => {
  it('refuses an edit of a user who holds roles or branches the editor does not', async () => {
    for (const actor of names) {
      for (const target of names) {
        const response = await putBack(get(actor), get(target));
        expect({ actor, target, status: response.status }).toEqual({
          actor,
          target,
          status: expected(actor, target),
        });
        if (response.status === 403 && actor === 'useradmin') {
          expect(response.body.messages).toEqual([USER_ADMIN_MESSAGES.actOnStronger]);
        }
      }
    }
  });

  it('refuses a user administrator who puts the administrators’ group on itself', async () => {
    const self = get('useradmin');
    const adminGroups = (await call(server.api, 'GET', `/appUser/${get('admin').id}`, { token: self.token }))
      .body.roleGroupIds as string[];
    const record = (await call(server.api, 'GET', `/appUser/${self.id}`, { token: self.token })).body;
    const response = await call(server.api, 'PUT', `/appUser/${self.id}`, {
      token: self.token,
      body: { ...record, roleGroupIds: [...record.roleGroupIds, ...adminGroups] },
    });
    expect(response.status).toBe(403);
    expect(response.body.messages[0]).toContain('ROLE_ADMIN');
    expect((await userRow(self.id)).roles).not.toContain('ROLE_ADMIN');
    // A fresh sign-in still has no administrator role.
    const token = await signIn(server.api, self);
    const info = await call(server.api, 'GET', '/account/userInfo', { token });
    expect(info.body.roles).not.toContain('ROLE_ADMIN');
  });

  it('refuses a user administrator who creates a user with a group or branch it does not hold', async () => {
    const self = get('useradmin');
    const planner = (
      await call(server.api, 'GET', `/appUser/${get('planner.bkk').id}`, { token: self.token })
    ).body;
    const north = (
      await call(server.api, 'GET', `/appUser/${get('planner.north').id}`, { token: self.token })
    ).body;
    const base = { username: 'new.user', fullName: 'ผู้ใช้ใหม่', email: 'new.user@demo.lms.local', active: true };
    const withGroup = await call(server.api, 'POST', '/appUser', {
      token: self.token,
      body: { ...base, roleGroupIds: planner.roleGroupIds, branchIds: [] },
    });
    expect(withGroup.status).toBe(403);
    const withBranch = await call(server.api, 'POST', '/appUser', {
      token: self.token,
      body: { ...base, roleGroupIds: [], branchIds: north.branchIds },
    });
    expect(withBranch.status).toBe(403);
    expect(withBranch.body.messages).toEqual([USER_ADMIN_MESSAGES.grantBranches]);
    const { rows } = await sql`select 1 from app_user where username = 'new.user'`.execute(server.db);
    expect(rows).toHaveLength(0);
    // Within its own access it may create users.
    const own = await call(server.api, 'POST', '/appUser', {
      token: self.token,
      body: { ...base, roleGroupIds: [], branchIds: planner.branchIds },
    });
    expect(own.status).toBe(201);
    expect(own.body.temporaryPassword).toEqual(expect.any(String));
  });

  it('refuses a password reset of a user who holds roles the resetter does not, for every pair', async () => {
    const before = new Map(
      await Promise.all(names.map(async (n) => [n, (await userRow(get(n).id)).password_hash] as const)),
    );
    const pairs = names.flatMap((actor) => names.map((target) => ({ actor, target })));
    // Refusals first: they change nothing, so every actor's session still holds for the rest.
    const ordered = [
      ...pairs.filter((p) => expected(p.actor, p.target) === 403),
      ...pairs.filter((p) => expected(p.actor, p.target) === 200 && p.actor !== 'admin'),
      ...pairs.filter((p) => p.actor === 'admin' && p.target !== 'admin'),
      { actor: 'admin' as const, target: 'admin' as const },
    ];
    expect(ordered).toHaveLength(pairs.length);
    for (const { actor, target } of ordered) {
      const response = await call(server.api, 'POST', `/appUser/${get(target).id}/resetPassword`, {
        token: get(actor).token,
      });
      expect({ actor, target, status: response.status }).toEqual({
        actor,
        target,
        status: expected(actor, target),
      });
      const hash = (await userRow(get(target).id)).password_hash;
      if (response.status === 200) {
        expect(response.body.temporaryPassword).toEqual(expect.any(String));
        expect(hash).not.toBe(before.get(target));
        before.set(target, hash);
      } else {
        expect(response.body.temporaryPassword).toBeUndefined();
        expect(hash).toBe(before.get(target));
      }
    }
  });
});
