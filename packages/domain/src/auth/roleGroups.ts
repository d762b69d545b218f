import { entityHeadList } from '../entities/heads.ts';
import {
  editRoleOf,
  ROLE_ADMIN,
  ROLE_APP_USER_EDIT,
  ROLE_APP_USER_READ,
  ROLE_APP_USER_RESET_PASSWORD,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_BOOKING_REPORT_READ,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_EDIT,
  ROLE_FREIGHT_STATEMENT_EXPORT,
  ROLE_FREIGHT_STATEMENT_READ,
  readRoleOf,
  rolePairPrefixes,
} from './roles.ts';

/** The role catalogue grouped by what it guards, with Thai labels, for the permission-group role picker. */

export interface RoleOption {
  readonly role: string;
  readonly label: string;
}

export interface RolePickerGroup {
  /** The role prefix (`PROVINCE`), or `ADMIN`. */
  readonly key: string;
  readonly label: string;
  readonly roles: readonly RoleOption[];
}

/** Labels of prefixes that are pages rather than entities. */
const featureLabels: Readonly<Record<string, string>> = {
  DO_BOOKING: 'DO Booking',
  BOOKING_CALENDAR: 'ปฏิทินการจอง',
};

function prefixLabel(prefix: string): string {
  const feature = featureLabels[prefix];
  if (feature) return feature;
  // Region shares PROVINCE's roles; the entity with a menu entry names the group.
  const entity = entityHeadList.find(
    (candidate) => candidate.permission === prefix && candidate.menuGroup !== null,
  );
  if (!entity) throw new Error(`No label for role prefix ${prefix}`);
  return entity.title;
}

export const rolePickerGroups: readonly RolePickerGroup[] = [
  { key: 'ADMIN', label: 'ผู้ดูแลระบบ', roles: [{ role: ROLE_ADMIN, label: 'ทุกสิทธิ์' }] },
  ...rolePairPrefixes.map((prefix) => ({
    key: prefix,
    label: prefixLabel(prefix),
    roles: [
      { role: editRoleOf(prefix), label: 'แก้ไข' },
      { role: readRoleOf(prefix), label: 'ดู' },
    ],
  })),
  {
    key: 'APP_USER',
    label: 'ผู้ใช้งาน',
    roles: [
      { role: ROLE_APP_USER_EDIT, label: 'แก้ไข' },
      { role: ROLE_APP_USER_READ, label: 'ดู' },
      { role: ROLE_APP_USER_RESET_PASSWORD, label: 'รีเซ็ตรหัสผ่าน' },
    ],
  },
  {
    key: 'BOOKING_REPORT',
    label: 'รายงานการจอง',
    roles: [
      { role: ROLE_BOOKING_REPORT_READ, label: 'ดู (รวม DO Report)' },
      { role: ROLE_BOOKING_CHANGE_CALL_STATUS, label: 'เปลี่ยนสถานะการโทรนัด' },
    ],
  },
  {
    key: 'FREIGHT_STATEMENT',
    label: 'ใบสรุปค่าขนส่งผู้รับเหมา',
    roles: [
      { role: ROLE_FREIGHT_STATEMENT_EDIT, label: 'จัดทำและปรับยอด' },
      { role: ROLE_FREIGHT_STATEMENT_CHECK, label: 'ตรวจ' },
      { role: ROLE_FREIGHT_STATEMENT_APPROVE, label: 'อนุมัติ' },
      { role: ROLE_FREIGHT_STATEMENT_EXPORT, label: 'ส่งออกให้ฝ่ายบัญชี' },
      { role: ROLE_FREIGHT_STATEMENT_READ, label: 'ดู' },
    ],
  },
];

const labelByRole: ReadonlyMap<string, string> = new Map(
  rolePickerGroups.flatMap((group) =>
    group.roles.map((option) => [option.role, `${group.label}: ${option.label}`]),
  ),
);

/** `ROLE_PROVINCE_EDIT` → `จังหวัด: แก้ไข`; an unknown role is shown as is. */
export function roleLabel(role: string): string {
  return labelByRole.get(role) ?? role;
}
