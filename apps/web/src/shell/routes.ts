import { lazyComponent } from '@lms/design-system/lazyComponent';
import {
  bookingShowByQueryPage,
  type DoBookingStep,
  doBookingStepPath,
  doBookingSteps,
  type EntityPage,
  type EntityPageDef,
  entityHeads,
  entityPages,
  type FeaturePage,
  featurePages,
  LOGIN_PATH,
  matchPath,
  phrase,
  UI_TEXT,
} from '@lms/domain';
import { type ApiClient, RecordPage } from '@lms/entity-pages';
import type { EntityRouteDef, PageRouteDef, RouteDef } from './routeTypes.ts';

/**
 * Every route of the app (spec §2): its Thai title, the screen it shows, and where it sits in the
 * sidebar. Paths, roles and the acting branch come from the domain's pages (`featurePages`,
 * `entityPages`), which whatever else asks about a page (the home's links) reads too.
 */

/*
 * A route names its screen's module, one hop from route to code: a feature's screen
 * (`@lms/features/<feature>`) directly, or, where the screen needs the host's router, session or
 * event stream, the host's wiring in `../pages/`, which passes them to the feature's screen.
 */

// Screens shown by more than one route.
export const EntityScreen = lazyComponent(() =>
  import('../pages/EntityScreen.tsx').then((m) => m.EntityScreen),
);
export const DoBookingScreen = lazyComponent(() =>
  import('../pages/BookingScreens.tsx').then((m) => m.DoBookingScreen),
);

// The words the form's dialog uses too (entity-pages form/modeTitle.ts), joined the same way (`phrase`).
const pageTitlePrefix: Readonly<Record<EntityPage, string>> = {
  list: '',
  create: UI_TEXT.create,
  edit: UI_TEXT.edit,
  show: UI_TEXT.show,
};

const entityRoute = (page: EntityPageDef): EntityRouteDef => ({
  ...page,
  title: phrase(pageTitlePrefix[page.kind], entityHeads[page.entity].title),
  screen: EntityScreen,
});

/** A route of one of the domain's feature pages: its path, roles and branch, and what the shell adds. */
const feature = (
  page: FeaturePage,
  route: Pick<PageRouteDef, 'title' | 'screen'> & Partial<Pick<PageRouteDef, 'path' | 'step' | 'menu'>>,
): PageRouteDef => ({ ...featurePages[page], page, kind: 'page', ...route });

const doBookingStepTitles: Readonly<Record<DoBookingStep, string>> = {
  info: 'ข้อมูล DO Booking',
  suggestion: 'แนะนำการจัดรถ',
  fineTune: 'ปรับแต่งการจอง',
  summary: 'สรุปการจอง',
};

