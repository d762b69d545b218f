import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, ROLE_APP_USER_EDIT, ROLE_APP_USER_RESET_PASSWORD } from './roles.ts';
import { USER_ADMIN_MESSAGES, userAdministrationRefusal } from './userAdministration.ts';

const admin = { roles: [ROLE_ADMIN], branchIds: [] };
const userAdmin = { roles: [ROLE_APP_USER_EDIT, ROLE_APP_USER_RESET_PASSWORD], branchIds: ['b1'] };
const planner = { roles: ['ROLE_DO_BOOKING_EDIT'], branchIds: ['b1'] };

describe('userAdministrationRefusal', () => {
  it('lets an administrator act on anyone and grant anything', () => {
    expect(
      userAdministrationRefusal(admin, { before: admin, after: { roles: [ROLE_ADMIN], branchIds: ['b9'] } }),
    ).toBe(undefined);
  });

  it('refuses granting a role the actor does not hold, naming it', () => {
    expect(
      userAdministrationRefusal(userAdmin, {
        before: userAdmin,
        after: { ...userAdmin, roles: [ROLE_ADMIN] },
      }),
    ).toBe(USER_ADMIN_MESSAGES.grantRoles([ROLE_ADMIN]));
  });

  it('refuses acting on a user who holds a role or a branch the actor does not', () => {
    expect(userAdministrationRefusal(userAdmin, { before: planner })).toBe(USER_ADMIN_MESSAGES.actOnStronger);
    expect(userAdministrationRefusal(userAdmin, { before: { roles: [], branchIds: ['b2'] } })).toBe(
      USER_ADMIN_MESSAGES.actOnStronger,
    );
  });

  it('refuses granting a branch the actor does not hold', () => {
    expect(userAdministrationRefusal(userAdmin, { after: { roles: [], branchIds: ['b1', 'b2'] } })).toBe(
      USER_ADMIN_MESSAGES.grantBranches,
    );
  });

  it('allows what stays within the actor’s own access, the actor itself included', () => {
    expect(userAdministrationRefusal(userAdmin, { before: userAdmin, after: userAdmin })).toBe(undefined);
    expect(
      userAdministrationRefusal(userAdmin, { after: { roles: [ROLE_APP_USER_EDIT], branchIds: ['b1'] } }),
    ).toBe(undefined);
  });
});
