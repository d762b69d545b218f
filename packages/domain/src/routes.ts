import { canAccessPage, featureRoles, readRoles } from './auth/permissions.ts';
import { LOGIN_PATH } from './constants.ts';
import { bookingReport, branch, type EntityRef, entities, resolveEntity } from './entities/index.ts';
import type { EntityName } from './entity/names.ts';
import type { EntityDef } from './entity/types.ts';

/** Every route of the app (spec §2), with its Thai title and the roles that open it. */

export type RouteKind = 'home' | 'login' | 'page' | 'list' | 'create' | 'edit' | 'show';

/** The feature screen a `page` route shows; the host maps each to its component (exhaustively). */
export type FeatureScreen =
  | 'selectBranch'
  | 'doBooking'
  | 'doBookingCalendar'
  | 'bookingCalendar'
  | 'branchSettings'
  | 'locationTracking'
  | 'shipmentPlanning'
  | 'apiKeys'
  | 'contactTemplates'
  | 'personalDataAccess';

export interface RouteDef {
  /** react-router pattern: `/province/edit/:id`. */
  readonly path: string;
  readonly title: string;
  readonly kind: RouteKind;
  /** Roles of the page; `null` = no role restriction (home, login, branch selection). */
  readonly roles: readonly string[] | null;
  readonly entity?: EntityName;
  /** Where an edit/show page takes the record id. */
  readonly idIn?: 'path' | 'query';
  /** For `page` routes: which feature screen renders it. */
  readonly screen?: FeatureScreen;
}

export type EntityPage = 'list' | 'create' | 'edit' | 'show';

export const DO_BOOKING_CALENDAR_PATH = '/doBooking/calendar';
export const BRANCH_SETTINGS_PATH = '/branchVehicleTypeSetting';
export const SELECT_BRANCH_PATH = '/selectBranch';
export const LOCATION_TRACKING_PATH = '/demo/locationTracking';
export const SHIPMENT_PLANNING_PATH = '/shipmentPlanning';
export const API_KEYS_PATH = '/apiKey';
export const CONTACT_TEMPLATES_PATH = '/contactTemplates';
export const PERSONAL_DATA_ACCESS_PATH = '/personalDataAccess';

/** Files have no pages: they are reached through the fields that hold them. */
function hasPages(entity: EntityDef): boolean {
  return entity.permission !== '';
}

const pageTitlePrefix: Readonly<Record<EntityPage, string>> = {
  list: '',
  create: 'เพิ่ม ',
  edit: 'แก้ไข ',
  show: 'รายละเอียด ',
};

function entityRoutes(entity: EntityDef): RouteDef[] {
  // Spec §2: sub-pages have the same roles as the list.
  const base = { entity: entity.name, roles: readRoles(entity) };
  const route = (kind: EntityPage, path: string, idIn?: 'path' | 'query'): RouteDef => ({
    ...base,
    kind,
    path,
    title: `${pageTitlePrefix[kind]}${entity.title}`,
    ...(idIn ? { idIn } : {}),
  });
  const list = route('list', entity.path);
  if (entity.routeStyle === 'listOnly') return [list];
  const byQuery = entity.routeStyle === 'crudQueryId';
  return [
    list,
    route('create', `${entity.path}/create`),
    route('edit', byQuery ? `${entity.path}/edit` : `${entity.path}/edit/:id`, byQuery ? 'query' : 'path'),
    route('show', byQuery ? `${entity.path}/show` : `${entity.path}/show/:id`, byQuery ? 'query' : 'path'),
  ];
}

const doBookingPage = (path: string, title: string): RouteDef => ({
  path,
  title,
  kind: 'page',
  screen: 'doBooking',
  roles: featureRoles.doBooking.read,
});

