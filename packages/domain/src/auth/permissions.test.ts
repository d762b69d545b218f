import { describe, expect, it } from 'vitest';
import { entities } from '../entities/index.ts';
import type { EntityName } from '../entity/names.ts';
import {
  can,
  canAccessPage,
  type EntityAction,
  editRoles,
  entityActions,
  featureRoles,
  readRoles,
} from './permissions.ts';
import { isKnownRole, roleCatalogue } from './roles.ts';

// Spec §6, written out: the _READ and _EDIT role of each entity besides ROLE_ADMIN (null: none).
const pair = (prefix: string): [string, string] => [`ROLE_${prefix}_READ`, `ROLE_${prefix}_EDIT`];
const specRoles: Record<EntityName, [string | null, string | null]> = {
  articleUomType: pair('ARTICLE_UOM_TYPE'),
  vehicleDateSlot: pair('VEHICLE_DATE_SLOT'),
  vehicleUtilizationThresholds: pair('VEHICLE_UTILIZATION_THRESHOLDS'),
  region: pair('PROVINCE'),
  province: pair('PROVINCE'),
  district: pair('DISTRICT'),
  subDistrict: pair('SUB_DISTRICT'),
  vehicle: pair('VEHICLE'),
  vehicleType: pair('VEHICLE_TYPE'),
  vehicleGroup: pair('VEHICLE_GROUP'),
  branch: pair('BRANCH'),
  shipment: pair('SHIPMENT'),
  customer: pair('CUSTOMER'),
  contractor: pair('CONTRACTOR'),
  routeConfig: pair('ROUTE_CONFIG'),
  shiftOfDay: pair('SHIFT_OF_DAY'),
  unit: pair('UNIT'),
  uom: pair('UOM'),
  shipCond: pair('SHIP_COND'),
  vehicleTypeAdjustPercent: pair('VEHICLE_TYPE_ADJUST_PERCENT'),
  article: pair('ARTICLE'),
  timeSlotCode: pair('TIME_SLOT_CODE'),
  shipTo: pair('SHIP_TO'),
  truckBanConfig: pair('TRUCK_BAN_CONFIG'),
  articleTypeProhibit: pair('ARTICLE_TYPE_PROHIBIT'),
  deliveryOrder: pair('DELIVERY_ORDER'),
  warehouse: pair('WAREHOUSE'),
  shippingPriceConfig: pair('SHIPPING_PRICE_CONFIG'),
  driver: pair('DRIVER'),
  so: pair('SO'),
  bo: pair('BO'),
  bookingReport: ['ROLE_BOOKING_REPORT_READ', null],
  deliveryOrderReport: ['ROLE_BOOKING_REPORT_READ', null],
  deliveryStopReport: ['ROLE_SHIPMENT_READ', null],
  appUser: pair('APP_USER'),
  appRoleGroup: [null, null],
  file: [null, null],
};

const roleSets = ['null', 'none', 'read', 'edit', 'admin', 'unrelated'] as const;
type RoleSet = (typeof roleSets)[number];

function rolesOf(set: RoleSet, [read, edit]: [string | null, string | null]): string[] | null {
  switch (set) {
    case 'null':
      return null;
    case 'none':
      return [];
    case 'read':
      return read ? [read] : ['ROLE_NOTHING_READ'];
    case 'edit':
      return edit ? [edit] : ['ROLE_NOTHING_EDIT'];
    case 'admin':
      return ['ROLE_ADMIN'];
    case 'unrelated':
      return ['ROLE_SOMETHING_ELSE_EDIT', 'ROLE_SOMETHING_ELSE_READ'];
  }
}

function offered(entity: string, action: EntityAction): boolean {
  if (action === 'resetPassword') return entity === 'appUser';
  if (action === 'changeCallStatus') return entity === 'bookingReport';
  if (entity === 'file') return action === 'read' || action === 'create';
  if (entity === 'deliveryOrderReport' || entity === 'deliveryStopReport')
    return action === 'read' || action === 'export';
  return true;
}

