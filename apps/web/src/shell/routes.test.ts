import { canOpenRoute, entityPagePath, type PageDef, pages, readRoles } from '@lms/domain';
import { describe, expect, it } from 'vitest';
import { DoBookingScreen, matchRoute, routes } from './routes.ts';

// Spec §2, written out. Entities with "a list page and three sub-pages: create, edit and detail".
const crudLists = [
  '/articleUomType',
  '/vehicleDateSlot',
  '/vehicleUtilizationThresholds',
  '/province',
  '/vehicle',
  '/branch',
  '/shipment',
  '/customer',
  '/routeConfig',
  '/bo',
  '/contractor',
  '/vehicleType',
  '/shiftOfDay',
  '/unit',
  '/uom',
  '/district',
  '/subDistrict',
  '/shipCond',
  '/vehicleTypeAdjustPercent',
  '/article',
  '/timeSlotCode',
  '/shipTo',
  '/truckBanConfig',
  '/articleTypeProhibit',
  '/deliveryOrder',
  '/warehouse',
  '/shippingPriceConfig',
  '/driver',
  '/so',
  '/vehicleGroup',
  '/bookingReport',
];

const specRoutes = [
  '/',
  '/auth/login',
  '/doBooking',
  '/doBooking/info',
  '/doBooking/suggestion',
  '/doBooking/fineTune',
  '/doBooking/summary',
  '/doBooking/calendar',
  '/bookingCalendar',
  ...crudLists.flatMap((list) => [list, `${list}/create`, `${list}/edit/:id`, `${list}/show/:id`]),
  '/bookingReport/show',
  '/deliveryOrderReport',
  '/appUser',
  '/appUser/create',
  '/appUser/edit',
  '/appUser/show',
  '/appRoleGroup',
  '/appRoleGroup/create',
  '/appRoleGroup/edit',
  '/appRoleGroup/show',
  '/demo/locationTracking',
];

const byPath = new Map(routes.map((route) => [route.path, route]));

describe('routes', () => {
  it.each(specRoutes)('has %s', (path) => {
    expect(byPath.has(path)).toBe(true);
  });

  it('declares each path once, with a Thai title (or a name kept in English)', () => {
    expect(byPath.size).toBe(routes.length);
    for (const route of routes)
      expect(route.title, route.path).toMatch(
        /[\u0E00-\u0E7F]|^DO Booking$|Ship Cond|Time Slot Code|DO Report/,
      );
  });

  it('restricts every page but home, login and branch selection', () => {
    const open = routes.filter((route) => route.roles === null).map((route) => route.path);
    expect(open.sort()).toEqual(['/', '/auth/login', '/selectBranch']);
    for (const route of routes.filter((r) => r.roles !== null))
      expect(route.roles?.length, route.path).toBeGreaterThan(0);
  });

  it('gives sub-pages the roles of their list', () => {
    expect(byPath.get('/province/edit/:id')?.roles).toEqual(readRoles('province'));
    expect(byPath.get('/appUser/show')?.roles).toContain('ROLE_APP_USER_RESET_PASSWORD');
    expect(byPath.get('/bookingReport/show')?.roles).toEqual(['ROLE_ADMIN', 'ROLE_BOOKING_REPORT_READ']);
    expect(byPath.get('/deliveryOrderReport')?.roles).toEqual(['ROLE_ADMIN', 'ROLE_BOOKING_REPORT_READ']);
    expect(byPath.get('/demo/locationTracking')?.roles).toEqual(['ROLE_ADMIN']);
    expect(byPath.get('/doBooking/fineTune')?.roles).toContain('ROLE_DO_BOOKING_READ');
  });

  it('titles sub-pages after their entity', () => {
    expect(byPath.get('/province/create')?.title).toBe('เพิ่มจังหวัด');
    expect(byPath.get('/shipCond/edit/:id')?.title).toBe('แก้ไข Ship Cond');
    expect(byPath.get('/deliveryOrderReport')?.title).toBe('DO Report');
  });

  it('gives each DO booking route its wizard step (plain /doBooking is the first)', () => {
    const steps = routes.flatMap((route) =>
      route.kind === 'page' && route.screen === DoBookingScreen ? [[route.path, route.step]] : [],
    );
    expect(Object.fromEntries(steps)).toEqual({
      '/doBooking': 'info',
      '/doBooking/info': 'info',
      '/doBooking/suggestion': 'suggestion',
      '/doBooking/fineTune': 'fineTune',
      '/doBooking/summary': 'summary',
    });
  });

  it('says which pages need an acting branch: branch-owned data and the booking pages', () => {
    const needs = (path: string) => matchRoute(path)?.needsBranch === true;
    expect(needs('/vehicle')).toBe(true);
    expect(needs('/vehicle/edit/7')).toBe(true);
    expect(needs('/bookingReport/show')).toBe(true);
    expect(needs('/doBooking')).toBe(true);
    expect(needs('/doBooking/info')).toBe(true);
    expect(needs('/doBooking/calendar')).toBe(true);
    expect(needs('/bookingCalendar')).toBe(true);
    expect(needs('/province')).toBe(false);
    expect(needs('/branchVehicleTypeSetting')).toBe(false);
    expect(needs('/')).toBe(false);
    expect(needs('/selectBranch')).toBe(false);
  });

  it('has no page for files', () => {
    expect([...byPath.keys()].some((path) => path.startsWith('/file'))).toBe(false);
  });
});

describe('route helpers', () => {
  it('builds entity page URLs in each route style', () => {
    expect(entityPagePath('province', 'edit', '7')).toBe('/province/edit/7');
    expect(entityPagePath('appUser', 'show', 'a b')).toBe('/appUser/show?id=a%20b');
    expect(entityPagePath('vehicle', 'create')).toBe('/vehicle/create');
    expect(() => entityPagePath('vehicle', 'edit')).toThrow();
  });

  it('matches a pathname to its route, exact paths first', () => {
    expect(matchRoute('/province/edit/42')?.path).toBe('/province/edit/:id');
    expect(matchRoute('/bookingReport/show')?.path).toBe('/bookingReport/show');
    expect(matchRoute('/bookingReport/show/9')?.path).toBe('/bookingReport/show/:id');
    expect(matchRoute('/province/')?.path).toBe('/province');
    expect(matchRoute('/nowhere')).toBeUndefined();
  });

  it('opens role-free routes to everyone and others by spec §6', () => {
    const home = byPath.get('/');
    const province = byPath.get('/province');
    if (!home || !province) throw new Error('missing route');
    expect(canOpenRoute(['ROLE_UNRELATED'], home)).toBe(true);
    expect(canOpenRoute(['ROLE_UNRELATED'], province)).toBe(false);
    expect(canOpenRoute(['ROLE_PROVINCE_READ'], province)).toBe(true);
    expect(canOpenRoute(undefined, province)).toBe(true);
  });
});

describe('routes and the domain’s pages', () => {
  it('gives every page of the domain one route, with its roles and branch (login is the shell’s)', () => {
    const shown = (list: readonly PageDef[]) =>
      list
        .map((page) => ({ path: page.path, roles: page.roles, needsBranch: page.needsBranch }))
        .sort((a, b) => a.path.localeCompare(b.path));
    expect(shown(routes.filter((route) => route.kind !== 'login'))).toEqual(shown(pages));
  });
});
