import { can, chooseBranchAfterLogin, STORAGE_KEYS } from '@lms/domain';
import { type ApiClient, requestFirstListPage } from '@lms/entity-pages';
import { authStore } from '../session/authStore.ts';
import { browserStorage } from '../session/browserStorage.ts';
import type { EntityRouteDef } from '../shell/routeTypes.ts';

/**
 * The acting branch the page will take (BranchProvider's first choice), from what the browser
 * kept: the branch, else the first of the user's branches in the kept user info. The chunk may run
 * before the session's check has answered and the branch is stored (from the service worker's
 * cache it does), so the kept branch alone may not be there yet.
 */
const keptBranch = () =>
  chooseBranchAfterLogin(browserStorage.read(STORAGE_KEYS.branch), authStore.info()?.branchInfos ?? []);

/**
 * A list's first page as the list will ask it, with the acting branch the page will take: the shell
 * sends it as soon as this chunk has run (`preloadScreenAt`), beside the session's check instead of
 * after it and the page's drawing (docs/web.md "What the first screen waits for"). Should the page
 * ask otherwise (another branch chosen, a default saved view), it asks anew and that answer goes
 * unused. Here, not in the shell: reading a list's URL is the entity pages' code. A chunk of its own,
 * fetched before the entity chunk (`preloadScreenAt`): the request goes out once the few files it
 * needs have run, not once the whole entity chunk has (docs/web.md).
 */
export function firstListPage(route: EntityRouteDef, search: string) {
  if (route.kind !== 'list') return undefined;
  // A user the kept roles do not let read the list is shown "ไม่มีสิทธิ์เข้าถึง": asked early, the
  // page would only be refused (a 403 in the console, one request for nothing).
  if (!can(authStore.info()?.roles, route.entity, 'read').can) return undefined;
  return (api: ApiClient) => requestFirstListPage(api, route.entity, search, keptBranch());
}
