import { DRIVER_ROLES } from '../driverApp.ts';
import {
  editRoleOf,
  ROLE_APP_USER_RESET_PASSWORD,
  ROLE_BOOKING_CHANGE_CALL_STATUS,
  ROLE_BOOKING_REPORT_READ,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_EDIT,
  ROLE_FREIGHT_STATEMENT_READ,
  type RolePairPrefix,
  readRoleOf,
  rolePairPrefixes,
} from './roles.ts';

/**
 * The permission groups a branch runs on (docs/roles.md "Who does what"), each a set of spec §6
 * roles: what the demo company seeds, and what a real company starts from. A permission group is
 * still the administrator's to create and change (appRoleGroup); these are its first contents.
 */
export interface StaffGroup {
  /** The group's name as the permission-group screen shows it. */
  readonly name: string;
  readonly description: string;
  readonly roles: readonly string[];
  /** For ERP API keys, never for a person (docs/integration.md). */
  readonly forApiKeys?: boolean;
}

/** The prefixes of the day's documents and work, which master-data staff do not edit. */
const workPrefixes: readonly RolePairPrefix[] = [
  'DO_BOOKING',
  'BOOKING_CALENDAR',
  'SO',
  'BO',
  'DELIVERY_ORDER',
  'SHIPMENT',
];

/** Master data: every §6 pair that is not the day's work (vehicles, drivers, ship-tos, shifts …). */
const masterDataPrefixes: readonly RolePairPrefix[] = rolePairPrefixes.filter(
  (prefix) => !workPrefixes.includes(prefix),
);

const readMasterData = masterDataPrefixes.map(readRoleOf);

/** What the ERP sends (docs/integration.md): its documents and the master data it owns. */
const erpWrites: readonly RolePairPrefix[] = [
  'DELIVERY_ORDER',
  'SO',
  'BO',
  'CUSTOMER',
  'SHIP_TO',
  'ARTICLE',
  'ARTICLE_UOM_TYPE',
  'UNIT',
  'UOM',
  'WAREHOUSE',
];
/** What the ERP's records name and it does not own: its branches, ship conds, the address levels. */
const erpReads: readonly RolePairPrefix[] = ['BRANCH', 'SHIP_COND', 'PROVINCE', 'DISTRICT', 'SUB_DISTRICT'];

export const staffGroups = {
  /** ผู้วางแผนจัดส่ง: books DOs onto trucks and calls the customer; sees shipments, never plans them. */
  planner: {
    name: 'ผู้วางแผนจัดส่ง',
    description: 'จองรถส่งสินค้า ดูปฏิทินการจองและรายงาน โทรนัดลูกค้า',
    roles: [
      editRoleOf('DO_BOOKING'),
      editRoleOf('BOOKING_CALENDAR'),
      readRoleOf('DELIVERY_ORDER'),
      readRoleOf('SO'),
      readRoleOf('BO'),
      readRoleOf('SHIPMENT'),
      ROLE_BOOKING_REPORT_READ,
      ROLE_BOOKING_CHANGE_CALL_STATUS,
      ...readMasterData,
    ],
  },
  /**
   * ผู้จัดรถ: turns the day's bookings into trucks — plans and confirms shipments, records their
   * stage times, prints trip sheets, delivery notes and the day sheet. Calls the customer when a
   * truck runs late, so it holds the call-status role (and so sees the booking's phone, logged).
   */
  dispatcher: {
    name: 'ผู้จัดรถ',
    description: 'จัดรถและคนขับตามการจอง ยืนยันแผน บันทึกเวลาตามขั้นตอน พิมพ์ใบคุมรถ ใบส่งสินค้า และใบงานประจำวัน',
    roles: [
      editRoleOf('SHIPMENT'),
      readRoleOf('BOOKING_CALENDAR'),
      readRoleOf('DELIVERY_ORDER'),
      ROLE_BOOKING_REPORT_READ,
      ROLE_BOOKING_CHANGE_CALL_STATUS,
      ...readMasterData,
    ],
  },
  /** พนักงานขับรถ: sees shipments and records their stage times (`DRIVER_ROLES`). */
  driver: {
    name: 'พนักงานขับรถ',
    description: 'ดูงานขนส่งและบันทึกเวลาตามขั้นตอน (เช็คอิน ขึ้นสินค้า ออกส่ง ส่งเสร็จ)',
    roles: [...DRIVER_ROLES],
  },
  /**
   * ผู้จัดการสาขา (product.md): judged on deliveries on time and in full, trucks that run full and
   * what they cost — reads the branch's bookings, shipments and delivery performance, drafts, checks
   * and approves the contractors' monthly statements (never one it checked itself: a second manager
   * or the administrator approves it, docs/freight.md). Exporting to accounting is accounting's.
   */
  manager: {
    name: 'ผู้จัดการสาขา',
    description: 'ดูผลการจัดส่ง การจอง และงานขนส่งของสาขา จัดทำ ตรวจ และอนุมัติใบสรุปค่าขนส่งผู้รับเหมา',
    roles: [
      ROLE_BOOKING_REPORT_READ,
      readRoleOf('BOOKING_CALENDAR'),
      readRoleOf('DELIVERY_ORDER'),
      readRoleOf('SHIPMENT'),
      ROLE_FREIGHT_STATEMENT_READ,
      ROLE_FREIGHT_STATEMENT_EDIT,
      ROLE_FREIGHT_STATEMENT_CHECK,
      ROLE_FREIGHT_STATEMENT_APPROVE,
      ...readMasterData,
    ],
  },
  /**
   * ผู้รับเหมาขนส่ง: a truck owner paid by the month (docs/freight.md). Its account is linked to its
   * contractor record (`contractor.appUserId`), and the server shows it that contractor's approved
   * statements only, whatever the group holds.
   */
  contractor: {
    name: 'ผู้รับเหมาขนส่ง',
    description: 'ดูใบสรุปค่าขนส่งของตนเองที่อนุมัติแล้ว พร้อมเที่ยวรถ พิมพ์และดาวน์โหลด Excel',
    roles: [ROLE_FREIGHT_STATEMENT_READ],
  },
  masterData: {
    name: 'ผู้ดูแลข้อมูลหลัก',
    description: 'แก้ไขข้อมูลหลักทั้งหมด',
    roles: masterDataPrefixes.map(editRoleOf),
  },
  viewer: {
    name: 'ผู้ดูข้อมูล',
    description: 'ดูข้อมูลได้อย่างเดียว',
    roles: [...rolePairPrefixes.map(readRoleOf), ROLE_BOOKING_REPORT_READ],
  },
  userAdmin: {
    name: 'ผู้ดูแลผู้ใช้งาน',
    description: 'จัดการผู้ใช้และรีเซ็ตรหัสผ่าน',
    roles: [editRoleOf('APP_USER'), ROLE_APP_USER_RESET_PASSWORD],
  },
  /** ระบบ ERP: for API keys. Writes documents and its master data; no booking decision, no plan. */
  erp: {
    name: 'ระบบ ERP',
    description: 'สำหรับคีย์ API ของระบบ ERP: ส่ง DO, SO, BO, ลูกค้า, สถานที่ส่ง และสินค้า ไม่จองและไม่จัดรถ',
    roles: [...erpWrites.map(editRoleOf), ...erpReads.map(readRoleOf)],
    forApiKeys: true,
  },
} as const satisfies Record<string, StaffGroup>;

export type StaffGroupKey = keyof typeof staffGroups;
