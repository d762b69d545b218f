import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { Icon } from '../Icon/index.ts';
import { lazyComponent } from '../lazyComponent.ts';
import { messages } from '../messages.ts';
import { activeHrefOf } from './activeHref.ts';
import { type NavGroup, NavMenu, type RenderNavLink, renderAnchor } from './NavMenu.tsx';
import { isGroupOpen, type NavStorage, useNavState } from './navState.ts';
import { Brand, IconButton } from './shellParts.ts';
import { useIsNarrow } from './useIsNarrow.ts';

const MobileDrawer = lazyComponent(() => import('./MobileDrawer.tsx').then((m) => m.MobileDrawer));

/** Below this width of the shell itself the drawer becomes temporary (modal). */
export const mobileBreakpoint = 900;
/** Spec §9: collapsed width = spacing 9 (9 × 8 px). */
const railWidth = '72px';

export interface AppShellProps {
  readonly groups: readonly NavGroup[];
  /** Page title in the top bar. */
  readonly title: string;
  readonly productName: string;
  readonly currentHref?: string;
  /** Lets the host render router links; defaults to a plain `<a>`. */
  readonly renderLink?: RenderNavLink;
  /** Persists drawer and group state (debounced 1000 ms). */
  readonly storage?: NavStorage;
  /** Right side of the top bar, e.g. the AccountMenu. */
  readonly accountSlot?: ReactNode;
  /** Forces the phone layout on or off; otherwise measured from the shell's own width. */
  readonly isMobile?: boolean;
  readonly children?: ReactNode;
}

export function AppShell({
  groups,
  title,
  productName,
  currentHref,
  renderLink = renderAnchor,
  storage,
  accountSlot,
  isMobile: mobileOverride,
  children,
}: AppShellProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const mobile = useIsNarrow(rootRef, mobileBreakpoint, mobileOverride);
  const [nav, setNav] = useNavState(storage);

  // Spec §4: the temporary drawer closes when the viewport changes layout.
  const previousMobile = useRef(mobile);
  useEffect(() => {
    if (previousMobile.current === mobile) return;
    previousMobile.current = mobile;
    setNav((state) => (state.mobileOpen ? { ...state, mobileOpen: false } : state));
  }, [mobile, setNav]);

  const setMobileOpen = useCallback(
    (mobileOpen: boolean) => setNav((state) => ({ ...state, mobileOpen })),
    [setNav],
  );
  // The menu's props stay the same objects while the menu shows the same (issue 41): a move to a
  // page lit by the same entry (the booking wizard's steps) does not draw its 41 links again.
  const toggleGroup = useCallback(
    (key: string) =>
      setNav((state) => ({ ...state, groupsOpen: { ...state.groupsOpen, [key]: !isGroupOpen(state, key) } })),
    [setNav],
  );
  const closeMobile = useCallback(() => setMobileOpen(false), [setMobileOpen]);
  const hrefs = useMemo(() => groups.flatMap((group) => group.items.map((item) => item.href)), [groups]);
  const activeHref = activeHrefOf(hrefs, currentHref);
  const rail = !mobile && !nav.drawerOpen;
  // The phone's drawer is fetched the first time it opens (MobileDrawer.tsx), then stays mounted.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (mobile && nav.mobileOpen && !drawerWanted) setDrawerWanted(true);

  const menu = (onNavigate?: () => void) => (
    <NavMenu
      groups={groups}
      activeHref={activeHref}
      renderLink={renderLink}
      rail={rail && !onNavigate}
      groupsOpen={nav.groupsOpen}
      onToggleGroup={toggleGroup}
      onNavigate={onNavigate}
    />
  );

  return (
    <Root ref={rootRef} data-mobile={mobile || undefined} data-rail={rail || undefined}>
      {!mobile && (
        <Drawer aria-label={messages.mainMenu}>
          <Brand>{rail ? <Icon name="truck" label={productName} /> : productName}</Brand>
          {menu()}
        </Drawer>
      )}
      <Main>
        <TopBar>
          <IconButton
            type="button"
            aria-label={messages.menu}
            aria-expanded={mobile ? nav.mobileOpen : nav.drawerOpen}
            onClick={() =>
              mobile ? setMobileOpen(!nav.mobileOpen) : setNav((s) => ({ ...s, drawerOpen: !s.drawerOpen }))
            }
          >
            <Icon name="menu" />
          </IconButton>
          <Title>{title}</Title>
          <Account>{accountSlot}</Account>
        </TopBar>
        <Content>{children}</Content>
      </Main>
      {mobile && drawerWanted && (
        <Suspense fallback={null}>
          <MobileDrawer isOpen={nav.mobileOpen} onOpenChange={setMobileOpen} productName={productName}>
            {menu(closeMobile)}
          </MobileDrawer>
        </Suspense>
      )}
    </Root>
  );
}

/** On paper only the page itself: no menu, no top bar, white (the screens' print styles build on this). */
const print = '@media print';

const Root = styled.div`
  display: flex;
  min-height: 100vh;
  background: ${({ theme }) => theme.color.background};
  ${print} { display: block; min-height: 0; background: #fff; }
`;

const Drawer = styled.nav`
  flex: 0 0 ${({ theme }) => theme.size.drawerWidth};
  width: ${({ theme }) => theme.size.drawerWidth};
  position: sticky;
  top: 0;
  align-self: flex-start;
  height: 100vh;
  overflow-y: auto;
  background: ${({ theme }) => theme.color.surface};
  border-right: 1px solid ${({ theme }) => theme.color.border};
  [data-rail] > & { flex-basis: ${railWidth}; width: ${railWidth}; }
  ${print} { display: none; }
`;

const Main = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const TopBar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.layer.topBar};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 56px;
  padding: 0 ${({ theme }) => theme.space[2]};
  background: ${({ theme }) => theme.color.surface};
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  ${print} { display: none; }
`;

const Title = styled.h1`
  flex: 1 1 auto;
  min-width: 0;
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.xl};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Account = styled.div`
  flex: 0 0 auto;
  display: flex;
  align-items: center;
`;

const Content = styled.main`
  flex: 1 1 auto;
  padding: ${({ theme }) => theme.space[4]};
  [data-mobile] & { padding: ${({ theme }) => theme.space[2]}; }
  ${print} { padding: 0; }
`;
