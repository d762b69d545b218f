import { type StaffGroupKey, staffGroups } from '@lms/domain';
import { hashPassword, randomPassword } from '../auth/password.ts';
import type { Executor } from '../db/database.ts';
import { insertRecords } from './insertRecords.ts';

/** The permission groups a branch runs on (`staffGroups`, docs/roles.md), in the order they are seeded. */
const groupKeys: readonly StaffGroupKey[] = [
  'planner',
  'masterData',
  'viewer',
  'userAdmin',
  'dispatcher',
  'driver',
  'erp',
  'manager',
  'contractor',
];

/**
 * One demo user per job (product.md, docs/roles.md). The driver is the Bangkok branch's first
 * driver record (DRV-1, linked through `driver.appUserId`): signed in at /driver/trips, the
 * driver's app opens that driver's trips (docs/driver.md). The contractor is CT01
 * (`contractor.appUserId`): it reads its own approved freight statements (docs/freight.md).
 * The ERP group has no user: an administrator gives it to an API key.
 */
const users: readonly { username: string; fullName: string; group: StaffGroupKey; branches: number[] }[] = [
  { username: 'planner.bkk', fullName: 'สมหญิง วางแผนดี', group: 'planner', branches: [0] },
  { username: 'planner.north', fullName: 'ประเสริฐ เชียงใหม่', group: 'planner', branches: [1, 2] },
  { username: 'dispatcher.bkk', fullName: 'วีระ จัดรถเก่ง', group: 'dispatcher', branches: [0] },
  { username: 'driver.bkk', fullName: 'พนักงานขับรถ 1', group: 'driver', branches: [0] },
  { username: 'manager.bkk', fullName: 'ชยพล บริหารสาขา', group: 'manager', branches: [0] },
  { username: 'contractor.ct01', fullName: 'สมชาย ขนส่งดี', group: 'contractor', branches: [0, 1] },
  { username: 'masterdata', fullName: 'อนุชา ข้อมูลหลัก', group: 'masterData', branches: [0, 1, 2, 3] },
  { username: 'viewer', fullName: 'มาลี ดูอย่างเดียว', group: 'viewer', branches: [0, 1, 2, 3] },
  { username: 'useradmin', fullName: 'ธนพล ดูแลผู้ใช้', group: 'userAdmin', branches: [0] },
];

/** Demo users with random passwords, answered once for the console; only hashes are stored. */
export async function seedUsers(db: Executor, branchIds: readonly string[]) {
  const groupIds = await insertRecords(
    db,
    'appRoleGroup',
    groupKeys.map((key) => {
      const { name, description, roles } = staffGroups[key];
      return { name, description, roles: [...roles] };
    }),
  );
  const groupId = (key: StaffGroupKey) => groupIds[groupKeys.indexOf(key)];
  const credentials: { username: string; password: string; group: string }[] = [];
  for (const user of users) {
    const password = randomPassword();
    const [id] = await insertRecords(db, 'appUser', [
      {
        username: user.username,
        fullName: user.fullName,
        email: `${user.username}@demo.lms.local`,
        active: true,
        roleGroupIds: [groupId(user.group)],
        branchIds: user.branches.map((b) => branchIds[b]),
      },
    ]);
    await db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', id!)
      .execute();
    if (user.group === 'driver')
      await db.updateTable('driver').set({ app_user_id: id! }).where('code', '=', 'DRV-1').execute();
    // The first contractor (its 4W and 6W trucks at each branch) reads its own statements.
    if (user.group === 'contractor')
      await db.updateTable('contractor').set({ app_user_id: id! }).where('code', '=', 'CT01').execute();
    credentials.push({ username: user.username, password, group: staffGroups[user.group].name });
  }
  return credentials;
}
