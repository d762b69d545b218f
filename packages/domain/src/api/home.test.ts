import { describe, expect, it } from 'vitest';
import { featureRoles } from '../auth/permissions.ts';
import {
  ROLE_ADMIN,
  ROLE_BOOKING_REPORT_READ,
  ROLE_FREIGHT_STATEMENT_APPROVE,
  ROLE_FREIGHT_STATEMENT_CHECK,
  ROLE_FREIGHT_STATEMENT_EXPORT,
  ROLE_FREIGHT_STATEMENT_READ,
  readRoleOf,
} from '../auth/roles.ts';
import { staffGroups } from '../auth/staffGroups.ts';
import { DRIVER_ROLES } from '../driverApp.ts';
import { freightStatesWaitingFor } from '../rules/freightStatement.ts';
import { homeSectionRoles, homeSectionsFor } from './home.ts';

describe('homeSectionsFor', () => {
  it('gives each role its sections, every section to an admin, and several to several roles', () => {
    expect(homeSectionsFor([readRoleOf('BOOKING_CALENDAR')])).toEqual(['planner']);
    expect(homeSectionsFor([readRoleOf('DO_BOOKING')])).toEqual(['planner']);
    expect(homeSectionsFor(['ROLE_SHIP_TO_EDIT'])).toEqual(['masterData']);
    expect(homeSectionsFor(['ROLE_BRANCH_EDIT'])).toEqual(['masterData']);
    expect(homeSectionsFor([ROLE_ADMIN])).toEqual([
      'manager',
      'dispatcher',
      'planner',
      'masterData',
      'admin',
    ]);
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

describe("the dispatcher's section", () => {
  it('is the roles that plan and confirm trips, before the planner whose calendars a dispatcher reads too', () => {
    expect([...homeSectionRoles.dispatcher].sort()).toEqual([...featureRoles.shipmentPlanning.edit].sort());
    expect(homeSectionsFor(staffGroups.dispatcher.roles)).toEqual(['dispatcher', 'planner']);
    expect(homeSectionsFor(staffGroups.planner.roles)).not.toContain('dispatcher');
    expect(homeSectionsFor(staffGroups.manager.roles)).not.toContain('dispatcher');
  });

  it("is not a driver's, whose work is in the driver's app, though a driver holds the planning role", () => {
    expect(featureRoles.shipmentPlanning.edit).toEqual(expect.arrayContaining([...DRIVER_ROLES]));
    expect(homeSectionsFor(staffGroups.driver.roles)).toEqual([]);
    // A driver given another staff role is that staff too, and plans as one.
    expect(homeSectionsFor([...staffGroups.driver.roles, readRoleOf('BOOKING_CALENDAR')])).toEqual([
      'dispatcher',
      'planner',
    ]);
  });
});

describe("the branch manager's section", () => {
  it('is the roles of checking and approving freight statements, shown before the planner', () => {
    expect([...homeSectionRoles.manager].sort()).toEqual(
      [...new Set([...featureRoles.freightStatement.check, ...featureRoles.freightStatement.approve])].sort(),
    );
    expect(homeSectionsFor([ROLE_FREIGHT_STATEMENT_APPROVE])).toEqual(['manager']);
    expect(homeSectionsFor([ROLE_FREIGHT_STATEMENT_CHECK])).toEqual(['manager']);
    // The demo's manager reads the calendars too: its own section first, the planner's after.
    expect(homeSectionsFor(staffGroups.manager.roles)).toEqual(['manager', 'planner']);
  });

  it("is not a planner's, a viewer's or a contractor's though they read the performance screen or statements", () => {
    expect(featureRoles.deliveryPerformance.read).toContain(ROLE_BOOKING_REPORT_READ);
    expect(homeSectionsFor(staffGroups.planner.roles)).toEqual(['planner']);
    expect(homeSectionsFor(staffGroups.viewer.roles)).not.toContain('manager');
    expect(homeSectionsFor([ROLE_FREIGHT_STATEMENT_READ])).toEqual([]);
    expect(homeSectionsFor(staffGroups.contractor.roles)).toEqual([]);
  });

  it('counts the statements in each state the user moves forward, never the way back', () => {
    expect(freightStatesWaitingFor(staffGroups.manager.roles)).toEqual(['DRAFT', 'CHECKED']);
    expect(freightStatesWaitingFor([ROLE_FREIGHT_STATEMENT_APPROVE])).toEqual(['CHECKED']);
    expect(freightStatesWaitingFor([ROLE_FREIGHT_STATEMENT_CHECK])).toEqual(['DRAFT']);
    expect(freightStatesWaitingFor([ROLE_FREIGHT_STATEMENT_EXPORT])).toEqual(['APPROVED']);
    expect(freightStatesWaitingFor([ROLE_ADMIN])).toEqual(['DRAFT', 'CHECKED', 'APPROVED']);
    expect(freightStatesWaitingFor([ROLE_FREIGHT_STATEMENT_READ])).toEqual([]);
  });
});
