import { whenIdle } from '@lms/design-system';
import { canOpenRoute, LOGIN_PATH } from '@lms/domain';
import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useBranch } from '../branch/BranchProvider.tsx';
import { HomePage } from '../home/HomePage.tsx';
import { registerStaffWorker } from '../release/staffWorker.ts';
import { useAuth } from '../session/AuthProvider.tsx';
import type { RouteDef } from '../shell/routeTypes.ts';
import { HostStatusScreen } from './HostStatusScreen.tsx';
import { ScreenSuspense } from './lazyScreens.tsx';

/** One route: the not-allowed screen without a role of the page (spec §6), no-branch without a branch. */
export function RoutePage({ route }: { route: RouteDef }) {
  const { user } = useAuth();
  const { branchId } = useBranch();
  if (!canOpenRoute(user?.roles, route)) return <HostStatusScreen kind="not-allowed" />;
  if (route.needsBranch && branchId === null) return <HostStatusScreen kind="no-branch" />;
  return (
    <ScreenSuspense>
      <RouteScreen route={route} />
    </ScreenSuspense>
  );
}

/** The screen the route names; home is the shell's own (not lazy). */
function RouteScreen({ route }: { route: RouteDef }) {
  // Drawn, so its chunks are loaded: the service worker's precache may start (release/staffWorker.ts).
  useEffect(() => whenIdle(registerStaffWorker), []);
  switch (route.kind) {
    case 'home':
      return <HomePage />;
    case 'login':
      // The sign-in page has its own route outside the session (shell/router.tsx); never reached here.
      return <Navigate to={LOGIN_PATH} replace />;
    case 'page':
      return <route.screen route={route} />;
    default:
      return <route.screen route={route} />;
  }
}
