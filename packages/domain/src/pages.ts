import { canAccessPage, featureRoles, readRoles } from './auth/permissions.ts';
import { SELECT_BRANCH_PATH } from './constants.ts';
import { type EntityHeadRef, entityHeadList, entityHeads, resolveHead } from './entities/heads.ts';
import { returnedDeliveryOrders } from './entities/options.ts';
import type { EntityName } from './entity/names.ts';
import type { EntityHead } from './entity/types.ts';

/**
 * The app's pages as data (spec §2): each path, the roles that open it (spec §6) and whether it
 * needs an acting branch. No titles, icons or screens: the web shell's route table
 * (apps/web/src/shell/routes.ts) gives each page those; whatever else asks whether a user may
 * open a page (the home's links) asks `pageAt`.
 */
export interface PageDef {
  /** react-router pattern: `/province/edit/:id`. */
  readonly path: string;
  /** Roles of the page; `null` = no role restriction (home, login, branch selection). */
  readonly roles: readonly string[] | null;
  /** Its data belongs to one branch: without an acting branch the host shows the no-branch screen. */
  readonly needsBranch?: boolean;
}

export type EntityPage = 'list' | 'create' | 'edit' | 'show';

/** A generic page of an entity (spec §2: list, create, edit, show). */
export interface EntityPageDef extends PageDef {
  readonly kind: EntityPage;
  readonly entity: EntityName;
  /** Where an edit/show page takes the record id. */
  readonly idIn?: 'path' | 'query';
}

/** The steps of the DO booking wizard, in order; each has its page (`/doBooking/<step>`). */
export const doBookingSteps = ['info', 'suggestion', 'fineTune', 'summary'] as const;
export type DoBookingStep = (typeof doBookingSteps)[number];

/** `/doBooking/<step>`; the wizard's first step is also plain `/doBooking`. */
export const doBookingStepPath = (step: DoBookingStep): string => `/doBooking/${step}`;

/**
 * The DO Booking's first step on the DOs back from a failed or partial delivery (the DO list's
 * named filter, `returned`): where the home sends a planner to book them again.
 */
export const rebookReturnedPath = `/doBooking?${returnedDeliveryOrders.param}=true`;

/** The pages that are no entity's, by what they show. */
export const featurePages = {
  home: { path: '/', roles: null },
  selectBranch: { path: SELECT_BRANCH_PATH, roles: null },
  doBooking: { path: '/doBooking', roles: featureRoles.doBooking.read, needsBranch: true },
  doBookingCalendar: { path: '/doBooking/calendar', roles: featureRoles.doBooking.read, needsBranch: true },
  bookingCalendar: { path: '/bookingCalendar', roles: featureRoles.bookingCalendar.read, needsBranch: true },
  shipmentPlanning: { path: '/shipmentPlanning', roles: featureRoles.shipmentPlanning.read },
  /** The dispatcher's board of today's trips (docs/delivery.md): the shipments' readers, in their branch. */
  deliveryBoard: { path: '/deliveryBoard', roles: featureRoles.shipmentPlanning.read, needsBranch: true },
  /** The per-vehicle-type settings, edited in each branch's form: the branch's roles. */
  branchSettings: { path: '/branchVehicleTypeSetting', roles: readRoles(entityHeads.branch) },
  contactTemplates: { path: '/contactTemplates', roles: featureRoles.contactTemplates.read },
  locationTracking: { path: '/demo/locationTracking', roles: featureRoles.locationTracking.read },
  apiKeys: { path: '/apiKey', roles: featureRoles.apiKeys.read },
  personalDataAccess: { path: '/personalDataAccess', roles: featureRoles.personalDataAccess.read },
  companySettings: { path: '/companySettings', roles: featureRoles.companySettings.read },
  /** Contractors' monthly freight statements of the acting branch; `?id=` opens one (docs/freight.md). */
  freightStatements: {
    path: '/freightStatement',
    roles: featureRoles.freightStatement.read,
    needsBranch: true,
  },
  /** The acting branch's delivery performance of a month (`?month=yyyy-MM`, docs/performance-figures.md). */
  performance: { path: '/performance', roles: featureRoles.deliveryPerformance.read, needsBranch: true },
} as const satisfies Record<string, PageDef>;
export type FeaturePage = keyof typeof featurePages;

