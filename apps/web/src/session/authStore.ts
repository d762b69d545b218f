import { STORAGE_KEYS } from '@lms/domain';
import { browserStorage } from './browserStorage.ts';

/** `GET /api/account/userInfo` (and the `info` of a sign-in). */
export interface UserInfo {
  readonly userId: string;
  readonly username: string;
  readonly fullName: string;
  readonly email: string | null;
  readonly profileImageId: string | null;
  readonly roles: readonly string[];
  readonly branchInfos: readonly BranchInfo[];
  readonly mustChangePassword: boolean;
}

export interface BranchInfo {
  readonly id: string;
  readonly code: string;
  readonly name: string;
}

/** `POST auth/webLogin`'s answer (spec §7). */
export interface LoginAnswer {
  readonly userId: string;
  readonly token: string;
  readonly expiresAt: string;
  readonly info: UserInfo;
}

export interface IssuedToken {
  readonly token: string;
  readonly expiresAt: string;
}

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
    authStore.saveToken(answer);
    authStore.saveInfo({ ...answer.info, userId: answer.userId });
  },
  /** Logout clears the three auth keys and the branch (spec §4). */
  clear(): void {
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
