import { ROLE_ADMIN } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { hashPassword, randomPassword } from './password.ts';

export const FIRST_ADMIN_USERNAME = 'admin';
export const ADMIN_GROUP_NAME = 'ผู้ดูแลระบบ';

/**
 * On an empty database, creates the first administrator with a random password that must be
 * changed at first sign-in. Answers the password once (the caller prints it); never stored in clear.
 */
export async function ensureFirstAdmin(
  db: Database,
): Promise<{ username: string; password: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    // Two instances starting together must not both create one.
    await sql`select pg_advisory_xact_lock(hashtext('lms:first-admin'))`.execute(trx);
    const { rows } = await sql`select 1 from app_user limit 1`.execute(trx);
    if (rows.length > 0) return undefined;
    const password = randomPassword();
    const group = await sql<{ id: string }>`
      insert into app_role_group (name, roles, description)
      values (${ADMIN_GROUP_NAME}, ${[ROLE_ADMIN]}, 'สิทธิ์ทั้งหมดของระบบ')
      on conflict do nothing returning id`.execute(trx);
    const groupId =
      group.rows[0]?.id ??
      (await sql<{ id: string }>`select id from app_role_group where name = ${ADMIN_GROUP_NAME}`.execute(trx))
        .rows[0]!.id;
    const user = await sql<{ id: string }>`
      insert into app_user (username, full_name, active, must_change_password, password_hash)
      values (${FIRST_ADMIN_USERNAME}, 'ผู้ดูแลระบบ', true, true, ${await hashPassword(password)})
      returning id`.execute(trx);
    await sql`insert into app_user__role_group_ids (owner_id, ref_id) values (${user.rows[0]!.id}, ${groupId})`.execute(
      trx,
    );
    return { username: FIRST_ADMIN_USERNAME, password };
  });
}
