import {
  editRoleOf,
  prefixEditRoles,
  ROLE_APP_USER_RESET_PASSWORD,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_BOOKING_REPORT_READ,
  readRoleOf,
  rolePairPrefixes,
} from '@lms/domain';
import { hashPassword, randomPassword } from '../auth/password.ts';
import type { Executor } from '../db/database.ts';
import { insertRecords } from './insertRecords.ts';

const masterDataPrefixes = rolePairPrefixes.filter(
  (p) => !['DO_BOOKING', 'BOOKING_CALENDAR', 'SO', 'BO', 'DELIVERY_ORDER', 'SHIPMENT'].includes(p),
);

/** Permission groups a real company would set up, one demo user per role (product.md). */
const groups = [
  {
    name: 'ผู้วางแผนจัดส่ง',
    description: 'จองรถส่งสินค้า ดูปฏิทินการจองและรายงาน',
    roles: [
      editRoleOf('DO_BOOKING'),
      editRoleOf('BOOKING_CALENDAR'),
      readRoleOf('DELIVERY_ORDER'),
      readRoleOf('SO'),
      readRoleOf('BO'),
      readRoleOf('SHIPMENT'),
      ROLE_BOOKING_REPORT_READ,
      ROLE_BOOKING_CHANGE_CALL_STATUS,
      ...masterDataPrefixes.map(readRoleOf),
    ],
  },
  {
    name: 'ผู้ดูแลข้อมูลหลัก',
    description: 'แก้ไขข้อมูลหลักทั้งหมด',
    roles: masterDataPrefixes.flatMap((p) => prefixEditRoles(p).filter((r) => r.endsWith('_EDIT'))),
  },
  {
    name: 'ผู้ดูข้อมูล',
    description: 'ดูข้อมูลได้อย่างเดียว',
    roles: [...rolePairPrefixes.map(readRoleOf), ROLE_BOOKING_REPORT_READ],
  },
  {
    name: 'ผู้ดูแลผู้ใช้งาน',
    description: 'จัดการผู้ใช้และรีเซ็ตรหัสผ่าน',
    roles: [editRoleOf('APP_USER'), ROLE_APP_USER_RESET_PASSWORD],
  },
];

const users = [
  { username: 'planner.bkk', fullName: 'สมหญิง วางแผนดี', group: 0, branches: [0] },
  { username: 'planner.north', fullName: 'ประเสริฐ เชียงใหม่', group: 0, branches: [1, 2] },
  { username: 'masterdata', fullName: 'อนุชา ข้อมูลหลัก', group: 1, branches: [0, 1, 2, 3] },
  { username: 'viewer', fullName: 'มาลี ดูอย่างเดียว', group: 2, branches: [0, 1, 2, 3] },
  { username: 'useradmin', fullName: 'ธนพล ดูแลผู้ใช้', group: 3, branches: [0] },
];

/** Demo users with random passwords, answered once for the console; only hashes are stored. */
export async function seedUsers(db: Executor, branchIds: readonly string[]) {
  const groupIds = await insertRecords(db, 'appRoleGroup', groups);
  const credentials: { username: string; password: string; group: string }[] = [];
  for (const user of users) {
    const password = randomPassword();
    const [id] = await insertRecords(db, 'appUser', [
      {
        username: user.username,
        fullName: user.fullName,
        email: `${user.username}@demo.lms.local`,
        active: true,
        roleGroupIds: [groupIds[user.group]],
        branchIds: user.branches.map((b) => branchIds[b]),
      },
    ]);
    await db
      .updateTable('app_user')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', id!)
      .execute();
    credentials.push({ username: user.username, password, group: groups[user.group]!.name });
  }
  return credentials;
}