function expected(entity: EntityName, action: EntityAction, set: RoleSet): boolean {
  if (!offered(entity, action)) return false;
  if (entity === 'file' || set === 'null' || set === 'admin') return true;
  const [read, edit] = specRoles[entity] ?? [null, null];
  const held = rolesOf(set, [read, edit]) ?? [];
  if (action === 'read' || action === 'export') return held.some((role) => role === read || role === edit);
  if (action === 'resetPassword' || action === 'changeCallStatus') return false;
  return edit !== null && held.includes(edit);
}

const table = (Object.keys(specRoles) as EntityName[]).flatMap((entity) =>
  entityActions.flatMap((action) => roleSets.map((set) => [entity, action, set] as const)),
);

describe('can: every entity × action × role set', () => {
  it('covers every declared entity', () => {
    expect(Object.keys(specRoles).sort()).toEqual(entities.map((entity) => entity.name).sort());
  });

  it.each(table)('%s %s with %s roles', (entity, action, set) => {
    const result = can(rolesOf(set, specRoles[entity] ?? [null, null]), entity, action);
    expect(result.can).toBe(expected(entity, action, set));
    if (!result.can) expect(result.reason).toMatch(/[\u0E00-\u0E7F]/);
    else expect(result.reason).toBeUndefined();
  });
});

describe('special cases of spec §6', () => {
  it('lets reset-password holders see users and reset passwords, but not edit them', () => {
    const roles = ['ROLE_APP_USER_RESET_PASSWORD'];
    expect(can(roles, 'appUser', 'read').can).toBe(true);
    expect(can(roles, 'appUser', 'resetPassword').can).toBe(true);
    expect(can(roles, 'appUser', 'update').can).toBe(false);
    expect(editRoles('appUser')).toEqual(['ROLE_ADMIN', 'ROLE_APP_USER_EDIT']);
    expect(readRoles('appUser')).toEqual([
      'ROLE_ADMIN',
      'ROLE_APP_USER_EDIT',
      'ROLE_APP_USER_READ',
      'ROLE_APP_USER_RESET_PASSWORD',
    ]);
  });

  it('lets ROLE_BOOKING_CHANGE_CALL_STATUS change call status only', () => {
    const roles = ['ROLE_BOOKING_CHANGE_CALL_STATUS'];
    expect(can(roles, 'bookingReport', 'changeCallStatus').can).toBe(true);
    expect(can(roles, 'bookingReport', 'read').can).toBe(false);
    expect(readRoles('bookingReport')).toEqual(['ROLE_ADMIN', 'ROLE_BOOKING_REPORT_READ']);
    expect(readRoles('deliveryOrderReport')).toEqual(['ROLE_ADMIN', 'ROLE_BOOKING_REPORT_READ']);
  });

  it('keeps permission groups and the location tracking demo to ROLE_ADMIN', () => {
    expect(readRoles('appRoleGroup')).toEqual(['ROLE_ADMIN']);
    expect(editRoles('appRoleGroup')).toEqual(['ROLE_ADMIN']);
    expect(featureRoles.locationTracking.read).toEqual(['ROLE_ADMIN']);
  });

  it('lets both DO_BOOKING roles see the booking pages; only EDIT books', () => {
    expect(featureRoles.doBooking.read).toEqual([
      'ROLE_ADMIN',
      'ROLE_DO_BOOKING_EDIT',
      'ROLE_DO_BOOKING_READ',
    ]);
    expect(featureRoles.doBooking.edit).toEqual(['ROLE_ADMIN', 'ROLE_DO_BOOKING_EDIT']);
    expect(featureRoles.bookingCalendar.read).toEqual([
      'ROLE_ADMIN',
      'ROLE_BOOKING_CALENDAR_EDIT',
      'ROLE_BOOKING_CALENDAR_READ',
    ]);
  });

  it('explains a refusal with the roles that would allow it', () => {
    expect(can(['ROLE_PROVINCE_READ'], 'province', 'update')).toEqual({
      can: false,
      reason: 'ไม่มีสิทธิ์แก้ไข จังหวัด: ต้องมีสิทธิ์ ROLE_ADMIN หรือ ROLE_PROVINCE_EDIT',
    });
  });

  it('throws for an unknown entity', () => {
    // @ts-expect-error an undeclared name does not compile; one that gets past the compiler throws
    expect(() => can(['ROLE_ADMIN'], 'nothing', 'read')).toThrow(/Unknown entity/);
  });

  it('only hands out roles of the catalogue', () => {
    for (const entity of entities) {
      for (const role of [...readRoles(entity), ...editRoles(entity)])
        expect(isKnownRole(role), role).toBe(true);
    }
  });
});

