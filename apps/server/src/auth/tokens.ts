import { type IssuedToken, LIMITS } from '@lms/domain';
import { decodeJwt, errors, jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/database.ts';
import { sharedSecret } from './sharedSecret.ts';

/** Tokens live 60 minutes and are renewed while the user is active (product.md). */
export const TOKEN_TTL_SECONDS = LIMITS.tokenLifetimeMs / 1000;
/** A session ends 12 hours after sign-in, whatever the renewals. */
export const SESSION_MAX_SECONDS = LIMITS.sessionAbsoluteLimitMs / 1000;

const ALGORITHM = 'HS256';
/** Clocks of instances may differ a little; a token is never trusted further than this. */
const CLOCK_SKEW_SECONDS = 60;

export interface TokenClaims {
  readonly userId: string;
  readonly sessionId: string;
  readonly tokenVersion: number;
}

/** Verified tokens remembered at most (a bound on memory; each entry is checked against its `exp`). */
const VERIFIED_CACHE_SIZE = 20_000;

export class TokenService {
  /** Token → its claims and expiry (ms), once its signature and shape were checked. */
  private readonly verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  private constructor(private readonly key: Uint8Array) {}

  /**
   * `verify` for every request: a token seen before is not checked again (an HMAC and a JSON
   * parse, tens of microseconds) — its signature cannot have changed, only its time can run out.
   * Whether its session still holds is the principal's business (auth/principal.ts).
   */
  async check(token: string): Promise<TokenClaims | 'expired' | 'invalid'> {
    const hit = this.verified.get(token);
    if (hit) return hit.expiresAt > Date.now() ? hit.claims : 'expired';
    const claims = await this.verify(token);
    if (typeof claims !== 'string') {
      const { exp = 0 } = decodeJwt(token);
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { claims, expiresAt: exp * 1000 });
    }
    return claims;
  }

  /** The signing key: LMS_JWT_SECRET, or one generated at first start and shared through the database. */
  static async create(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<TokenService> {
    if (env.LMS_JWT_SECRET) return new TokenService(new TextEncoder().encode(env.LMS_JWT_SECRET));
    return new TokenService(await sharedSecret(db, 'jwtSecret', 48));
  }

  async issue(claims: TokenClaims, sessionExpiresAt: Date, now = new Date()): Promise<IssuedToken> {
    const expires = new Date(Math.min(now.getTime() + TOKEN_TTL_SECONDS * 1000, sessionExpiresAt.getTime()));
    const token = await new SignJWT({ sid: claims.sessionId, tv: claims.tokenVersion })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt: expires.toISOString() };
  }

  /**
   * The claims of a valid token; `expired` or `invalid` otherwise. Only HS256 is accepted, and
   * only a token shaped as `issue` makes it: `iat` and `exp` present, issued in the past and
   * living at most TOKEN_TTL_SECONDS. Defence in depth: a token signed with a leaked key, or by
   * a future bug, cannot outlive the session limit.
   */
  async verify(token: string, now = new Date()): Promise<TokenClaims | 'expired' | 'invalid'> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        requiredClaims: ['iat', 'exp'],
        currentDate: now,
      });
      const { iat = 0, exp = 0 } = payload;
      const nowSeconds = now.getTime() / 1000;
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.tv !== 'number' ||
        iat > nowSeconds + CLOCK_SKEW_SECONDS ||
        exp - iat > TOKEN_TTL_SECONDS ||
        exp > nowSeconds + TOKEN_TTL_SECONDS + CLOCK_SKEW_SECONDS
      ) {
        return 'invalid';
      }
      return { userId: payload.sub, sessionId: payload.sid, tokenVersion: payload.tv };
    } catch (error) {
      return error instanceof errors.JWTExpired ? 'expired' : 'invalid';
    }
  }
}
