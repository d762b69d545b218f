import { sql } from 'kysely';
import { hashPassword, SCRYPT_PARAMS } from '../src/auth/password.ts';
import type { Database } from '../src/db/database.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export async function createBranch(db: Database, code = unique('B'), name = `สาขา ${code}`): Promise<string> {
  const { rows } = await sql<{
    id: string;
  }>`insert into branch (code, name) values (${code}, ${name}) returning id`.execute(db);
  return rows[0]!.id;
}

/**
 * Every fixture user's password, hashed once per worker by the product's `hashPassword`, at a test
 * cost: N = 2^10 where the product uses 2^17. A hash carries its parameters and sign-in verifies
 * with the stored ones (password.ts), so every sign-in still runs the real verification, in ~4 ms
 * of CPU instead of ~0.46 s: the server and e2e files sign in a few hundred times
 * (docs/performance.md, the test suite). A test that depends on the product's cost asks for it
 * (`productCost`): passwordHashing.test.ts orders queued hashes by it.
 */
const FIXTURE_PASSWORD = 'pw-ผู้ใช้ทดสอบ-ลับ';
const FIXTURE_SCRYPT = { ...SCRYPT_PARAMS, N: 2 ** 10 };
let fixtureHash: Promise<string> | undefined;
let productCostHash: Promise<string> | undefined;

export interface TestUser {
  readonly id: string;
  readonly username: string;
  readonly password: string;
}

/** A user with one permission group holding `roles`, allowed for `branchIds`. */
export async function createUser(
  db: Database,
  options: {
    roles?: string[];
    branchIds?: string[];
    mustChangePassword?: boolean;
    active?: boolean;
    username?: string;
    /** The password hashed at the product's cost instead of the fixtures' (see FIXTURE_SCRYPT). */
    productCost?: boolean;
  } = {},
): Promise<TestUser> {
  const username = options.username ?? unique('user');
  const password = FIXTURE_PASSWORD;
  if (options.productCost) productCostHash ??= hashPassword(password);
  else fixtureHash ??= hashPassword(password, FIXTURE_SCRYPT);
  const hash = options.productCost ? productCostHash : fixtureHash;
  const { rows } = await sql<{ id: string }>`
    insert into app_user (username, full_name, email, active, must_change_password, password_hash)
    values (${username}, ${`ผู้ใช้ ${username}`}, ${`${username}@example.com`}, ${options.active ?? true},
            ${options.mustChangePassword ?? false}, ${await hash})
    returning id`.execute(db);
  const id = rows[0]!.id;
  if (options.roles?.length) {
    const group = await sql<{ id: string }>`insert into app_role_group (name, roles)
      values (${unique('group')}, ${options.roles}) returning id`.execute(db);
    await sql`insert into app_user__role_group_ids (owner_id, ref_id) values (${id}, ${group.rows[0]!.id})`.execute(
      db,
    );
  }
  for (const branchId of options.branchIds ?? []) {
    await sql`insert into app_user__branch_ids (owner_id, ref_id) values (${id}, ${branchId})`.execute(db);
  }
  return { id, username, password };
}

/** JSON over real HTTP, with an optional bearer token. */
export async function call(
  api: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${api}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected field by field.
  return { status: response.status, body: body as any, headers: response.headers };
}

/** One file through `file/upload` as `token`; answers its id (a refusal fails the test). */
export async function uploadFile(api: string, token: string, name: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const response = await fetch(`${api}/file/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`upload failed: ${response.status} ${JSON.stringify(body)}`);
  return body.files[0].id;
}

export async function signIn(api: string, user: Pick<TestUser, 'username' | 'password'>): Promise<string> {
  const response = await call(api, 'POST', '/auth/webLogin', {
    body: { username: user.username, password: user.password },
  });
  if (response.status !== 200)
    throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.token;
}
