import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  afterSelectBranchPath,
  chooseBranchAfterLogin,
  isProtectedPath,
  isSessionChanged,
  loginRedirectPath,
  selectBranchPath,
} from './session.ts';

describe('protected paths', () => {
  it('protects everything but /auth and /public', () => {
    expect(isProtectedPath('/')).toBe(true);
    expect(isProtectedPath('/province')).toBe(true);
    expect(isProtectedPath('/authority')).toBe(true);
    expect(isProtectedPath('/auth')).toBe(false);
    expect(isProtectedPath('/auth/login')).toBe(false);
    expect(isProtectedPath('/public/terms')).toBe(false);
  });

  it("carries the current path to login in 'to'", () => {
    expect(loginRedirectPath('/province/edit/7')).toBe('/auth/login?to=%2Fprovince%2Fedit%2F7');
    expect(loginRedirectPath('/appUser/edit?id=3')).toBe('/auth/login?to=%2FappUser%2Fedit%3Fid%3D3');
    expect(loginRedirectPath('/')).toBe('/auth/login');
  });

  it('goes back only to one of our protected paths after login', () => {
    expect(afterLoginPath('/appUser/edit?id=3')).toBe('/appUser/edit?id=3');
    expect(afterLoginPath('//evil.example/x')).toBe('/');
    expect(afterLoginPath('https://evil.example')).toBe('/');
    expect(afterLoginPath('/auth/login')).toBe('/');
    expect(afterLoginPath(null)).toBe('/');
  });
});

describe('session and branch rules', () => {
  it('sees a changed session only when both user ids are known and differ', () => {
    expect(isSessionChanged('u1', 'u2')).toBe(true);
    expect(isSessionChanged('u1', 'u1')).toBe(false);
    expect(isSessionChanged(null, 'u1')).toBe(false);
  });

  it('keeps the current branch if allowed, else takes the first, else none', () => {
    const branches = [{ id: 'b1' }, { id: 'b2' }];
    expect(chooseBranchAfterLogin('b2', branches)).toBe('b2');
    expect(chooseBranchAfterLogin('b9', branches)).toBe('b1');
    expect(chooseBranchAfterLogin(null, branches)).toBe('b1');
    expect(chooseBranchAfterLogin('b1', [])).toBeNull();
  });
});

describe('the branch screen returns to the page it was opened from (issue 23)', () => {
  it('carries the page, query included, in `to`', () => {
    expect(selectBranchPath('/province?searchTerm=กรุง')).toBe(
      `/selectBranch?to=${encodeURIComponent('/province?searchTerm=กรุง')}`,
    );
    expect(afterSelectBranchPath('/province?searchTerm=กรุง')).toBe('/province?searchTerm=กรุง');
  });

  it('goes home from home, from itself, from another site or from the login page', () => {
    expect(selectBranchPath('/')).toBe('/selectBranch');
    expect(selectBranchPath('/selectBranch?to=%2Fprovince')).toBe('/selectBranch');
    for (const to of [null, '', '//evil.example', 'https://evil.example', '/auth/login', '/selectBranch'])
      expect(afterSelectBranchPath(to)).toBe('/');
  });
});
