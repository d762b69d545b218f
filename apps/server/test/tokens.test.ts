import { describe, expect, it } from 'vitest';
import { TOKEN_TTL_SECONDS, TokenService } from '../src/auth/tokens.ts';
import type { Database } from '../src/db/database.ts';

// With LMS_JWT_SECRET set, the service never reads the database.
const service = () =>
  TokenService.create(undefined as unknown as Database, { LMS_JWT_SECRET: 'test-secret' });
const claims = { userId: 'u1', sessionId: 's1', tokenVersion: 3 };

describe('token verification, the signature checked once per token', () => {
  it('answers the same claims for a token seen again, and still expires it on time', async () => {
    const tokens = await service();
    const issuedAt = new Date('2026-11-25T10:00:00Z');
    const { token } = await tokens.issue(claims, new Date('2026-11-25T20:00:00Z'), issuedAt);
    const later = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);
    expect(await tokens.verify(token, later(1))).toEqual(claims);
    // Kept from the first call: the expiry is checked against each call's time all the same.
    expect(await tokens.verify(token, later(TOKEN_TTL_SECONDS - 1))).toEqual(claims);
    expect(await tokens.verify(token, later(TOKEN_TTL_SECONDS))).toBe('expired');
    expect(await tokens.verify(token, later(TOKEN_TTL_SECONDS + 3600))).toBe('expired');
  });

  it('refuses a token signed with another key or altered, even after its twin was accepted', async () => {
    const tokens = await service();
    const now = new Date();
    const { token } = await tokens.issue(claims, new Date(now.getTime() + 3_600_000), now);
    expect(await tokens.verify(token, now)).toEqual(claims);
    const [head, , signature] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: 'admin', sid: 's1', tv: 3 })).toString('base64url')}.${signature}`;
    expect(await tokens.verify(forged, now)).toBe('invalid');
    const other = await TokenService.create(undefined as unknown as Database, { LMS_JWT_SECRET: 'other' });
    expect(await other.verify(token, now)).toBe('invalid');
  });
});
