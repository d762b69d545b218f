export {
  CommandPalette,
  type CommandPaletteProps,
  type PaletteItem,
  type PaletteKind,
  type PaletteRecordsStatus,
} from './CommandPalette.tsx';
