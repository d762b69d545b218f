import { ROLE_ADMIN, staffGroups } from '@lms/domain';
import { FIRST_ADMIN_USERNAME } from '../auth/firstAdmin.ts';
import type { Database } from '../db/database.ts';
import { type Actor, createStatement, transition } from '../freight/statements.ts';
import { firstOfLastMonth } from './demoMonth.ts';

/**
 * Last month's contractor statements at the Bangkok branch (docs/freight.md), made from the demo's
 * past trips (demoMonth.ts) through the calls a manager's screen makes, so that every freight
 * screen has something to show: CT01's drafted and checked by the branch manager, then approved by
 * the first administrator (a checker never approves what they checked), which the contractor's own
 * account reads; CT02's a draft waiting for the manager's check, counted on the manager's home.
 * Without that administrator (renamed before the demo was seeded) CT01's stays checked.
 */
export async function seedDemoStatements(db: Database, today: string) {
  const id = async (table: 'branch' | 'contractor', code: string) =>
    (await db.selectFrom(table).select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const user = (username: string) =>
    db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirst();
  const branchId = await id('branch', 'BKK');
  const manager: Actor = {
    userId: (await user('manager.bkk'))!.id,
    roles: staffGroups.manager.roles,
  };
  const admin = await user(FIRST_ADMIN_USERNAME);
  const month = firstOfLastMonth(today).slice(0, 7);
  const draftOf = async (contractor: string) =>
    createStatement(
      db,
      branchId,
      manager,
      { contractorId: await id('contractor', contractor), month },
      today,
    );

  let settled = await draftOf('CT01');
  settled = await transition(db, branchId, manager, settled.id, { version: settled.version, to: 'CHECKED' });
  if (admin)
    settled = await transition(db, branchId, { userId: admin.id, roles: [ROLE_ADMIN] }, settled.id, {
      version: settled.version,
      to: 'APPROVED',
    });
  const draft = await draftOf('CT02');
  return { settled, draft };
}
