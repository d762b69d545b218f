export { ShortcutHelp, type ShortcutHelpProps } from './ShortcutHelp.tsx';
export {
  isTextField,
  matchesShortcut,
  type Shortcut,
  type ShortcutName,
  shortcutGroups,
  shortcutKeys,
  shortcuts,
} from './shortcuts.ts';
export { type UseShortcutOptions, useShortcut } from './useShortcut.ts';
