import { canOpenRoute, type EntityHead, entityHeadList, type MenuGroupKey, readRoles } from '@lms/domain';
import { routes } from './routes.ts';

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

function entityEntry(entity: EntityHead): MenuEntry {
  return {
    key: entity.name,
    label: entity.title,
    path: entity.path,
    icon: entity.icon,
    roles: readRoles(entity),
  };
}

/** The entities a sidebar group lists, in registry order (their heads' `menuGroup` says where). */
export function entitiesInMenuGroup(key: MenuGroupKey): MenuEntry[] {
  return entityHeadList.filter((entity) => entity.menuGroup === key).map(entityEntry);
}

/** Pages that are no entity's, in a group: their routes say where (`menu`), in route order. */
function pagesInMenuGroup(key: MenuGroupKey): MenuEntry[] {
  return routes.flatMap((route) =>
    route.menu?.group === key
      ? [
          {
            key: route.kind === 'page' ? route.page : route.kind,
            label: route.menu.label ?? route.title,
            path: route.path,
            icon: route.menu.icon,
            roles: route.roles,
          },
        ]
      : [],
  );
}

/**
 * The groups of spec §1, in its order, with Thai labels, then ours. Spec §1 counts the entries of
 * settings (3) and administration (2); pages the spec does not name (the customer messages'
 * templates, API keys, the personal-data access log) sit in a group of their own after them, so
 * the spec's groups stay as it describes them (docs/domain.md "Routes and menu").
 */
const groups: readonly { readonly key: MenuGroupKey; readonly label: string }[] = [
  { key: 'pinned', label: 'ปักหมุด' },
  { key: 'demo', label: 'ฟีเจอร์ทดลอง' },
  { key: 'doBooking', label: 'DO Booking' },
  { key: 'so', label: 'ใบสั่งขาย (SO)' },
  { key: 'bo', label: 'ใบจอง (BO)' },
  { key: 'booking', label: 'การจอง' },
  { key: 'deliveryOrder', label: 'ใบส่งสินค้า (DO)' },
  { key: 'masterData', label: 'ข้อมูลหลัก' },
  { key: 'settings', label: 'ตั้งค่า' },
  { key: 'admin', label: 'ผู้ดูแลระบบ' },
  { key: 'integration', label: 'การเชื่อมต่อและข้อมูลส่วนบุคคล' },
];

/** Each group lists its entities (their `menuGroup`), then its other pages (their route's `menu`). */
export const menu: readonly MenuGroup[] = groups.map((group) => ({
  ...group,
  entries: [...entitiesInMenuGroup(group.key), ...pagesInMenuGroup(group.key)],
}));

/** The menu a user sees: entries whose page the user may open; groups left empty are dropped. */
export function visibleMenu(userRoles: readonly string[] | null | undefined): MenuGroup[] {
  return menu
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => canOpenRoute(userRoles, entry)) }))
    .filter((group) => group.entries.length > 0);
}
