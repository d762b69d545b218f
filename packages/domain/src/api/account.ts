import Type, { type Static } from 'typebox';
import { LIMITS } from '../constants.ts';
import { List, NoContent, Nullable, operation, Uuid } from './common.ts';

/** Sign-in and account calls (spec §7, docs/api.md). */

export const BranchInfo = Type.Object({ id: Uuid, code: Type.String(), name: Type.String() });
export type BranchInfo = Static<typeof BranchInfo>;

/** `GET account/userInfo` (and the `info` of a sign-in). */
export const UserInfo = Type.Object({
  userId: Uuid,
  username: Type.String(),
  fullName: Type.String(),
  email: Nullable(Type.String()),
  profileImageId: Nullable(Type.String()),
  roles: List(Type.String()),
  branchInfos: List(BranchInfo),
  mustChangePassword: Type.Boolean(),
  /** The user's own setting: dates on screen in พ.ศ. Paper and customer messages follow the company's (`CompanySettings`). */
  buddhistEra: Type.Boolean(),
});
export type UserInfo = Static<typeof UserInfo>;

export const IssuedToken = Type.Object({
  token: Type.String(),
  /** ISO timestamp. */
  expiresAt: Type.String({ format: 'date-time' }),
});
export type IssuedToken = Static<typeof IssuedToken>;

export const LoginAnswer = Type.Object({ userId: Uuid, ...IssuedToken.properties, info: UserInfo });
export type LoginAnswer = Static<typeof LoginAnswer>;

const Username = Type.String({ minLength: 1, maxLength: 100 });

export const authApi = {
  webLogin: operation({
    method: 'POST',
    url: '/auth/webLogin',
    schema: {
      body: Type.Object(
        { username: Username, password: Type.String({ minLength: 1, maxLength: LIMITS.passwordMaxLength }) },
        { additionalProperties: false },
      ),
      response: { 200: LoginAnswer },
    },
  }),
  webDevLogin: operation({
    method: 'POST',
    url: '/auth/webDevLogin',
    schema: {
      body: Type.Object({ username: Username }, { additionalProperties: false }),
      response: { 200: LoginAnswer },
    },
  }),
  logout: operation({ method: 'POST', url: '/auth/logout', schema: { response: { 204: NoContent } } }),
};

export const accountApi = {
  userInfo: operation({ method: 'GET', url: '/account/userInfo', schema: { response: { 200: UserInfo } } }),
  renewToken: operation({
    method: 'GET',
    url: '/account/renewToken',
    schema: { response: { 200: IssuedToken } },
  }),
  /** The passwords are checked by the handler, so that every problem answers 422 with spec §5's Thai messages. */
  changePassword: operation({
    method: 'POST',
    url: '/account/changePassword',
    schema: {
      body: Type.Object({
        oldPassword: Type.Optional(Type.Unknown()),
        newPassword: Type.Optional(Type.Unknown()),
      }),
      response: { 200: Type.Object({ userId: Uuid, ...IssuedToken.properties }) },
    },
  }),
  logoutAll: operation({
    method: 'POST',
    url: '/account/logoutAll',
    schema: { response: { 204: NoContent } },
  }),
  /** The signed-in user's own settings; answers the user info that follows them. */
  preferences: operation({
    method: 'PUT',
    url: '/account/preferences',
    schema: {
      body: Type.Object({ buddhistEra: Type.Boolean() }, { additionalProperties: false }),
      response: { 200: UserInfo },
    },
  }),
};
