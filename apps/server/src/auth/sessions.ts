import type { UserInfo } from '@lms/domain';
import { sql } from 'kysely';
import type { Database, Executor, Tx } from '../db/database.ts';
import type { Principal } from './principal.ts';
import { SESSION_MAX_SECONDS, type TokenService } from './tokens.ts';

export async function userInfo(db: Database, principal: Principal): Promise<UserInfo> {
  const branches = db.selectFrom('branch as b').select(['b.id', 'b.code', 'b.name']).orderBy('b.code');
  // An admin may act for every branch (product.md).
  const branchInfos = await (principal.isAdmin
    ? branches
    : branches
        .innerJoin('app_user__branch_ids as l', 'l.ref_id', 'b.id')
        .where('l.owner_id', '=', principal.userId)
  ).execute();
  const settings = await db
    .selectFrom('app_user')
    .select('buddhist_era')
    .where('id', '=', principal.userId)
    .executeTakeFirst();
  return {
    userId: principal.userId,
    username: principal.username,
    fullName: principal.fullName,
    email: principal.email,
    profileImageId: principal.profileImageId,
    roles: principal.roles,
    branchInfos,
    mustChangePassword: principal.mustChangePassword,
    buddhistEra: settings?.buddhist_era ?? false,
  };
}

export async function openSession(
  db: Database,
  tokens: TokenService,
  user: { id: string; tokenVersion: number },
  client: { userAgent?: string; address: string },
) {
  const session = await db
    .insertInto('user_session')
    .values({
      user_id: user.id,
      absolute_expires_at: sql<Date>`now() + make_interval(secs => ${SESSION_MAX_SECONDS})`,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
      address: client.address,
    })
    .returning(['id', 'absolute_expires_at'])
    .executeTakeFirstOrThrow();
  await db
    .updateTable('app_user')
    .set((eb) => ({ last_login_at: eb.fn<Date>('now') }))
    .where('id', '=', user.id)
    .execute();
  return tokens.issue(
    { userId: user.id, sessionId: session.id, tokenVersion: user.tokenVersion },
    session.absolute_expires_at,
  );
}

export async function renewSession(db: Database, tokens: TokenService, principal: Principal) {
  const row = await db
    .selectFrom('user_session as s')
    .innerJoin('app_user as u', 'u.id', 's.user_id')
    .select(['s.absolute_expires_at', 'u.token_version'])
    .where('s.id', '=', principal.sessionId)
    .executeTakeFirstOrThrow();
  return tokens.issue(
    { userId: principal.userId, sessionId: principal.sessionId, tokenVersion: row.token_version },
    row.absolute_expires_at,
  );
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .updateTable('user_session')
    .set((eb) => ({ revoked_at: eb.fn<Date>('now') }))
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Logout everywhere, password change, disabling, role or branch change: every token of the user
 * stops working, on every instance (the triggers of migration 0027 NOTIFY in this transaction).
 */
export async function revokeAllSessions(db: Executor, userId: string): Promise<void> {
  // One statement: the version bump and the revocations stand or fall together.
  await db
    .with('bumped', (qb) =>
      qb
        .updateTable('app_user')
        .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
        .where('id', '=', userId),
    )
    .updateTable('user_session')
    .set((eb) => ({ revoked_at: eb.fn<Date>('now') }))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * The user's password becomes `hash` — `temporary` when handed out by someone else (it must be
 * changed at the next sign-in) — and every session of the user ends.
 */
export async function replacePassword(
  trx: Tx,
  userId: string,
  hash: string,
  change: { readonly temporary: boolean; readonly by: string },
): Promise<void> {
  await trx
    .updateTable('app_user')
    .set((eb) => ({
      password_hash: hash,
      must_change_password: change.temporary,
      updated_at: eb.fn<Date>('now'),
      updated_by: change.by,
    }))
    .where('id', '=', userId)
    .execute();
  await revokeAllSessions(trx, userId);
}
