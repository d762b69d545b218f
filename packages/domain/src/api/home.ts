import Type, { type Static } from 'typebox';
import { featureRoles } from '../auth/permissions.ts';
import { prefixEditRoles, ROLE_ADMIN } from '../auth/roles.ts';
import { DRIVER_ROLES } from '../driverApp.ts';
import { CalendarCell } from './calendar.ts';
import { BranchQuery, IsoDate, List, Nullable, operation } from './common.ts';

/**
 * The home per role (docs/web.md "Home"): what needs doing, one section per kind of staff. A user
 * sees every section one of their roles opens; the server checks the same roles per section.
 */

/** Who sees which section: the roles that open it (ROLE_ADMIN is in each); the page shows them in this order. */
export const homeSectionRoles = {
  /**
   * Branch managers: whoever checks or approves the contractors' freight statements (the roles of
   * those moves). Not every reader of the performance screen: its roles are BOOKING_REPORT's, which
   * planners, dispatchers and viewers hold, and their homes lead with their own work. A manager who
   * also reads the calendars gets the planner's section after this one.
   */
  manager: [...new Set([...featureRoles.freightStatement.check, ...featureRoles.freightStatement.approve])],
  /**
   * Dispatchers: whoever may plan and confirm the shifts' trips (the planning screen's edit roles).
   * Drivers hold that role too (spec §6); their roles alone open no section (`homeSectionsFor`).
   */
  dispatcher: [...featureRoles.shipmentPlanning.edit],
  /** Planners: whoever may open the calendars (the capacity is the calendar's, the events its stream). */
  planner: [...new Set([...featureRoles.bookingCalendar.read, ...featureRoles.doBooking.read])],
  /** Master-data staff: whoever may fix what blocks booking (ship-tos, per-branch settings, slots). */
  masterData: [
    ...new Set([
      ...prefixEditRoles('SHIP_TO'),
      ...prefixEditRoles('BRANCH'),
      ...prefixEditRoles('VEHICLE_DATE_SLOT'),
    ]),
  ],
  admin: [ROLE_ADMIN],
} as const satisfies Record<string, readonly string[]>;

export type HomeSection = keyof typeof homeSectionRoles;

/**
 * The sections a user with these roles sees, in the page's order. A driver's roles alone open none:
 * a driver's work is in the driver's app, which the home then links to. The dispatcher's route still
 * answers a driver: its counts are of the planning screen and the board, which the role opens anyway.
 */
export function homeSectionsFor(roles: readonly string[]): HomeSection[] {
  if (roles.length > 0 && roles.every((role) => DRIVER_ROLES.includes(role))) return [];
  return (Object.keys(homeSectionRoles) as HomeSection[]).filter((section) =>
    homeSectionRoles[section].some((role) => roles.includes(role)),
  );
}

/**
 * A number and the list it counts: `href` opens that list filtered to exactly these rows (null: no
 * list shows them). A list's rows are counted as the list counts its total, up to
 * `LIMITS.listExactCountLimit`: past it `count` is that limit and `countIsLowerBound` is true, shown
 * "มากกว่า 10,000" as the list shows its total.
 */
export const HomeCount = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  countIsLowerBound: Type.Boolean(),
  href: Nullable(Type.String()),
});
export type HomeCount = Static<typeof HomeCount>;

/** Unbooked delivery orders by how soon their delivery date (the date the SLA promises) comes. */
export const dueBuckets = ['overdue', 'today', 'tomorrow', 'week', 'later'] as const;
export type DueBucket = (typeof dueBuckets)[number];
export const dueBucketLabels: Readonly<Record<DueBucket, string>> = {
  overdue: 'เลยวันส่งแล้ว',
  today: 'ส่งวันนี้',
  tomorrow: 'ส่งพรุ่งนี้',
  week: 'ส่งภายใน 7 วัน',
  later: 'ส่งหลังจากนั้น',
};

export const PlannerHome = Type.Object({
  today: IsoDate,
  tomorrow: IsoDate,
  /** Today's and tomorrow's cells of the booking calendar (same figures, same status colours). */
  capacity: List(CalendarCell),
  unbooked: Type.Object({
    total: HomeCount,
    buckets: List(Type.Object({ bucket: Type.Enum([...dueBuckets]), ...HomeCount.properties })),
  }),
  notCalled: HomeCount,
  unreachable: HomeCount,
  canceledToday: HomeCount,
  /** DOs a failed or partial delivery sent back and no booking took again (the DO list's `returned`). */
  returned: HomeCount,
});
export type PlannerHome = Static<typeof PlannerHome>;

export const MasterDataHome = Type.Object({
  shipTosWithoutCoordinates: HomeCount,
  vehicleTypesWithoutSettings: HomeCount,
  /** Days of the next 14 (today first) on which the branch has no vehicle slot with a vehicle. */
  daysWithoutSlots: Type.Object({
    ...HomeCount.properties,
    days: List(Type.Object({ date: IsoDate, href: Nullable(Type.String()) })),
  }),
});
export type MasterDataHome = Static<typeof MasterDataHome>;

export const AdminHome = Type.Object({
  activeUsers: HomeCount,
  activeSessions: HomeCount,
  failedSignInsToday: HomeCount,
});
export type AdminHome = Static<typeof AdminHome>;

/** How many days ahead the master-data section looks for days without vehicle slots. */
export const HOME_SLOT_HORIZON_DAYS = 14;

export const homeApi = {
  planner: operation({
    method: 'GET',
    url: '/home/planner',
    schema: { querystring: BranchQuery, response: { 200: PlannerHome } },
  }),
  masterData: operation({
    method: 'GET',
    url: '/home/masterData',
    schema: { querystring: BranchQuery, response: { 200: MasterDataHome } },
  }),
  admin: operation({ method: 'GET', url: '/home/admin', schema: { response: { 200: AdminHome } } }),
};
