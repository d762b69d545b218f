export { AppShell, type AppShellProps, mobileBreakpoint } from './AppShell.tsx';
export { activeHrefOf, isActiveHref } from './activeHref.ts';
export type {
  NavGroup,
  NavItem,
  NavLinkProps,
  RenderNavLink,
} from './NavMenu.tsx';
export { defaultNavState, type NavState, type NavStorage, navSaveDebounceMs } from './navState.ts';
