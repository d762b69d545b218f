import { ROLE_ADMIN } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { menuGroupsFor } from './menuGroups.ts';

const hrefs = (roles: string[]) =>
  menuGroupsFor(roles).flatMap((group) => group.items.map((item) => item.href));

describe('menuGroupsFor', () => {
  it('shows only home to a user without roles', () => {
    expect(hrefs([])).toEqual(['/']);
  });

  it('shows a page to a user holding one of its roles, and not the others', () => {
    const shown = hrefs(['ROLE_PROVINCE_READ']);
    expect(shown).toContain('/province');
    expect(shown).not.toContain('/vehicle');
    expect(shown).not.toContain('/appRoleGroup');
  });

  it('shows everything, admin pages included, to an admin', () => {
    const shown = hrefs([ROLE_ADMIN]);
    expect(shown).toEqual(
      expect.arrayContaining(['/', '/province', '/appUser', '/appRoleGroup', '/demo/locationTracking']),
    );
  });

  it('drops groups left empty', () => {
    expect(menuGroupsFor(['ROLE_PROVINCE_READ']).map((group) => group.key)).toEqual(['pinned', 'masterData']);
  });
});
