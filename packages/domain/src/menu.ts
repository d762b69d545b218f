import { featureRoles, readRoles } from './auth/permissions.ts';
import { entities } from './entities/index.ts';
import type { EntityDef, MenuGroupKey } from './entity/types.ts';
import {
  API_KEYS_PATH,
  BRANCH_SETTINGS_PATH,
  CONTACT_TEMPLATES_PATH,
  canOpenRoute,
  DO_BOOKING_CALENDAR_PATH,
  LOCATION_TRACKING_PATH,
  PERSONAL_DATA_ACCESS_PATH,
  SHIPMENT_PLANNING_PATH,
} from './routes.ts';

/** The sidebar (spec §1): its groups in order, Thai labels, and the roles of each entry's page. */

export interface MenuEntry {
  readonly key: string;
  readonly label: string;
  readonly path: string;
  readonly icon: string;
  /** `null` = shown to every signed-in user. */
  readonly roles: readonly string[] | null;
}

export interface MenuGroup {
  readonly key: MenuGroupKey;
  readonly label: string;
  readonly entries: readonly MenuEntry[];
}

function entityEntry(entity: EntityDef): MenuEntry {
  return {
    key: entity.name,
    label: entity.title,
    path: entity.path,
    icon: entity.icon,
    roles: readRoles(entity),
  };
}

/** The entities a sidebar group lists, in registry order (their `menuGroup` says where). */
export function entitiesInMenuGroup(key: MenuGroupKey): MenuEntry[] {
  return entities.filter((entity) => entity.menuGroup === key).map(entityEntry);
}

export const menu: readonly MenuGroup[] = [
  {
    key: 'pinned',
    label: 'ปักหมุด',
    entries: [{ key: 'home', label: 'หน้าแรก', path: '/', icon: 'home', roles: null }],
  },
  {
    key: 'demo',
    label: 'ฟีเจอร์ทดลอง',
    entries: [
      {
        key: 'locationTracking',
        label: 'ติดตามตำแหน่ง',
        path: LOCATION_TRACKING_PATH,
        icon: 'map-pin',
        roles: featureRoles.locationTracking.read,
      },
    ],
  },
  {
    key: 'doBooking',
    label: 'DO Booking',
    entries: [
      {
        key: 'doBooking',
        label: 'DO Booking',
        path: '/doBooking',
        icon: 'calendar-check',
        roles: featureRoles.doBooking.read,
      },
      {
        key: 'doBookingCalendar',
        label: 'ปฏิทิน DO Booking',
        path: DO_BOOKING_CALENDAR_PATH,
        icon: 'calendar',
        roles: featureRoles.doBooking.read,
      },
    ],
  },
  { key: 'so', label: 'ใบสั่งขาย (SO)', entries: entitiesInMenuGroup('so') },
  { key: 'bo', label: 'ใบจอง (BO)', entries: entitiesInMenuGroup('bo') },
  {
    key: 'booking',
    label: 'การจอง',
    entries: [
      ...entitiesInMenuGroup('booking'),
      {
        key: 'bookingCalendar',
        label: 'ปฏิทินการจอง',
        path: '/bookingCalendar',
        icon: 'calendar',
        roles: featureRoles.bookingCalendar.read,
      },
    ],
  },
  {
    key: 'deliveryOrder',
    label: 'ใบส่งสินค้า (DO)',
    entries: [
      ...entitiesInMenuGroup('deliveryOrder'),
      {
        key: 'shipmentPlanning',
        label: 'วางแผนจัดรถ',
        path: SHIPMENT_PLANNING_PATH,
        icon: 'map',
        roles: featureRoles.shipmentPlanning.read,
      },
    ],
  },
  { key: 'masterData', label: 'ข้อมูลหลัก', entries: entitiesInMenuGroup('masterData') },
  {
    key: 'settings',
    label: 'ตั้งค่า',
    entries: [
      ...entitiesInMenuGroup('settings'),
      {
        key: 'branchVehicleTypeSetting',
        label: 'ตั้งค่าความเร็วและเวลาตามประเภทรถ',
        path: BRANCH_SETTINGS_PATH,
        icon: 'sliders',
        roles: readRoles('branch'),
      },
      {
        key: 'contactTemplates',
        label: 'ข้อความถึงลูกค้า',
        path: CONTACT_TEMPLATES_PATH,
        icon: 'file-text',
        roles: featureRoles.contactTemplates.read,
      },
    ],
  },
  {
    key: 'admin',
    label: 'ผู้ดูแลระบบ',
    entries: [
      ...entitiesInMenuGroup('admin'),
      { key: 'apiKeys', label: 'คีย์ API', path: API_KEYS_PATH, icon: 'key', roles: featureRoles.apiKeys.read },
      {
        key: 'personalDataAccess',
        label: 'การเข้าถึงข้อมูลส่วนบุคคล',
        path: PERSONAL_DATA_ACCESS_PATH,
        icon: 'shield',
        roles: featureRoles.personalDataAccess.read,
      },
    ],
  },
];

/** The menu a user sees: entries whose page the user may open; groups left empty are dropped. */
export function visibleMenu(userRoles: readonly string[] | null | undefined): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => canOpenRoute(userRoles, entry)) }))
    .filter((group) => group.entries.length > 0);
}
