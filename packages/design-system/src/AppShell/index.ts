export { AppShell, type AppShellProps, mobileBreakpoint } from './AppShell.tsx';
export {
  isActiveHref,
  type NavGroup,
  type NavItem,
  type NavLinkProps,
  type RenderNavLink,
} from './NavMenu.tsx';
export { defaultNavState, type NavState, type NavStorage, navSaveDebounceMs } from './navState.ts';
