import { describe, expect, it } from 'vitest';
import { ROLE_ADMIN, readRoleOf } from '../auth/roles.ts';
import { homeSectionsFor } from './home.ts';

describe('homeSectionsFor', () => {
  it('gives each role its sections, every section to an admin, and several to several roles', () => {
    expect(homeSectionsFor([readRoleOf('BOOKING_CALENDAR')])).toEqual(['planner']);
    expect(homeSectionsFor([readRoleOf('DO_BOOKING')])).toEqual(['planner']);
    expect(homeSectionsFor(['ROLE_SHIP_TO_EDIT'])).toEqual(['masterData']);
    expect(homeSectionsFor(['ROLE_BRANCH_EDIT'])).toEqual(['masterData']);
    expect(homeSectionsFor([ROLE_ADMIN])).toEqual(['planner', 'masterData', 'admin']);
    expect(homeSectionsFor([readRoleOf('BOOKING_CALENDAR'), 'ROLE_VEHICLE_DATE_SLOT_EDIT'])).toEqual([
      'planner',
      'masterData',
    ]);
  });

  it('gives no section to a reader of master data or to a user without roles', () => {
    expect(homeSectionsFor([readRoleOf('SHIP_TO'), readRoleOf('UNIT')])).toEqual([]);
    expect(homeSectionsFor([])).toEqual([]);
  });
});
