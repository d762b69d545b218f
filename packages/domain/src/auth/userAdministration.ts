import { ROLE_ADMIN } from './roles.ts';

/**
 * Who may act on whom in user administration (issue "Hardening" 1–2). One rule for every path
 * that changes a user or their credentials (create, edit, delete, reset password, and any later
 * import or integration call): nobody hands out access they do not hold, and nobody acts on a
 * user who holds access they do not hold — themselves included, so a user administrator cannot
 * put the administrators' group on their own account.
 */

export interface AccessHolder {
  readonly roles: readonly string[];
  /** Branches the user may work in; an administrator works in every branch. */
  readonly branchIds: readonly string[];
}

/** ROLE_ADMIN is every permission (spec §6), so an administrator holds every role and branch. */
const isAdministrator = (holder: Pick<AccessHolder, 'roles'>) => holder.roles.includes(ROLE_ADMIN);

/** The roles of `roles` that `actor` does not hold. */
export function rolesNotHeld(actor: Pick<AccessHolder, 'roles'>, roles: readonly string[]): string[] {
  if (isAdministrator(actor)) return [];
  const held = new Set(actor.roles);
  return [...new Set(roles)].filter((role) => !held.has(role)).sort();
}

/** The branches of `branchIds` that `actor` may not work in. */
export function branchesNotHeld(actor: AccessHolder, branchIds: readonly string[]): string[] {
  if (isAdministrator(actor)) return [];
  const held = new Set(actor.branchIds);
  return [...new Set(branchIds)].filter((id) => !held.has(id)).sort();
}

export const USER_ADMIN_MESSAGES = {
  grantRoles: (roles: readonly string[]) => `ให้สิทธิ์ที่ตนเองไม่มีไม่ได้ (${roles.join(', ')})`,
  grantBranches: 'ให้สิทธิ์สาขาที่ตนเองไม่มีไม่ได้',
  actOnStronger: 'จัดการผู้ใช้ที่มีสิทธิ์มากกว่าตนเองไม่ได้',
} as const;

/**
 * Why `actor` may not act on a user who holds `target` access, or undefined when they may.
 * For an edit, pass both the access the user holds now and the access the edit gives.
 */
export function userAdministrationRefusal(
  actor: AccessHolder,
  target: { readonly before?: AccessHolder; readonly after?: AccessHolder },
): string | undefined {
  if (target.before) {
    const stronger =
      rolesNotHeld(actor, target.before.roles).length > 0 ||
      branchesNotHeld(actor, target.before.branchIds).length > 0;
    if (stronger) return USER_ADMIN_MESSAGES.actOnStronger;
  }
  if (target.after) {
    const roles = rolesNotHeld(actor, target.after.roles);
    if (roles.length) return USER_ADMIN_MESSAGES.grantRoles(roles);
    if (branchesNotHeld(actor, target.after.branchIds).length) return USER_ADMIN_MESSAGES.grantBranches;
  }
  return undefined;
}