export const routes: readonly RouteDef[] = [
  { path: '/', title: 'หน้าแรก', kind: 'home', roles: null },
  { path: LOGIN_PATH, title: 'เข้าสู่ระบบ', kind: 'login', roles: null },
  { path: SELECT_BRANCH_PATH, title: 'เลือกสาขา', kind: 'page', screen: 'selectBranch', roles: null },
  doBookingPage('/doBooking', 'DO Booking'),
  doBookingPage('/doBooking/info', 'ข้อมูล DO Booking'),
  doBookingPage('/doBooking/suggestion', 'แนะนำการจัดรถ'),
  doBookingPage('/doBooking/fineTune', 'ปรับแต่งการจอง'),
  doBookingPage('/doBooking/summary', 'สรุปการจอง'),
  { ...doBookingPage(DO_BOOKING_CALENDAR_PATH, 'ปฏิทิน DO Booking'), screen: 'doBookingCalendar' },
  {
    path: '/bookingCalendar',
    title: 'ปฏิทินการจอง',
    kind: 'page',
    screen: 'bookingCalendar',
    roles: featureRoles.bookingCalendar.read,
  },
  {
    path: SHIPMENT_PLANNING_PATH,
    title: 'วางแผนจัดรถ',
    kind: 'page',
    screen: 'shipmentPlanning',
    roles: featureRoles.shipmentPlanning.read,
  },
  ...entities.filter(hasPages).flatMap(entityRoutes),
  // Spec §2: besides its detail page, the booking has a show view taking `id` in the query.
  {
    path: `${bookingReport.path}/show`,
    title: `รายละเอียด ${bookingReport.title}`,
    kind: 'show',
    roles: readRoles(bookingReport),
    entity: bookingReport.name,
    idIn: 'query',
  },
  {
    path: BRANCH_SETTINGS_PATH,
    title: 'ตั้งค่าความเร็วและเวลาตามประเภทรถ',
    kind: 'page',
    screen: 'branchSettings',
    roles: readRoles(branch),
    entity: branch.name,
  },
  {
    path: CONTACT_TEMPLATES_PATH,
    title: 'ข้อความถึงลูกค้า',
    kind: 'page',
    screen: 'contactTemplates',
    roles: featureRoles.contactTemplates.read,
  },
  {
    path: LOCATION_TRACKING_PATH,
    title: 'ติดตามตำแหน่ง (ทดลอง)',
    kind: 'page',
    screen: 'locationTracking',
    roles: featureRoles.locationTracking.read,
  },
  { path: API_KEYS_PATH, title: 'คีย์ API', kind: 'page', screen: 'apiKeys', roles: featureRoles.apiKeys.read },
  {
    path: PERSONAL_DATA_ACCESS_PATH,
    title: 'การเข้าถึงข้อมูลส่วนบุคคล',
    kind: 'page',
    screen: 'personalDataAccess',
    roles: featureRoles.personalDataAccess.read,
  },
];

/** The URL of an entity page: `/province/edit/7`, `/appUser/edit?id=7`. */
export function entityPagePath(entityRef: EntityRef, page: EntityPage, id?: string): string {
  const entity = resolveEntity(entityRef);
  if (page === 'list') return entity.path;
  if (page === 'create') return `${entity.path}/create`;
  if (id === undefined || id === '')
    throw new Error(`An id is needed for the ${page} page of ${entity.name}`);
  return entity.routeStyle === 'crudQueryId'
    ? `${entity.path}/${page}?id=${encodeURIComponent(id)}`
    : `${entity.path}/${page}/${encodeURIComponent(id)}`;
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.split('/');
  return (
    want.length === have.length &&
    want.every((segment, index) => segment.startsWith(':') || segment === have[index])
  );
}

/** The route of a pathname (no query string); exact paths win over `:id` patterns. */
export function matchRoute(pathname: string): RouteDef | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((route) => route.path === path) ?? routes.find((route) => matches(route.path, path));
}

/** A route without roles is open to every signed-in user; otherwise spec §6's page rule applies. */
export function canOpenRoute(
  userRoles: readonly string[] | null | undefined,
  route: { readonly roles: readonly string[] | null },
): boolean {
  return route.roles === null || canAccessPage(userRoles, route.roles);
}
