import { readRoles, STORAGE_KEYS } from '@lms/domain';
import { createApiClient } from '@lms/entity-pages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchRoute } from '../shell/routes.ts';
import type { EntityRouteDef } from '../shell/routeTypes.ts';
import { firstListPage } from './firstListPage.ts';

/** The browser's localStorage, as the page would have left it. */
let kept: Map<string, string>;
beforeEach(() => {
  kept = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
      removeItem: (key: string) => kept.delete(key),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The URL the list's early first page asks, or null when it is not sent. */
async function askedUrl(search = ''): Promise<string | null> {
  const route = matchRoute('/deliveryOrder') as EntityRouteDef;
  const request = firstListPage(route, search);
  if (!request) return null;
  let url: string | null = null;
  const api = createApiClient({
    baseUrl: 'http://lms.test/api',
    getToken: () => 'token',
    fetch: async (input) => {
      url = String(input);
      return new Response(JSON.stringify({ content: [], totalElements: 0 }), {
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  try {
    await request(api);
  } catch {
    return url;
  }
  return url;
}

const info = (branches: string[], roles: readonly string[] = readRoles('deliveryOrder')) =>
  JSON.stringify({
    userId: 'u-1',
    username: 'planner.bkk',
    roles,
    branchInfos: branches.map((id) => ({ id })),
  });

describe("the DO list's first page asked early, before the page is drawn", () => {
  it('asks it for the branch the browser kept, when the user still has it', async () => {
    kept.set(STORAGE_KEYS.authInfo, info(['b-1', 'b-2']));
    kept.set(STORAGE_KEYS.branch, 'b-2');
    expect(new URL((await askedUrl())!).searchParams.get('branchId')).toBe('b-2');
  });

  it('asks it for the first of the kept user info’s branches when no branch is kept yet (the session’s check not answered)', async () => {
    kept.set(STORAGE_KEYS.authInfo, info(['b-1', 'b-2']));
    expect(new URL((await askedUrl())!).searchParams.get('branchId')).toBe('b-1');
  });

  it('takes the first branch, as the page will, when the kept one is no longer the user’s', async () => {
    kept.set(STORAGE_KEYS.authInfo, info(['b-1']));
    kept.set(STORAGE_KEYS.branch, 'gone');
    expect(new URL((await askedUrl())!).searchParams.get('branchId')).toBe('b-1');
  });

  it('sends nothing without a branch to ask for (no user info kept)', async () => {
    expect(await askedUrl()).toBeNull();
  });

  it('sends nothing for a user whose kept roles do not let them read the list (the page says so)', async () => {
    kept.set(STORAGE_KEYS.authInfo, info(['b-1'], ['ROLE_PROVINCE_READ']));
    expect(await askedUrl()).toBeNull();
  });
});
