import { LOGIN_PATH, REDIRECT_PARAM, ROUTE_PREFIXES, SELECT_BRANCH_PATH } from '../constants.ts';

/** Session and branch-selection rules of spec §2 and §4, as pure functions. */

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Every path is protected except those under /auth and /public. */
export function isProtectedPath(path: string): boolean {
  return !isUnder(path, ROUTE_PREFIXES.auth) && !isUnder(path, ROUTE_PREFIXES.public);
}

/** The login URL carrying the page to come back to in `to`. */
export function loginRedirectPath(currentPath: string): string {
  if (currentPath === '' || currentPath === '/') return LOGIN_PATH;
  return `${LOGIN_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(currentPath)}`;
}

/** Where to go after login: the `to` path when it is one of ours (starts with one '/'), else home. */
export function afterLoginPath(to: string | null | undefined): string {
  // Only our own paths: '//host' would leave the site, and /auth paths would loop back to login.
  const ours = to?.startsWith('/') && !to.startsWith('//');
  return to && ours && isProtectedPath(to.split(/[?#]/)[0] ?? '') ? to : '/';
}

/**
 * The branch screen's URL carrying the page to return to in `to` (issue 23: choosing a branch
 * went nowhere). The branch screen itself is never the page to return to.
 */
export function selectBranchPath(currentPath: string): string {
  const path = currentPath.split(/[?#]/)[0] ?? '';
  if (currentPath === '' || currentPath === '/' || path === SELECT_BRANCH_PATH) return SELECT_BRANCH_PATH;
  return `${SELECT_BRANCH_PATH}?${REDIRECT_PARAM}=${encodeURIComponent(currentPath)}`;
}

/** Where the branch screen returns after a choice: the `to` page when it is one of ours, else home. */
export function afterSelectBranchPath(to: string | null | undefined): string {
  const path = afterLoginPath(to);
  return path.split(/[?#]/)[0] === SELECT_BRANCH_PATH ? '/' : path;
}

/** A different user id between the stored and the current session means the session changed. */
export function isSessionChanged(
  storedUserId: string | null | undefined,
  currentUserId: string | null | undefined,
): boolean {
  return storedUserId != null && currentUserId != null && storedUserId !== currentUserId;
}

/**
 * The branch to act for after login (spec §4): the current one if the user may act for it, else
 * the first of the user's branches; none when the user has no branch.
 */
export function chooseBranchAfterLogin(
  currentBranchId: string | null | undefined,
  userBranches: readonly { readonly id: string }[],
): string | null {
  const [first] = userBranches;
  if (!first) return null;
  return userBranches.some((branch) => branch.id === currentBranchId)
    ? (currentBranchId as string)
    : first.id;
}
