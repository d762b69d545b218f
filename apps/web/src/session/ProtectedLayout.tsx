import {
  BuddhistEraProvider,
  LoadingScreen,
  PlainButton,
  StatusScreen,
  useSnackbar,
} from '@lms/design-system';
import {
  isProtectedPath,
  LIMITS,
  LOGIN_PATH,
  loginRedirectPath,
  MESSAGES,
  messagesOfError,
} from '@lms/domain';
import { SessionProvider, type SessionUser } from '@lms/entity-pages';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { BranchProvider, useBranch } from '../branch/BranchProvider.tsx';
import { sharedBookingEvents } from '../events/bookingEvents.ts';
import { HostLayout } from '../layout/HostLayout.tsx';
import { ChangePasswordDialog, ScreenSuspense } from '../pages/lazyScreens.tsx';
import { swrOptions } from '../swr.ts';
import { gcCache } from '../swrCache.ts';
import { HOST_TEXT } from '../text.ts';
import { UnsavedChangesGuard } from '../unsaved/UnsavedChangesGuard.tsx';
import { useAuth } from './AuthProvider.tsx';
import { authStore, type UserInfo } from './authStore.ts';

/**
 * Every route outside /auth and /public (spec §2): checking → spinner; signed out → login with
 * `to`; a forced password change before anything else; then branch, session and the layout.
 */
export function ProtectedLayout() {
  const { status, signedOutReason, user, sessionChanged } = useAuth();
  if (sessionChanged) return <SessionChangedScreen />;
  if (status === 'checking') return <LoadingScreen label={HOST_TEXT.checkingSession} />;
  if (status === 'signedOut' || !user) {
    return signedOutReason === 'logout' ? <Navigate to={LOGIN_PATH} replace /> : <RedirectToLogin />;
  }
  if (user.mustChangePassword)
    return (
      <ScreenSuspense>
        <ChangePasswordDialog forced onClose={() => {}} />
      </ScreenSuspense>
    );
  return (
    <BranchProvider branches={user.branchInfos}>
      <SignedIn user={user}>
        <UnsavedChangesGuard>
          <HostLayout>
            <Outlet />
          </HostLayout>
        </UnsavedChangesGuard>
      </SignedIn>
    </BranchProvider>
  );
}

function RedirectToLogin() {
  const location = useLocation();
  const path = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (isProtectedPath(location.pathname) && path !== '/') authStore.saveRedirect(path);
  }, [location.pathname, path]);
  return <Navigate to={loginRedirectPath(path)} replace />;
}

/** Screens read `useSession()` and `useApi()`; each sign-in gets a fresh SWR cache. */
function SignedIn({ user, children }: { user: UserInfo; children: ReactNode }) {
  const { branchId } = useBranch();
  const snackbar = useSnackbar();
  const sessionUser = useMemo<SessionUser>(
    () => ({
      userId: user.userId,
      username: user.username,
      fullName: user.fullName,
      email: user.email,
      roles: user.roles,
      branchInfos: user.branchInfos,
    }),
    [user],
  );
  // The branch's live events (bookings, presence) on the one stream the browser's tabs share.
  const openEvents = useMemo(
    () => (branchId ? sharedBookingEvents(user.userId, branchId) : undefined),
    [user.userId, branchId],
  );
  // A cache of this layout's own (SWRConfig reads the provider once), swept of entries unused for 300000 ms (spec §9).
  const [cache] = useState(() => gcCache());
  useEffect(() => {
    const timer = setInterval(() => cache.sweep(), LIMITS.queryCacheGcMs / 5);
    return () => clearInterval(timer);
  }, [cache]);
  const swr = useMemo<SWRConfiguration>(
    () => ({
      ...swrOptions,
      provider: () => cache,
      // A repeated error is shown once (the snackbar de-duplicates, spec §8).
      onError: (error: unknown) => snackbar.errorOnce(messagesOfError(error)),
    }),
    [snackbar, cache],
  );
  return (
    <SWRConfig value={swr}>
      <SessionProvider user={sessionUser} branchId={branchId} openEvents={openEvents}>
        {/* The user's พ.ศ. setting: every date field types and shows years in it (issue 22 item 8). */}
        <BuddhistEraProvider value={user.buddhistEra}>{children}</BuddhistEraProvider>
      </SessionProvider>
    </SWRConfig>
  );
}

function SessionChangedScreen() {
  return (
    <div role="alert">
      <StatusScreen
        kind="invalid-url"
        title={HOST_TEXT.sessionChangedTitle}
        message={MESSAGES.sessionChanged.text}
        action={<PlainButton onPress={() => window.location.reload()}>{HOST_TEXT.reload}</PlainButton>}
      />
    </div>
  );
}
