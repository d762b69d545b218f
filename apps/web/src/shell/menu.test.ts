import { entities, isIconName, readRoles } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { menu, visibleMenu } from './menu.ts';
import { routes } from './routes.ts';

const group = (key: string) => menu.find((candidate) => candidate.key === key);
const keys = (key: string) => group(key)?.entries.map((entry) => entry.key);

describe('menu', () => {
  it('has the sidebar groups of spec §1 in order, then ours', () => {
    expect(menu.map((g) => g.key)).toEqual([
      'pinned',
      'demo',
      'doBooking',
      'so',
      'bo',
      'booking',
      'deliveryOrder',
      'masterData',
      'settings',
      'admin',
      // Not spec §1's: the pages it does not name, after its groups (docs/domain.md "Routes and menu").
      'integration',
    ]);
  });

  it('lists the 24 master-data entities of spec §1, in its order', () => {
    expect(keys('masterData')).toEqual([
      'province',
      'district',
      'subDistrict',
      'vehicle',
      'vehicleType',
      'vehicleGroup',
      'branch',
      'shipCond',
      'routeConfig',
      'shiftOfDay',
      'timeSlotCode',
      'unit',
      'uom',
      'article',
      'articleUomType',
      'customer',
      'contractor',
      'driver',
      'warehouse',
      'shipTo',
      'truckBanConfig',
      'articleTypeProhibit',
      'shippingPriceConfig',
      'vehicleTypeAdjustPercent',
    ]);
  });

  it("keeps spec §1's 3 settings and 2 administration entries; the pages the spec does not name sit in a group of their own", () => {
    expect(keys('settings')).toEqual(['vehicleDateSlot', 'vehicleUtilizationThresholds', 'branchSettings']);
    expect(keys('admin')).toEqual(['appUser', 'appRoleGroup']);
    expect(group('integration')?.label).toBe('การเชื่อมต่อและข้อมูลส่วนบุคคล');
    expect(keys('integration')).toEqual([
      'contactTemplates',
      'apiKeys',
      'personalDataAccess',
      'companySettings',
    ]);
  });

  it("agrees with each entity's menuGroup", () => {
    for (const entity of entities) {
      const holder = menu.find((g) => g.entries.some((entry) => entry.key === entity.name));
      expect(holder?.key ?? null, entity.name).toBe(entity.menuGroup);
    }
  });

  it('points every entry at a route with the same roles, a known icon and a Thai label', () => {
    const byPath = new Map(routes.map((route) => [route.path, route]));
    for (const entry of menu.flatMap((g) => g.entries)) {
      expect(byPath.get(entry.path)?.roles, entry.path).toEqual(entry.roles);
      expect(isIconName(entry.icon), entry.icon).toBe(true);
      expect(entry.label).toMatch(/[\u0E00-\u0E7F]|^DO Booking$|Ship Cond|Time Slot Code|DO Report/);
    }
    for (const g of menu) expect(g.label).toMatch(/[\u0E00-\u0E7F]|^DO Booking$/);
  });

  it('takes entity roles from the permission functions', () => {
    expect(group('masterData')?.entries.find((entry) => entry.key === 'province')?.roles).toEqual(
      readRoles('province'),
    );
  });
});

describe('visibleMenu', () => {
  it('shows a user only the entries of pages they may open, and drops empty groups', () => {
    const shown = visibleMenu(['ROLE_PROVINCE_READ']);
    expect(shown.map((g) => g.key)).toEqual(['pinned', 'masterData']);
    expect(shown[1]?.entries.map((entry) => entry.key)).toEqual(['province']);
  });

  it('shows everything to an admin and to a user without a role list', () => {
    const all = menu.flatMap((g) => g.entries).length;
    expect(visibleMenu(['ROLE_ADMIN']).flatMap((g) => g.entries)).toHaveLength(all);
    expect(visibleMenu(null).flatMap((g) => g.entries)).toHaveLength(all);
  });

  it('shows the DO Booking group to both DO_BOOKING roles', () => {
    for (const role of ['ROLE_DO_BOOKING_READ', 'ROLE_DO_BOOKING_EDIT']) {
      expect(visibleMenu([role]).map((g) => g.key)).toEqual(['pinned', 'doBooking']);
    }
  });
});
