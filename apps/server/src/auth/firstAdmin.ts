import { ROLE_ADMIN } from '@lms/domain';
import type { Database } from '../db/database.ts';
import { advisoryLock } from '../db/signals.ts';
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
    await advisoryLock(trx, 'lms:first-admin', 'exclusive');
    if (await trx.selectFrom('app_user').select('id').limit(1).executeTakeFirst()) return undefined;
    const password = randomPassword();
    const group = await trx
      .insertInto('app_role_group')
      .values({ name: ADMIN_GROUP_NAME, roles: [ROLE_ADMIN], description: 'สิทธิ์ทั้งหมดของระบบ' })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    const groupId =
      group?.id ??
      (
        await trx
          .selectFrom('app_role_group')
          .select('id')
          .where('name', '=', ADMIN_GROUP_NAME)
          .executeTakeFirstOrThrow()
      ).id;
    const user = await trx
      .insertInto('app_user')
      .values({
        username: FIRST_ADMIN_USERNAME,
        full_name: 'ผู้ดูแลระบบ',
        active: true,
        must_change_password: true,
        password_hash: await hashPassword(password),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('app_user__role_group_ids').values({ owner_id: user.id, ref_id: groupId }).execute();
    return { username: FIRST_ADMIN_USERNAME, password };
  });
}
