import { ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { apiKeyPrincipal } from '../integration/apiKeys.ts';

/** Who is calling, read from the database (never from the token or the client). */
export interface Principal {
  readonly userId: string;
  readonly sessionId: string;
  readonly username: string;
  readonly fullName: string;
  readonly email: string | null;
  readonly profileImageId: string | null;
  readonly mustChangePassword: boolean;
  readonly roles: readonly string[];
  readonly branchIds: readonly string[];
  readonly isAdmin: boolean;
  /** Set when an ERP integration key is calling (integration/apiKeys.ts); userId and sessionId are the key's id. */
  readonly apiKeyId?: string;
}

interface SessionRow {
  user_id: string;
  username: string;
  full_name: string;
  email: string | null;
  profile_image_id: string | null;
  must_change_password: boolean;
  active: boolean;
  token_version: number;
  revoked_at: Date | null;
  absolute_expires_at: Date;
  roles: string[] | null;
  branch_ids: string[] | null;
}

/** Short enough that other server instances see a change almost at once; this one invalidates at once. */
const CACHE_MS = 2000;

export class PrincipalStore {
  private readonly cache = new Map<string, { row: SessionRow; at: number }>();

  constructor(private readonly db: Database) {}

  /** The principal of a session, or why it is not valid any more. */
  async load(
    sessionId: string,
    userId: string,
    tokenVersion: number,
  ): Promise<Principal | 'revoked' | 'expired'> {
    const row = await this.row(sessionId);
    if (
      !row ||
      row.user_id !== userId ||
      !row.active ||
      row.revoked_at ||
      row.token_version !== tokenVersion
    ) {
      return 'revoked';
    }
    if (row.absolute_expires_at.getTime() <= Date.now()) return 'expired';
    const roles = row.roles ?? [];
    return {
      userId: row.user_id,
      sessionId,
      username: row.username,
      fullName: row.full_name,
      email: row.email,
      profileImageId: row.profile_image_id,
      mustChangePassword: row.must_change_password,
      roles,
      branchIds: row.branch_ids ?? [],
      isAdmin: roles.includes(ROLE_ADMIN),
    };
  }

  /** The principal of an API key, read fresh on every call (a revocation acts at once). */
  fromApiKey(secret: string): Promise<Principal | undefined> {
    return apiKeyPrincipal(this.db, secret);
  }

  /** Forget cached sessions of a user whose password, roles, branches or state changed. */
  invalidateUser(userId: string): void {
    for (const [key, entry] of this.cache) if (entry.row.user_id === userId) this.cache.delete(key);
  }

  /** After a change to a permission group: every cached session may hold its roles. */
  invalidateAll(): void {
    this.cache.clear();
  }

  private async row(sessionId: string): Promise<SessionRow | undefined> {
    const hit = this.cache.get(sessionId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.row;
    const { rows } = await sql<SessionRow>`
      select u.id as user_id, u.username, u.full_name, u.email, u.profile_image_id, u.must_change_password,
             u.active, u.token_version, s.revoked_at, s.absolute_expires_at,
             (select array_agg(distinct role order by role) from app_user__role_group_ids l
                join app_role_group g on g.id = l.ref_id, unnest(g.roles) role
               where l.owner_id = u.id) as roles,
             (select array_agg(l.ref_id order by l.ref_id) from app_user__branch_ids l where l.owner_id = u.id) as branch_ids
        from user_session s join app_user u on u.id = s.user_id
       where s.id = ${sessionId}`.execute(this.db);
    const row = rows[0];
    if (row) this.cache.set(sessionId, { row, at: Date.now() });
    else this.cache.delete(sessionId);
    return row;
  }
}
