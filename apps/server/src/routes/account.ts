import { accountApi } from '@lms/domain';
import type { FastifyInstance } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import { hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, verifyPassword } from '../auth/password.ts';
import { notifyPrincipalChange } from '../auth/principal.ts';
import { openSession, renewSession, replacePassword, revokeAllSessions, userInfo } from '../auth/sessions.ts';
import { typed } from '../http/contract.ts';
import { HttpError, unprocessable } from '../http/errors.ts';
import type { AuthContext } from './context.ts';

/** Spec §5's messages, enforced here as well as in the form. */
export const passwordMessages = {
  oldRequired: 'กรุณาระบุ รหัสผ่านเก่า',
  newRequired: 'กรุณาระบุ รหัสผ่านใหม่',
  mustDiffer: 'รหัสผ่านใหม่ ต้องต่างจาก รหัสผ่านเก่า',
  length: `รหัสผ่านใหม่ ต้องมี ${PASSWORD_MIN_LENGTH} ถึง ${PASSWORD_MAX_LENGTH} ตัวอักษร`,
  oldWrong: 'รหัสผ่านเก่า ไม่ถูกต้อง',
  tooMany: (minutes: number) => `เปลี่ยนรหัสผ่านหลายครั้งเกินไป กรุณารอ ${minutes} นาทีแล้วลองใหม่`,
} as const;

const signedInAnyState = {
  access: { signedIn: true },
  apiKey: 'closed',
  allowedBeforePasswordChange: true,
} as const;

/** `GET /api/account/userInfo`, `GET renewToken`, `POST changePassword`, `POST logoutAll`. */
export function accountRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    app.route({
      ...accountApi.userInfo,
      config: signedInAnyState,
      handler: async (request) => userInfo(ctx.db, actingPrincipal(request)),
    });

    app.route({
      ...accountApi.preferences,
      config: { access: { signedIn: true }, apiKey: 'closed' },
      handler: async (request) => {
        const principal = actingPrincipal(request);
        // The principal holds the era (the days refusals name), and 0027's trigger does not watch it.
        await ctx.principals.revoke(principal.userId, () =>
          ctx.db.transaction().execute(async (trx) => {
            await trx
              .updateTable('app_user')
              .set({ buddhist_era: request.body.buddhistEra })
              .where('id', '=', principal.userId)
              .execute();
            await notifyPrincipalChange(trx, principal.userId);
          }),
        );
        return userInfo(ctx.db, principal);
      },
    });

    app.route({
      ...accountApi.renewToken,
      config: signedInAnyState,
      handler: async (request) => renewSession(ctx.db, ctx.tokens, actingPrincipal(request)),
    });

    app.route({
      ...accountApi.changePassword,
      config: signedInAnyState,
      handler: async (request) => {
        const principal = actingPrincipal(request);
        const oldPassword = typeof request.body.oldPassword === 'string' ? request.body.oldPassword : '';
        const newPassword = typeof request.body.newPassword === 'string' ? request.body.newPassword : '';
        const errors: Record<string, string> = {};
        if (!oldPassword.trim()) errors.oldPassword = passwordMessages.oldRequired;
        if (!newPassword.trim()) errors.newPassword = passwordMessages.newRequired;
        else if (newPassword === oldPassword) errors.newPassword = passwordMessages.mustDiffer;
        else if (
          [...newPassword].length < PASSWORD_MIN_LENGTH ||
          [...newPassword].length > PASSWORD_MAX_LENGTH
        ) {
          errors.newPassword = passwordMessages.length;
        }
        if (Object.keys(errors).length) throw unprocessable(errors);

        // Each call costs two hashes and a wrong old password is a guess: throttled per user.
        const wait = await ctx.passwordChangeThrottle.retryAfter(principal.userId, request.ip);
        if (wait > 0) throw new HttpError(429, [passwordMessages.tooMany(Math.ceil(wait / 60_000))]);
        const hashing = `user:${principal.userId}`;
        const stored = await ctx.db
          .selectFrom('app_user')
          .select('password_hash')
          .where('id', '=', principal.userId)
          .executeTakeFirst();
        const known = stored?.password_hash ?? '';
        if (!(await ctx.hashing.run(hashing, () => verifyPassword(oldPassword, known)))) {
          await ctx.passwordChangeThrottle.recordFailure(principal.userId, request.ip);
          throw unprocessable({ oldPassword: passwordMessages.oldWrong });
        }
        await ctx.passwordChangeThrottle.recordSuccess(principal.userId, request.ip);
        const hash = await ctx.hashing.run(hashing, () => hashPassword(newPassword));
        // Every other session ends, on every instance; this one continues on a fresh token.
        await ctx.principals.revoke(principal.userId, () =>
          ctx.db
            .transaction()
            .execute((trx) =>
              replacePassword(trx, principal.userId, hash, { temporary: false, by: principal.userId }),
            ),
        );
        const user = await ctx.db
          .selectFrom('app_user')
          .select('token_version')
          .where('id', '=', principal.userId)
          .executeTakeFirstOrThrow();
        const issued = await openSession(
          ctx.db,
          ctx.tokens,
          { id: principal.userId, tokenVersion: user.token_version },
          {
            userAgent: request.headers['user-agent'],
            address: request.ip,
          },
        );
        request.log.info({ userId: principal.userId, event: 'password-changed' }, 'password changed');
        return { userId: principal.userId, ...issued };
      },
    });

    app.route({
      ...accountApi.logoutAll,
      config: signedInAnyState,
      handler: async (request, reply) => {
        const { userId } = actingPrincipal(request);
        await ctx.principals.revoke(userId, () => revokeAllSessions(ctx.db, userId));
        return reply.status(204).send(null);
      },
    });
  };
}
