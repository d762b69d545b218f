import { AccountMenu, AppShell, Avatar, type RenderNavLink } from '@lms/design-system';
import { PRODUCT_NAME, selectBranchPath } from '@lms/domain';
import { useThumbnail } from '@lms/entity-pages';
import { type MouseEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { branchLabel, useBranch } from '../branch/BranchProvider.tsx';
import { KeyboardLayer } from '../keyboard/KeyboardLayer.tsx';
import { ChangePasswordDialog, ScreenSuspense } from '../pages/lazyScreens.tsx';
import { useAuth } from '../session/AuthProvider.tsx';
import { screenTitle } from '../shell/screenTitle.ts';
import { menuGroupsFor } from './menuGroups.ts';
import { navStorage } from './navStorage.ts';
import { useMediaQuery } from './useMediaQuery.ts';

/** A plain left click (no new tab or window asked for): the router moves, not the browser. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 &&
  !event.defaultPrevented &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/**
 * The menu's links: anchors whose click moves the router through the latest `navigate`. Not React
 * Router's `Link`, which reads the location and so draws again on every URL change under the
 * memoized menu (issue 41: the booking wizard's steps drew the menu's 41 links each time).
 */
function useMenuLink(): RenderNavLink {
  const navigate = useNavigate();
  const latest = useRef(navigate);
  latest.current = navigate;
  return useCallback<RenderNavLink>(
    ({ href, onClick, ...props }) => (
      <a
        href={href}
        {...props}
        onClick={(event) => {
          onClick?.();
          if (!isPlainClick(event)) return;
          event.preventDefault();
          latest.current(href);
        }}
      />
    ),
    [],
  );
}

/** The standard layout (spec §2): drawer with the user's menu, top bar with title and account menu. */
export function HostLayout({ children }: { children: ReactNode }) {
  const { user, logout, setBuddhistEra } = useAuth();
  const { branch } = useBranch();
  const location = useLocation();
  const navigate = useNavigate();
  const renderLink = useMenuLink();
  const [changingPassword, setChangingPassword] = useState(false);
  const phone = useMediaQuery('(max-width: 599px)');
  const groups = useMemo(() => menuGroupsFor(user?.roles), [user?.roles]);
  const title = screenTitle(location.pathname);

  return (
    <>
      <AppShell
        groups={groups}
        title={title}
        productName={PRODUCT_NAME}
        currentHref={`${location.pathname}${location.search}`}
        renderLink={renderLink}
        storage={navStorage}
        accountSlot={
          user && (
            <AccountMenu
              username={user.username}
              email={user.email}
              branchLabel={branch ? branchLabel(branch) : null}
              compact={phone}
              onChangePassword={() => setChangingPassword(true)}
              onSelectBranch={() => navigate(selectBranchPath(`${location.pathname}${location.search}`))}
              onLogout={() => void logout()}
              buddhistEra={user.buddhistEra}
              onToggleBuddhistEra={() =>
                void setBuddhistEra(!user.buddhistEra).catch((error: unknown) =>
                  console.error('Could not save the era setting', error),
                )
              }
              avatar={<UserAvatar name={user.fullName} profileImageId={user.profileImageId} />}
            />
          )
        }
      >
        {children}
      </AppShell>
      <KeyboardLayer roles={user?.roles} />
      {changingPassword && (
        <ScreenSuspense>
          <ChangePasswordDialog onClose={() => setChangingPassword(false)} />
        </ScreenSuspense>
      )}
    </>
  );
}

/** The user's profile picture (a 48 px thumbnail fetched with the token); the person icon when none or on failure. */
function UserAvatar({ name, profileImageId }: { name: string; profileImageId: string | null }) {
  const src = useThumbnail(profileImageId);
  return <Avatar name={name} src={src} size={24} showInitials={false} />;
}
