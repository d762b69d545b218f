/**
 * Which branches the performance screen adds up (docs/performance-figures.md "ทุกสาขาที่ดูได้"):
 * the acting branch (the screen as it always was), every branch the user may see, or some of them.
 * Kept in the address (`?branches=all` or `?branches=id,id`) so a printout or a shared link shows the same.
 */
export type BranchScope =
  | { readonly kind: 'one' }
  | { readonly kind: 'all' }
  | { readonly kind: 'some'; readonly branchIds: readonly string[] };

export const ONE_BRANCH: BranchScope = { kind: 'one' };

/** The `branches` parameter read back; anything unreadable is the acting branch. */
export function parseBranchScope(value: string | null): BranchScope {
  if (!value) return ONE_BRANCH;
  if (value === 'all') return { kind: 'all' };
  const branchIds = value.split(',').filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  return branchIds.length > 0 ? { kind: 'some', branchIds } : ONE_BRANCH;
}

/** The `branches` parameter of a scope; null for the acting branch (no parameter). */
export function branchScopeParam(scope: BranchScope): string | null {
  return scope.kind === 'one' ? null : scope.kind === 'all' ? 'all' : scope.branchIds.join(',');
}

/** The branch ids the server is asked for: none means every branch the user may see. */
export const askedBranches = (scope: BranchScope): readonly string[] | undefined =>
  scope.kind === 'some' ? scope.branchIds : undefined;
