import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { actingBranch, actingPrincipal, optionalBranch, setActing } from '../src/auth/acting.ts';
import type { Principal } from '../src/auth/principal.ts';

/** The acting principal and branch are read as the route declared them; anything else is the route's bug. */

const request = () => ({ method: 'GET', routeOptions: { url: '/api/x' } }) as unknown as FastifyRequest;
const principal = { userId: 'u' } as Principal;

describe('the acting principal and branch', () => {
  it('are what the access hook found, as the route declared them', () => {
    const scoped = request();
    setActing(scoped, { principal, declared: 'branchScoped', branchId: 'b' });
    expect([actingPrincipal(scoped), actingBranch(scoped), optionalBranch(scoped)]).toEqual([
      principal,
      'b',
      'b',
    ]);
    const optional = request();
    setActing(optional, { principal, declared: 'branchOptional', branchId: undefined });
    expect(optionalBranch(optional)).toBeUndefined();
  });

  it('refuse a read the route did not declare: a programming error, not a guess', () => {
    const none = request();
    setActing(none, { principal, declared: 'noBranch' });
    expect(() => actingBranch(none)).toThrow(
      'GET /api/x reads the acting branch (branchScoped) but does not declare it',
    );
    expect(() => optionalBranch(none)).toThrow(/does not declare/);
    const optional = request();
    setActing(optional, { principal, declared: 'branchOptional', branchId: 'b' });
    expect(() => actingBranch(optional)).toThrow(/branchScoped/);
    expect(() => actingPrincipal(request())).toThrow(/public route/);
  });
});