/** The performance screen of a `yyyy-MM` month, as `/performance` reads it (apps/web PerformanceScreen). */
export const performanceMonthHref = (month: string): string =>
  `${featurePages.performance.path}?${new URLSearchParams({ month })}`;

/** The freight statement list narrowed to one state, every month (apps/web FreightScreen). */
export const freightStatementsInStateHref = (state: string): string =>
  `${featurePages.freightStatements.path}?${new URLSearchParams({ state })}`;

/** The wizard's step pages: the roles and branch of plain `/doBooking`. */
const doBookingStepPages: readonly (PageDef & { readonly step: DoBookingStep })[] = doBookingSteps.map(
  (step) => ({ ...featurePages.doBooking, path: doBookingStepPath(step), step }),
);

/** Files have no pages: they are reached through the fields that hold them. */
function hasPages(entity: EntityHead): boolean {
  return entity.permission !== '';
}

function pagesOfEntity(entity: EntityHead): EntityPageDef[] {
  // Spec §2: sub-pages have the same roles as the list.
  const base = { entity: entity.name, roles: readRoles(entity), needsBranch: entity.branchOwned };
  const page = (kind: EntityPage, path: string, idIn?: 'path' | 'query'): EntityPageDef => ({
    ...base,
    kind,
    path,
    ...(idIn ? { idIn } : {}),
  });
  const list = page('list', entity.path);
  if (entity.routeStyle === 'listOnly') return [list];
  const byQuery = entity.routeStyle === 'crudQueryId';
  return [
    list,
    page('create', `${entity.path}/create`),
    page('edit', byQuery ? `${entity.path}/edit` : `${entity.path}/edit/:id`, byQuery ? 'query' : 'path'),
    page('show', byQuery ? `${entity.path}/show` : `${entity.path}/show/:id`, byQuery ? 'query' : 'path'),
  ];
}

/** Every entity's pages, in registry order. */
export const entityPages: readonly EntityPageDef[] = entityHeadList.filter(hasPages).flatMap(pagesOfEntity);

/** Spec §2: besides its detail page, the booking has a show view taking `id` in the query. */
export const bookingShowByQueryPage: EntityPageDef = {
  path: `${entityHeads.bookingReport.path}/show`,
  kind: 'show',
  roles: readRoles(entityHeads.bookingReport),
  entity: entityHeads.bookingReport.name,
  idIn: 'query',
  needsBranch: entityHeads.bookingReport.branchOwned,
};

/** Every page a signed-in user may be sent to (login aside). */
export const pages: readonly PageDef[] = [
  ...Object.values(featurePages),
  ...doBookingStepPages,
  ...entityPages,
  bookingShowByQueryPage,
];

/** The URL of an entity page: `/province/edit/7`, `/appUser/edit?id=7`. */
export function entityPagePath(entityRef: EntityHeadRef, page: EntityPage, id?: string): string {
  const entity = resolveHead(entityRef);
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

/** The entry of `table` whose path is a pathname's (no query string); exact paths win over `:id` patterns. */
export function matchPath<T extends { readonly path: string }>(
  table: readonly T[],
  pathname: string,
): T | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return table.find((entry) => entry.path === path) ?? table.find((entry) => matches(entry.path, path));
}

/** The page of a pathname (no query string). */
export function pageAt(pathname: string): PageDef | undefined {
  return matchPath(pages, pathname);
}

/** A route without roles is open to every signed-in user; otherwise spec §6's page rule applies. */
export function canOpenRoute(
  userRoles: readonly string[] | null | undefined,
  route: { readonly roles: readonly string[] | null },
): boolean {
  return route.roles === null || canAccessPage(userRoles, route.roles);
}
