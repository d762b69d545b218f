import { canOpenRoute, type RouteDef } from '@lms/domain';
import { useBranch } from '../branch/BranchProvider.tsx';
import { useAuth } from '../session/AuthProvider.tsx';
import { HostStatusScreen } from './HostStatusScreen.tsx';
import { ScreenSuspense } from './lazyScreens.tsx';
import { screenFor } from './screens.tsx';

/** One route: the not-allowed screen without a role of the page (spec §6), no-branch without a branch. */
export function RoutePage({ route }: { route: RouteDef }) {
  const { user } = useAuth();
  const { branchId } = useBranch();
  if (!canOpenRoute(user?.roles, route)) return <HostStatusScreen kind="not-allowed" />;
  if (route.needsBranch && branchId === null) return <HostStatusScreen kind="no-branch" />;
  return <ScreenSuspense>{screenFor(route)}</ScreenSuspense>;
}
