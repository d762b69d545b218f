export {
  Menu,
  MenuItem,
  MenuPopover,
  MenuSection,
  MenuSectionHeader,
  MenuSeparator,
  MenuTrigger,
} from './Menu.tsx';
