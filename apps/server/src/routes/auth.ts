import { authApi } from '@lms/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actingPrincipal } from '../auth/acting.ts';
import { decoyHash, verifyPassword } from '../auth/password.ts';
import { openSession, revokeSession, userInfo } from '../auth/sessions.ts';
import { typed } from '../http/contract.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import type { AuthContext } from './context.ts';

const WRONG_CREDENTIALS = 'ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง';
const TOO_MANY = (minutes: number) => `พยายามเข้าสู่ระบบหลายครั้งเกินไป กรุณารอ ${minutes} นาทีแล้วลองใหม่`;

/** A user by name, as typed at sign-in (any case). */
const findUser = (ctx: AuthContext, username: string) =>
  ctx.db
    .selectFrom('app_user')
    .select(['id', 'password_hash', 'active', 'token_version'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', eb.fn('lower', [eb.val(username.trim())])))
    .executeTakeFirst();

type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** `POST /api/auth/webLogin`, `webDevLogin` (development only) and `logout`. */
export function authRoutes(ctx: AuthContext) {
  return async (fastify: FastifyInstance) => {
    const app = typed(fastify);
    async function signIn(request: FastifyRequest, user: UserRow) {
      const issued = await openSession(
        ctx.db,
        ctx.tokens,
        { id: user.id, tokenVersion: user.token_version },
        {
          userAgent: request.headers['user-agent'],
          address: request.ip,
        },
      );
      const claims = await ctx.tokens.verify(issued.token);
      if (typeof claims === 'string') throw new Error('a token just issued does not verify');
      const principal = await ctx.principals.load(claims.sessionId, claims.userId, claims.tokenVersion);
      if (typeof principal === 'string') throw new Error('a session just opened is not valid');
      return { userId: user.id, ...issued, info: await userInfo(ctx.db, principal) };
    }

    app.route({
      ...authApi.webLogin,
      config: { access: { public: true } },
      handler: async (request) => {
        const { username, password } = request.body;
        const wait = await ctx.throttle.retryAfter(username, request.ip);
        if (wait > 0) throw new HttpError(429, [TOO_MANY(Math.ceil(wait / 60_000))]);
        const user = await findUser(ctx, username);
        // Unknown users are checked against a decoy hash so both answers take the same time.
        const ok = await ctx.hashing.run(`address:${request.ip}`, async () =>
          verifyPassword(password, user?.password_hash ?? (await decoyHash())),
        );
        if (!user || !ok || !user.active) {
          await ctx.throttle.recordFailure(username, request.ip);
          // Kept for the admin's home (failed sign-ins today); the throttle only remembers 15 minutes.
          await ctx.db
            .insertInto('sign_in_failure')
            .values({ username: username.slice(0, 100), address: request.ip })
            .execute();
          request.log.info({ username: username.slice(0, 100), event: 'login-failed' }, 'sign-in failed');
          throw unauthorized(WRONG_CREDENTIALS);
        }
        await ctx.throttle.recordSuccess(username, request.ip);
        request.log.info({ userId: user.id, event: 'login' }, 'signed in');
        return signIn(request, user);
      },
    });

    // Development convenience only: outside development the route does not exist at all, so a
    // prober gets the same 404 for it as for any unknown path, whatever the body.
    if (ctx.development) {
      app.route({
        ...authApi.webDevLogin,
        config: { access: { public: true } },
        handler: async (request) => {
          const user = await findUser(ctx, request.body.username);
          if (!user?.active) throw unauthorized(WRONG_CREDENTIALS);
          return signIn(request, user);
        },
      });
    }

    app.route({
      ...authApi.logout,
      config: { access: { signedIn: true }, apiKey: 'closed', allowedBeforePasswordChange: true },
      handler: async (request, reply) => {
        const { userId, sessionId } = actingPrincipal(request);
        await ctx.principals.revoke(userId, () => revokeSession(ctx.db, sessionId));
        return reply.status(204).send(null);
      },
    });
  };
}
