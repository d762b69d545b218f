import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKey, INTEGRATION_MESSAGES, type NewApiKeyBody } from '@lms/domain';
import { sql } from 'kysely';
import type { Principal, PrincipalResolver } from '../auth/principal.ts';
import type { Database } from '../db/database.ts';
import { notFound, unprocessable } from '../http/errors.ts';

/**
 * API keys for the ERP (docs/integration.md). The secret is 32 random bytes (256 bits): it is
 * stored only as its SHA-256. A slow password hash (scrypt) protects low-entropy secrets that a
 * thief could guess offline; nobody can guess 256 random bits, so a fast hash is as safe here, and
 * it lets every request find its key by an indexed lookup without costing a scrypt per call
 * (which would also hand any client a way to stall the server).
 */

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest();

/** Shown in the list to tell keys apart: `lms_` and the first 6 characters of the random part. */
const prefixOf = (secret: string) => `${secret.slice(0, API_KEY_PREFIX.length + 6)}…`;

/** Writing the last-used time once a minute at most keeps a busy key from writing on every call. */
const LAST_USED_EVERY = '1 minute';

export const apiKeyMessages = {
  roleGroup: 'ไม่พบกลุ่มสิทธิ์ที่เลือก',
  branches: 'ไม่พบสาขาที่เลือก',
} as const;

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  role_group_id: string;
  role_group_label: string;
  branch_ids: string[] | null;
  branch_labels: string[] | null;
  created_at: Date;
  created_by_label: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

const toApiKey = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  roleGroupId: row.role_group_id,
  roleGroupLabel: row.role_group_label,
  branchIds: row.branch_ids ?? [],
  branchLabels: row.branch_labels ?? [],
  createdAt: row.created_at.toISOString(),
  createdByLabel: row.created_by_label,
  lastUsedAt: iso(row.last_used_at),
  revokedAt: iso(row.revoked_at),
});

/** Every key, newest first, revoked ones included (an admin sees what was revoked and when). */
export async function listApiKeys(db: Database, id?: string): Promise<ApiKey[]> {
  const { rows } = await sql<KeyRow>`
    select k.id, k.name, k.prefix, k.role_group_id, g.name as role_group_label,
           (select array_agg(b.id order by b.code) from api_key_branch l join branch b on b.id = l.branch_id
             where l.api_key_id = k.id) as branch_ids,
           (select array_agg(concat_ws(': ', b.code, b.name) order by b.code) from api_key_branch l
              join branch b on b.id = l.branch_id where l.api_key_id = k.id) as branch_labels,
           k.created_at, concat_ws(': ', u.username, u.full_name) as created_by_label, k.last_used_at, k.revoked_at
      from api_key k join app_role_group g on g.id = k.role_group_id
      left join app_user u on u.id = k.created_by
     where ${id === undefined ? sql`true` : sql`k.id = ${id}`}
     order by k.created_at desc, k.id`.execute(db);
  return rows.map(toApiKey);
}

/** Creates a key; its secret is in this answer only. */
export async function createApiKey(
  db: Database,
  body: NewApiKeyBody,
  createdBy: string,
): Promise<ApiKey & { secret: string }> {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await db.transaction().execute(async (trx) => {
    const group = await sql`select 1 from app_role_group where id = ${body.roleGroupId}`.execute(trx);
    if (!group.rows.length) throw unprocessable({ roleGroupId: apiKeyMessages.roleGroup });
    const branches = await sql`select 1 from branch where id = any(${body.branchIds}::uuid[])`.execute(trx);
    if (branches.rows.length !== new Set(body.branchIds).size)
      throw unprocessable({ branchIds: apiKeyMessages.branches });
    const { rows } = await sql<{ id: string }>`
      insert into api_key (name, prefix, secret_hash, role_group_id, created_by)
      values (${body.name.trim()}, ${prefixOf(secret)}, ${hashOf(secret)}, ${body.roleGroupId}, ${createdBy})
      returning id`.execute(trx);
    const keyId = rows[0]!.id;
    await sql`insert into api_key_branch (api_key_id, branch_id)
      select ${keyId}, unnest(${body.branchIds}::uuid[])`.execute(trx);
    return keyId;
  });
  const [key] = await listApiKeys(db, id);
  return { ...key!, secret };
}

/** Revokes at once: the next call with the key is refused (no cache in between). Idempotent. */
export async function revokeApiKey(db: Database, id: string): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    update api_key set revoked_at = coalesce(revoked_at, now()) where id = ${id} returning id`.execute(db);
  if (!rows.length) throw notFound();
}

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * The principal of a key: exactly its branches and its group's roles, read per request so that a
 * revoked key or a changed group takes effect at the next call. Undefined for an unknown or revoked key.
 */
export async function apiKeyPrincipal(db: Database, secret: string): Promise<Principal | undefined> {
  const { rows } = await sql<{
    id: string;
    name: string;
    roles: string[] | null;
    branch_ids: string[] | null;
  }>`
    select k.id, k.name, g.roles,
           (select array_agg(l.branch_id order by l.branch_id) from api_key_branch l where l.api_key_id = k.id) as branch_ids
      from api_key k join app_role_group g on g.id = k.role_group_id
     where k.secret_hash = ${hashOf(secret)} and k.revoked_at is null`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  await sql`update api_key set last_used_at = now()
    where id = ${row.id} and (last_used_at is null or last_used_at < now() - ${LAST_USED_EVERY}::interval)`.execute(
    db,
  );
  return {
    // Writes by a key are recorded under the key's id (history shows the key's name).
    userId: row.id,
    sessionId: row.id,
    apiKeyId: row.id,
    username: `api:${row.name}`,
    fullName: row.name,
    email: null,
    profileImageId: null,
    mustChangePassword: false,
    roles: [...new Set(row.roles ?? [])].sort(),
    branchIds: row.branch_ids ?? [],
    // Never an administrator: a key works in its own branches only, whatever its group holds.
    isAdmin: false,
  };
}

/** The keys as a way in (auth/access.ts asks it for every bearer token with the key prefix). */
export const apiKeyResolver = (db: Database): PrincipalResolver => ({
  claims: isApiKey,
  resolve: (secret) => apiKeyPrincipal(db, secret),
  invalid: INTEGRATION_MESSAGES.apiKeyInvalid,
});
