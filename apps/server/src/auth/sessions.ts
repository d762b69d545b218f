import type { BranchInfo, UserInfo } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Principal } from './principal.ts';
import { SESSION_MAX_SECONDS, type TokenService } from './tokens.ts';

export async function userInfo(db: Database, principal: Principal): Promise<UserInfo> {
  // An admin may act for every branch (product.md).
  const { rows } = principal.isAdmin
    ? await sql<BranchInfo>`select id, code, name from branch order by code`.execute(db)
    : await sql<BranchInfo>`select b.id, b.code, b.name from branch b
        join app_user__branch_ids l on l.ref_id = b.id where l.owner_id = ${principal.userId} order by b.code`.execute(
        db,
      );
  const { rows: settings } = await sql<{ buddhist_era: boolean }>`
    select buddhist_era from app_user where id = ${principal.userId}`.execute(db);
  return {
    userId: principal.userId,
    username: principal.username,
    fullName: principal.fullName,
    email: principal.email,
    profileImageId: principal.profileImageId,
    roles: principal.roles,
    branchInfos: rows,
    mustChangePassword: principal.mustChangePassword,
    buddhistEra: settings[0]?.buddhist_era ?? false,
  };
}

export async function openSession(
  db: Database,
  tokens: TokenService,
  user: { id: string; tokenVersion: number },
  client: { userAgent?: string; address: string },
) {
  const { rows } = await sql<{ id: string; absolute_expires_at: Date }>`
    insert into user_session (user_id, absolute_expires_at, user_agent, address)
    values (${user.id}, now() + make_interval(secs => ${SESSION_MAX_SECONDS}), ${client.userAgent?.slice(0, 500) ?? null}, ${client.address})
    returning id, absolute_expires_at`.execute(db);
  const session = rows[0]!;
  await sql`update app_user set last_login_at = now() where id = ${user.id}`.execute(db);
  return tokens.issue(
    { userId: user.id, sessionId: session.id, tokenVersion: user.tokenVersion },
    session.absolute_expires_at,
  );
}

export async function renewSession(db: Database, tokens: TokenService, principal: Principal) {
  const { rows } = await sql<{ absolute_expires_at: Date; token_version: number }>`
    select s.absolute_expires_at, u.token_version from user_session s join app_user u on u.id = s.user_id
     where s.id = ${principal.sessionId}`.execute(db);
  const row = rows[0]!;
  return tokens.issue(
    { userId: principal.userId, sessionId: principal.sessionId, tokenVersion: row.token_version },
    row.absolute_expires_at,
  );
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await sql`update user_session set revoked_at = now() where id = ${sessionId} and revoked_at is null`.execute(
    db,
  );
}

/**
 * Logout everywhere, password change, disabling, role or branch change: every token of the user
 * stops working, on every instance (the triggers of migration 0027 NOTIFY in this transaction).
 */
export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await sql`with bumped as (update app_user set token_version = token_version + 1 where id = ${userId})
    update user_session set revoked_at = now() where user_id = ${userId} and revoked_at is null`.execute(db);
}
