/**
 * Icon names used by the declarations and the menu (lucide-style kebab-case). The design system
 * maps each name to a glyph; a name outside this list is a declaration mistake.
 */
export const iconNames = [
  'bar-chart',
  'ban',
  'box',
  'boxes',
  'building',
  'calendar',
  'calendar-check',
  'calendar-clock',
  'clipboard',
  'clipboard-list',
  'clock',
  'coins',
  'file',
  'file-text',
  'gauge',
  'globe',
  'hard-hat',
  'home',
  'id-card',
  'key',
  'layers',
  'map',
  'map-pin',
  'map-pinned',
  'navigation',
  'package',
  'percent',
  'route',
  'ruler',
  'scale',
  'shield',
  'shield-alert',
  'sliders',
  'store',
  'tags',
  'truck',
  'user',
  'users',
  'warehouse',
] as const;

export type IconName = (typeof iconNames)[number];

const known: ReadonlySet<string> = new Set(iconNames);

export function isIconName(name: string): name is IconName {
  return known.has(name);
}
