import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities/index.ts';
import { apiKeyReaches } from './integration.ts';
import { can, featureRoles } from './permissions.ts';
import { isKnownRole, ROLE_ADMIN } from './roles.ts';
import { staffGroups } from './staffGroups.ts';

const holds = (roles: readonly string[], needed: readonly string[]) => needed.some((r) => roles.includes(r));

describe('the permission groups a branch runs on', () => {
  it('are made of spec §6 roles only, never the administrator’s, each named once', () => {
    for (const group of Object.values(staffGroups)) {
      expect(
        group.roles.filter((role) => !isKnownRole(role)),
        group.name,
      ).toEqual([]);
      expect(group.roles, group.name).not.toContain(ROLE_ADMIN);
      expect(new Set(group.roles).size, group.name).toBe(group.roles.length);
    }
    const names = Object.values(staffGroups).map((g) => g.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('let the dispatcher plan, confirm and tap stages, read bookings and print their papers, but not book', () => {
    const { roles } = staffGroups.dispatcher;
    expect(holds(roles, featureRoles.shipmentPlanning.edit)).toBe(true);
    expect(holds(roles, featureRoles.bookingCalendar.read)).toBe(true);
    expect(can(roles, 'shipment', 'update').can).toBe(true);
    for (const entity of ['bookingReport', 'deliveryOrder', 'vehicle', 'driver', 'shipTo'] as const)
      expect(can(roles, entity, 'read').can, entity).toBe(true);
    expect(can(roles, 'bookingReport', 'changeCallStatus').can).toBe(true);
    expect(holds(roles, featureRoles.doBooking.edit)).toBe(false);
    expect(can(roles, 'deliveryOrder', 'update').can).toBe(false);
  });

  it('let the planner book and call, and only read shipments: no plan confirmed, no stage tapped', () => {
    const { roles } = staffGroups.planner;
    expect(holds(roles, featureRoles.doBooking.edit)).toBe(true);
    expect(can(roles, 'bookingReport', 'changeCallStatus').can).toBe(true);
    expect(holds(roles, featureRoles.shipmentPlanning.read)).toBe(true);
    expect(holds(roles, featureRoles.shipmentPlanning.edit)).toBe(false);
  });

  it('let the driver read shipments and tap stages, and nothing of bookings, customers or master data', () => {
    const { roles } = staffGroups.driver;
    expect(holds(roles, featureRoles.shipmentPlanning.edit)).toBe(true);
    expect(can(roles, 'shipment', 'read').can).toBe(true);
    for (const entity of ['bookingReport', 'deliveryOrder', 'customer', 'shipTo', 'driver'] as const)
      expect(can(roles, entity, 'read').can, entity).toBe(false);
  });

  it('let the branch manager read the numbers and settle with contractors, but not book, plan or export', () => {
    const { roles } = staffGroups.manager;
    expect(holds(roles, featureRoles.deliveryPerformance.read)).toBe(true);
    for (const move of ['edit', 'check', 'approve'] as const)
      expect(holds(roles, featureRoles.freightStatement[move]), move).toBe(true);
    expect(holds(roles, featureRoles.freightStatement.export)).toBe(false);
    expect(holds(roles, featureRoles.doBooking.edit)).toBe(false);
    expect(holds(roles, featureRoles.shipmentPlanning.edit)).toBe(false);
    expect(can(roles, 'bookingReport', 'changeCallStatus').can).toBe(false);
  });

  it('let a contractor’s account read freight statements only (the server narrows it to its own)', () => {
    const { roles } = staffGroups.contractor;
    expect(holds(roles, featureRoles.freightStatement.read)).toBe(true);
    for (const move of ['edit', 'check', 'approve', 'export'] as const)
      expect(holds(roles, featureRoles.freightStatement[move]), move).toBe(false);
    expect(holds(roles, featureRoles.deliveryPerformance.read)).toBe(false);
    expect(can(roles, 'shipment', 'read').can).toBe(false);
  });

  it('let an ERP key write DOs, SOs, BOs, customers, ship-tos and articles, and decide nothing of a booking', () => {
    const { roles } = staffGroups.erp;
    expect(staffGroups.erp.forApiKeys).toBe(true);
    for (const name of [
      'deliveryOrder',
      'so',
      'bo',
      'customer',
      'shipTo',
      'article',
      'unit',
      'warehouse',
    ] as const) {
      const entity = entityByName(name);
      expect(can(roles, entity, 'create').can && apiKeyReaches(entity, 'create'), name).toBe(true);
      expect(can(roles, entity, 'update').can && apiKeyReaches(entity, 'update'), name).toBe(true);
    }
    expect(can(roles, 'branch', 'read').can).toBe(true);
    expect(holds(roles, featureRoles.doBooking.edit)).toBe(false);
    expect(holds(roles, featureRoles.shipmentPlanning.read)).toBe(false);
    expect(can(roles, 'bookingReport', 'read').can).toBe(false);
    expect(can(roles, 'bookingReport', 'changeCallStatus').can).toBe(false);
    expect(can(roles, 'shipment', 'read').can).toBe(false);
  });
});
