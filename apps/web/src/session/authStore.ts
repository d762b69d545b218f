import { type IssuedToken, type LoginAnswer, STORAGE_KEYS, type UserInfo } from '@lms/domain';

export type { BranchInfo, IssuedToken, LoginAnswer, UserInfo } from '@lms/domain';

import { browserStorage } from './browserStorage.ts';
import { forgetEarly } from './earlyStart.ts';

/** The stored login of spec §4: token, expiry and user info under their own keys. */
export const authStore = {
  token: () => browserStorage.read(STORAGE_KEYS.authJwt),
  /** Expiry in ms since the epoch; `null` when none is stored (or it cannot be read). */
  expiresAt(): number | null {
    const text = browserStorage.read(STORAGE_KEYS.authExp);
    if (text === null) return null;
    const time = /^\d+$/.test(text) ? Number(text) : Date.parse(text);
    return Number.isFinite(time) ? time : null;
  },
  info: () => browserStorage.readJson<UserInfo>(STORAGE_KEYS.authInfo),
  storedUserId: () => authStore.info()?.userId ?? null,
  saveToken(issued: IssuedToken): void {
    browserStorage.write(STORAGE_KEYS.authJwt, issued.token);
    browserStorage.write(STORAGE_KEYS.authExp, issued.expiresAt);
  },
  saveInfo(info: UserInfo): void {
    browserStorage.write(STORAGE_KEYS.authInfo, JSON.stringify(info));
  },
  saveLogin(answer: LoginAnswer): void {
    // What the last user's pages asked first is not asked with this user's token.
    forgetEarly();
    authStore.saveToken(answer);
    authStore.saveInfo({ ...answer.info, userId: answer.userId });
  },
  /** Logout clears the three auth keys and the branch (spec §4). */
  clear(): void {
    forgetEarly();
    for (const key of [
      STORAGE_KEYS.authInfo,
      STORAGE_KEYS.authJwt,
      STORAGE_KEYS.authExp,
      STORAGE_KEYS.branch,
    ]) {
      browserStorage.remove(key);
    }
  },
  /** The page to come back to after sign-in, kept beside the `to` parameter. */
  redirect: () => browserStorage.read(STORAGE_KEYS.authRedirect),
  saveRedirect: (path: string) => browserStorage.write(STORAGE_KEYS.authRedirect, path),
  clearRedirect: () => browserStorage.remove(STORAGE_KEYS.authRedirect),
};
