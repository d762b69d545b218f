import { canAccessPage, featureRoles, readRoles } from './auth/permissions.ts';
import { LOGIN_PATH } from './constants.ts';
import { bookingReport, branch, type EntityRef, entities, resolveEntity } from './entities/index.ts';
import type { EntityName } from './entity/names.ts';
import type { EntityDef, MenuGroupKey } from './entity/types.ts';

/** Every route of the app (spec §2), with its Thai title and the roles that open it. */

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

/** The steps of the DO booking wizard, in order; each has its route (`/doBooking/<step>`). */
export const doBookingSteps = ['info', 'suggestion', 'fineTune', 'summary'] as const;
export type DoBookingStep = (typeof doBookingSteps)[number];

/** Where a page that is no entity's sits in the sidebar (an entity's list says it with `menuGroup`). */
export interface MenuPlacement {
  readonly group: MenuGroupKey;
  /** Icon name from the design system's icon set. */
  readonly icon: string;
  /** The entry's label when it is not the page's title. */
  readonly label?: string;
}

interface RouteBase {
  /** react-router pattern: `/province/edit/:id`. */
  readonly path: string;
  readonly title: string;
  /** Roles of the page; `null` = no role restriction (home, login, branch selection). */
  readonly roles: readonly string[] | null;
  /** Its data belongs to one branch: without an acting branch the host shows the no-branch screen. */
  readonly needsBranch?: boolean;
  readonly menu?: MenuPlacement;
}

/** Home and login: the host's own screens. */
export interface ShellRouteDef extends RouteBase {
  readonly kind: 'home' | 'login';
}

/** A feature page: `screen` is the key the host maps to its component (exhaustively). */
export interface PageRouteDef extends RouteBase {
  readonly kind: 'page';
  readonly screen: FeatureScreen;
  /** The entity whose roles the page takes (the branch settings). */
  readonly entity?: EntityName;
  /** For the DO booking wizard's routes: the step the route shows. */
  readonly step?: DoBookingStep;
}

/** A generic page of an entity (spec §2: list, create, edit, show). */
export interface EntityRouteDef extends RouteBase {
  readonly kind: EntityPage;
  readonly entity: EntityName;
  /** Where an edit/show page takes the record id. */
  readonly idIn?: 'path' | 'query';
}

export type RouteDef = ShellRouteDef | PageRouteDef | EntityRouteDef;
export type RouteKind = RouteDef['kind'];

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

function entityRoutes(entity: EntityDef): EntityRouteDef[] {
  // Spec §2: sub-pages have the same roles as the list.
  const base = { entity: entity.name, roles: readRoles(entity), needsBranch: entity.branchOwned };
  const route = (kind: EntityPage, path: string, idIn?: 'path' | 'query'): EntityRouteDef => ({
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

/** `/doBooking/<step>`; the wizard's first step is also plain `/doBooking`. */
export const doBookingStepPath = (step: DoBookingStep): string => `/doBooking/${step}`;

const doBookingStepTitles: Readonly<Record<DoBookingStep, string>> = {
  info: 'ข้อมูล DO Booking',
  suggestion: 'แนะนำการจัดรถ',
  fineTune: 'ปรับแต่งการจอง',
  summary: 'สรุปการจอง',
};

const doBookingPage = (path: string, title: string, step: DoBookingStep): PageRouteDef => ({
  path,
  title,
  kind: 'page',
  screen: 'doBooking',
  step,
  roles: featureRoles.doBooking.read,
  needsBranch: true,
});

export const routes: readonly RouteDef[] = [
  { path: '/', title: 'หน้าแรก', kind: 'home', roles: null, menu: { group: 'pinned', icon: 'home' } },
  { path: LOGIN_PATH, title: 'เข้าสู่ระบบ', kind: 'login', roles: null },
  { path: SELECT_BRANCH_PATH, title: 'เลือกสาขา', kind: 'page', screen: 'selectBranch', roles: null },
  {
    ...doBookingPage('/doBooking', 'DO Booking', 'info'),
    menu: { group: 'doBooking', icon: 'calendar-check' },
  },
  ...doBookingSteps.map((step) => doBookingPage(doBookingStepPath(step), doBookingStepTitles[step], step)),
  {
    path: DO_BOOKING_CALENDAR_PATH,
    title: 'ปฏิทิน DO Booking',
    kind: 'page',
    screen: 'doBookingCalendar',
    roles: featureRoles.doBooking.read,
    needsBranch: true,
    menu: { group: 'doBooking', icon: 'calendar' },
  },
  {
    path: '/bookingCalendar',
    title: 'ปฏิทินการจอง',
    kind: 'page',
    screen: 'bookingCalendar',
    roles: featureRoles.bookingCalendar.read,
    needsBranch: true,
    menu: { group: 'booking', icon: 'calendar' },
  },
  {
    path: SHIPMENT_PLANNING_PATH,
    title: 'วางแผนจัดรถ',
    kind: 'page',
    screen: 'shipmentPlanning',
    roles: featureRoles.shipmentPlanning.read,
    menu: { group: 'deliveryOrder', icon: 'map' },
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
    needsBranch: bookingReport.branchOwned,
  },
  {
    path: BRANCH_SETTINGS_PATH,
    title: 'ตั้งค่าความเร็วและเวลาตามประเภทรถ',
    kind: 'page',
    screen: 'branchSettings',
    roles: readRoles(branch),
    entity: branch.name,
    menu: { group: 'settings', icon: 'sliders' },
  },
  {
    path: CONTACT_TEMPLATES_PATH,
    title: 'ข้อความถึงลูกค้า',
    kind: 'page',
    screen: 'contactTemplates',
    roles: featureRoles.contactTemplates.read,
    // The customer messages' templates (docs/contact.md): the admin's only.
    menu: { group: 'settings', icon: 'file-text' },
  },
  {
    path: LOCATION_TRACKING_PATH,
    title: 'ติดตามตำแหน่ง (ทดลอง)',
    kind: 'page',
    screen: 'locationTracking',
    roles: featureRoles.locationTracking.read,
    menu: { group: 'demo', icon: 'map-pin', label: 'ติดตามตำแหน่ง' },
  },
  {
    path: API_KEYS_PATH,
    title: 'คีย์ API',
    kind: 'page',
    screen: 'apiKeys',
    roles: featureRoles.apiKeys.read,
    menu: { group: 'admin', icon: 'key' },
  },
  {
    path: PERSONAL_DATA_ACCESS_PATH,
    title: 'การเข้าถึงข้อมูลส่วนบุคคล',
    kind: 'page',
    screen: 'personalDataAccess',
    roles: featureRoles.personalDataAccess.read,
    menu: { group: 'admin', icon: 'shield' },
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
