import type { NavGroup } from '@lms/design-system';
import { type IconName, iconNames } from '@lms/design-system';
import { visibleMenu } from '../shell/menu.ts';

const knownIcons = new Set<string>(iconNames);

/** A declaration's icon when the design system draws it, else a neutral one. */
function iconFor(name: string): IconName {
  return knownIcons.has(name) ? (name as IconName) : 'file';
}

/** The domain's menu (spec §1) filtered by the user's roles, shaped for AppShell. */
export function menuGroupsFor(roles: readonly string[] | null | undefined): NavGroup[] {
  return visibleMenu(roles).map((group) => ({
    key: group.key,
    label: group.label,
    items: group.entries.map((entry) => ({
      key: entry.key,
      label: entry.label,
      href: entry.path,
      icon: iconFor(entry.icon),
    })),
  }));
}