export const routes: readonly RouteDef[] = [
  { ...featurePages.home, title: 'หน้าแรก', kind: 'home', menu: { group: 'pinned', icon: 'home' } },
  { path: LOGIN_PATH, title: 'เข้าสู่ระบบ', kind: 'login', roles: null },
  feature('selectBranch', {
    title: 'เลือกสาขา',
    screen: lazyComponent(() => import('../branch/SelectBranchPage.tsx').then((m) => m.SelectBranchPage)),
  }),
  feature('doBooking', {
    title: 'DO Booking',
    screen: DoBookingScreen,
    step: 'info',
    menu: { group: 'doBooking', icon: 'calendar-check' },
  }),
  ...doBookingSteps.map((step) =>
    feature('doBooking', {
      path: doBookingStepPath(step),
      step,
      title: doBookingStepTitles[step],
      screen: DoBookingScreen,
    }),
  ),
  feature('doBookingCalendar', {
    title: 'ปฏิทิน DO Booking',
    screen: lazyComponent(() => import('../pages/BookingScreens.tsx').then((m) => m.DoBookingCalendarScreen)),
    menu: { group: 'doBooking', icon: 'calendar' },
  }),
  feature('bookingCalendar', {
    title: 'ปฏิทินการจอง',
    screen: lazyComponent(() => import('../pages/BookingScreens.tsx').then((m) => m.BookingCalendarScreen)),
    menu: { group: 'booking', icon: 'calendar' },
  }),
  feature('shipmentPlanning', {
    title: 'วางแผนจัดรถ',
    screen: lazyComponent(() =>
      import('../pages/ShipmentPlanningScreen.tsx').then((m) => m.ShipmentPlanningScreen),
    ),
    menu: { group: 'deliveryOrder', icon: 'map' },
  }),
  feature('deliveryBoard', {
    title: 'ติดตามการส่งสินค้า',
    screen: lazyComponent(() =>
      import('../pages/DeliveryBoardScreen.tsx').then((m) => m.DeliveryBoardScreen),
    ),
    menu: { group: 'deliveryOrder', icon: 'truck' },
  }),
  feature('freightStatements', {
    title: 'ค่าขนส่งผู้รับเหมา',
    screen: lazyComponent(() => import('../pages/FreightScreen.tsx').then((m) => m.FreightScreen)),
    menu: { group: 'deliveryOrder', icon: 'coins' },
  }),
  feature('performance', {
    title: 'ผลการจัดส่ง',
    screen: lazyComponent(() => import('../pages/PerformanceScreen.tsx').then((m) => m.PerformanceScreen)),
    menu: { group: 'deliveryOrder', icon: 'bar-chart' },
  }),
  ...entityPages.map(entityRoute),
  entityRoute(bookingShowByQueryPage),
  feature('branchSettings', {
    title: 'ตั้งค่าความเร็วและเวลาตามประเภทรถ',
    screen: lazyComponent(() => import('../pages/EntityScreen.tsx').then((m) => m.BranchSettingsScreen)),
    menu: { group: 'settings', icon: 'sliders' },
  }),
  feature('contactTemplates', {
    title: 'ข้อความถึงลูกค้า',
    screen: lazyComponent(() => import('@lms/features/contact').then((m) => m.ContactTemplatesPage)),
    // The customer messages' templates (docs/contact.md): the admin's only. Not in spec §1's
    // settings group, whose three entries the spec counts.
    menu: { group: 'integration', icon: 'file-text' },
  }),
  feature('locationTracking', {
    title: 'ติดตามตำแหน่ง (ทดลอง)',
    screen: lazyComponent(() =>
      import('../pages/LocationTrackingScreen.tsx').then((m) => m.LocationTrackingScreen),
    ),
    menu: { group: 'demo', icon: 'map-pin', label: 'ติดตามตำแหน่ง' },
  }),
  feature('apiKeys', {
    title: 'คีย์ API',
    screen: lazyComponent(() => import('@lms/features/integration').then((m) => m.ApiKeysPage)),
    menu: { group: 'integration', icon: 'key' },
  }),
  feature('personalDataAccess', {
    title: 'การเข้าถึงข้อมูลส่วนบุคคล',
    screen: lazyComponent(() => import('@lms/features/privacy').then((m) => m.PersonalDataAccessPage)),
    menu: { group: 'integration', icon: 'shield' },
  }),
  feature('companySettings', {
    title: 'ตั้งค่าบริษัท',
    screen: lazyComponent(() => import('@lms/features/company').then((m) => m.CompanySettingsPage)),
    // The era on every branch's paper and customer messages: the administrator's, beside the
    // messages' templates (docs/domain.md "Routes and menu").
    menu: { group: 'integration', icon: 'building' },
  }),
];

/** The route of a pathname (no query string); exact paths win over `:id` patterns. */
export function matchRoute(pathname: string): RouteDef | undefined {
  return matchPath(routes, pathname);
}

/**
 * Starts fetching the chunk of the screen at `pathname` — the page the app opens on — so that it
 * loads beside the session's check instead of after it (docs/web.md "What the first screen waits
 * for"). Home and login are in the shell; an unknown path has no screen. A failure is left to the
 * screen's drawing, which fetches again and shows it. Settles when what it started has (the
 * screen's chunk, a list's first page): the app holds its idle work until then (`holdIdleWork`).
 */
export function preloadScreenAt(
  pathname: string,
  search = '',
  sendListPage?: (request: (api: ApiClient) => Promise<unknown>) => Promise<unknown>,
): Promise<unknown> {
  const route = matchRoute(pathname);
  if (!route || !('screen' in route)) return Promise.resolve();
  const started: Promise<unknown>[] = [];
  // A list's first page goes out once the few files that build it have run, not once the page is
  // drawn nor once its screen's chunk has: asked first, so that over HTTP/1.1 they do not queue
  // behind the screen's files.
  if (route.kind === 'list' && sendListPage)
    started.push(
      import('../pages/firstListPage.ts').then((lists) => {
        const request = lists.firstListPage(route, search);
        return request && sendListPage(request);
      }),
    );
  if (route.kind === 'show') started.push(RecordPage.preload());
  started.push(route.screen.preload());
  return Promise.allSettled(started);
}
