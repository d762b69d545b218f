import { describe, expect, it } from 'vitest';
import { askedBranches, branchScopeParam, parseBranchScope } from './branchScope.ts';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';

describe('branch scope in the address', () => {
  it('reads back what it writes', () => {
    for (const scope of [{ kind: 'one' }, { kind: 'all' }, { kind: 'some', branchIds: [a, b] }] as const)
      expect(parseBranchScope(branchScopeParam(scope))).toEqual(scope);
  });

  it('takes anything unreadable as the acting branch, and drops ids that are not ids', () => {
    expect(parseBranchScope('')).toEqual({ kind: 'one' });
    expect(parseBranchScope('x,y')).toEqual({ kind: 'one' });
    expect(parseBranchScope(`x,${a}`)).toEqual({ kind: 'some', branchIds: [a] });
  });

  it('asks the server for the chosen branches, or for none (every branch the user may see)', () => {
    expect(askedBranches({ kind: 'some', branchIds: [a] })).toEqual([a]);
    expect(askedBranches({ kind: 'all' })).toBeUndefined();
  });
});