describe('canAccessPage', () => {
  it('allows a user without a role list', () => {
    expect(canAccessPage(undefined, undefined)).toBe(true);
    expect(canAccessPage(null, ['ROLE_ADMIN'])).toBe(true);
  });

  it('refuses a page without roles to a user with a role list', () => {
    expect(canAccessPage(['ROLE_ADMIN'], undefined)).toBe(false);
    expect(canAccessPage(['ROLE_ADMIN'], [])).toBe(false);
  });

  it('needs one of the page roles', () => {
    expect(canAccessPage(['ROLE_X', 'ROLE_PROVINCE_READ'], ['ROLE_ADMIN', 'ROLE_PROVINCE_READ'])).toBe(true);
    expect(canAccessPage([], ['ROLE_ADMIN'])).toBe(false);
    expect(canAccessPage(['ROLE_PROVINCE_EDIT'], ['ROLE_ADMIN', 'ROLE_PROVINCE_READ'])).toBe(false);
  });
});

describe('the role catalogue', () => {
  it('holds exactly the roles of spec §6', () => {
    const pairs = [
      'DO_BOOKING',
      'ARTICLE_UOM_TYPE',
      'VEHICLE_DATE_SLOT',
      'VEHICLE_UTILIZATION_THRESHOLDS',
      'PROVINCE',
      'VEHICLE',
      'BRANCH',
      'SHIPMENT',
      'BOOKING_CALENDAR',
      'CUSTOMER',
      'ROUTE_CONFIG',
      'BO',
      'CONTRACTOR',
      'VEHICLE_TYPE',
      'SHIFT_OF_DAY',
      'UNIT',
      'UOM',
      'DISTRICT',
      'SUB_DISTRICT',
      'SHIP_COND',
      'VEHICLE_TYPE_ADJUST_PERCENT',
      'ARTICLE',
      'TIME_SLOT_CODE',
      'SHIP_TO',
      'TRUCK_BAN_CONFIG',
      'ARTICLE_TYPE_PROHIBIT',
      'DELIVERY_ORDER',
      'WAREHOUSE',
      'SHIPPING_PRICE_CONFIG',
      'DRIVER',
      'SO',
      'VEHICLE_GROUP',
    ];
    expect([...roleCatalogue].sort()).toEqual(
      [
        'ROLE_ADMIN',
        ...pairs.flatMap((prefix) => [`ROLE_${prefix}_EDIT`, `ROLE_${prefix}_READ`]),
        'ROLE_APP_USER_EDIT',
        'ROLE_APP_USER_READ',
        'ROLE_APP_USER_RESET_PASSWORD',
        'ROLE_BOOKING_REPORT_READ',
        'ROLE_BOOKING_CHANGE_CALL_STATUS',
        'ROLE_FREIGHT_STATEMENT_READ',
        'ROLE_FREIGHT_STATEMENT_EDIT',
        'ROLE_FREIGHT_STATEMENT_CHECK',
        'ROLE_FREIGHT_STATEMENT_APPROVE',
        'ROLE_FREIGHT_STATEMENT_EXPORT',
      ].sort(),
    );
    expect(roleCatalogue).toHaveLength(75);
  });
});
