/** The shapes of the sign-in and account calls (spec §7), shared by the server and the client. */

export interface BranchInfo {
  readonly id: string;
  readonly code: string;
  readonly name: string;
}

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

export interface IssuedToken {
  readonly token: string;
  /** ISO timestamp. */
  readonly expiresAt: string;
}

/** `POST /api/auth/webLogin`'s answer. */
export interface LoginAnswer extends IssuedToken {
  readonly userId: string;
  readonly info: UserInfo;
}
