import { addDays } from '@lms/booking';
import {
  type AdminHome,
  canAccessPage,
  checkerMayNotApprove,
  dueBuckets,
  type EntityName,
  entityByName,
  FREIGHT_LIST_MAX_ROWS,
  featureRoles,
  freightStatementsInStateHref,
  freightStatesWaitingFor,
  HOME_SLOT_HORIZON_DAYS,
  type HomeCount,
  type ManagerHome,
  type ManagerMonth,
  type MasterDataHome,
  monthPeriod,
  type Period,
  type PlannerHome,
  performanceMonthHref,
  previousPeriod,
  validateListQuery,
} from '@lms/domain';
import { sql } from 'kysely';
import { calendarCells } from '../booking/calendar.ts';
import { cappedCount } from '../crud/cappedCount.ts';
import { whereClause } from '../crud/where.ts';
import type { Database } from '../db/database.ts';
import { tableOf } from '../entities/naming.ts';
import { branchPerformance } from '../performance/routes.ts';

type Params = Readonly<Record<string, string | readonly string[]>>;

/** `/path?params` of a list, as its page reads them (entity filters, api.md). */
function listHref(path: string, params: Params): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    for (const item of [value].flat()) search.append(key, item);
  return `${path}?${search}`;
}

/**
 * A count of an entity's list under these filters, with the link that opens that list: the count
 * runs the list's own WHERE clause (crud/where.ts) on the same parameters and stops where the
 * list's total stops (crud/cappedCount.ts), so the number and the list it opens cannot disagree.
 * Capped, a count reads at most 10,001 index entries: at ten times the data a branch's 278,000
 * unbooked DOs, counted exactly, were the planner's home's whole cost (docs/operations.md).
 */
async function listCount(
  db: Database,
  entityName: EntityName,
  params: Params,
  branchId: string | undefined,
): Promise<HomeCount> {
  const entity = entityByName(entityName);
  const query = validateListQuery(entity, { ...params, ...(branchId ? { branchId } : {}) });
  if (!query.ok) throw new Error(`home count ${entityName}: ${query.messages.join('; ')}`);
  const { count, isLowerBound } = await cappedCount(
    db,
    sql`${sql.table(tableOf(entity))} t`,
    whereClause(entity, query.value, branchId),
  );
  return { count, countIsLowerBound: isLowerBound, href: listHref(entity.path, params) };
}

/** Midnight to midnight of a Bangkok day, as the datetime filters take it. */
const dayRange = (day: string) => ({ from: `${day}T00:00:00+07:00`, to: `${day}T23:59:59.999+07:00` });

/** Today's and tomorrow's capacity, unbooked DOs by delivery date, bookings to call, cancelled today, DOs back from a failed delivery. */
export async function plannerHome(db: Database, branchId: string, today: string): Promise<PlannerHome> {
  const tomorrow = addDays(today, 1);
  const unbooked = { isBookingEq: 'false' };
  const dueRange: Record<(typeof dueBuckets)[number], Params> = {
    overdue: { deliveryAtTo: addDays(today, -1) },
    today: { deliveryAtFrom: today, deliveryAtTo: today },
    tomorrow: { deliveryAtFrom: tomorrow, deliveryAtTo: tomorrow },
    week: { deliveryAtFrom: addDays(today, 2), deliveryAtTo: addDays(today, 7) },
    later: { deliveryAtFrom: addDays(today, 8) },
  };
  const canceled = dayRange(today);
  const [capacity, total, buckets, notCalled, unreachable, canceledToday, returned] = await Promise.all([
    calendarCells(db, { branchId, from: today, to: tomorrow }),
    listCount(db, 'deliveryOrder', unbooked, branchId),
    Promise.all(
      dueBuckets.map(async (bucket) => ({
        bucket,
        ...(await listCount(db, 'deliveryOrder', { ...unbooked, ...dueRange[bucket] }, branchId)),
      })),
    ),
    listCount(db, 'bookingReport', { statusEq: 'CONFIRMED', callStatusEq: 'NOT_CALLED' }, branchId),
    listCount(db, 'bookingReport', { statusEq: 'CONFIRMED', callStatusEq: 'UNREACHABLE' }, branchId),
    listCount(
      db,
      'bookingReport',
      { statusEq: 'CANCELED', canceledAtFrom: canceled.from, canceledAtTo: canceled.to },
      branchId,
    ),
    listCount(db, 'deliveryOrder', { returned: 'true' }, branchId),
  ]);
  return {
    today,
    tomorrow,
    capacity,
    unbooked: { total, buckets },
    notCalled,
    unreachable,
    canceledToday,
    returned,
  };
}

/** At most this many ids go into a link (vehicle types are tens, not thousands). */
const MAX_LINK_IDS = 100;

/** What blocks booking in this branch: ship-tos without coordinates, vehicle types without settings, days without slots. */
export async function masterDataHome(db: Database, branchId: string, today: string): Promise<MasterDataHome> {
  const last = addDays(today, HOME_SLOT_HORIZON_DAYS - 1);
  const [shipTos, types, days] = await Promise.all([
    // A ship-to without coordinates falls back to its sub-district's; the count names what to fix.
    listCount(db, 'shipTo', { latEmpty: 'true' }, undefined),
    // Vehicle types the branch offers (a slot with a vehicle from today on) whose ship cond has no
    // speed and times in the branch's vehicleTypeSettings: the engine refuses them (rule 3, noSetting).
    db
      .selectFrom('vehicle_type as vt')
      .select('vt.id')
      .where('vt.not_valid_for_planning', 'is not', true)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('vehicle_date_slot as s')
            .select('s.id')
            .where('s.branch_id', '=', branchId)
            .where('s.shift_date', '>=', today)
            .where('s.total', '>', 0)
            .whereRef('s.vehicle_type_id', '=', 'vt.id')
            .where((slot) =>
              slot.not(
                slot.exists(
                  slot
                    .selectFrom('branch__vehicle_type_settings as x')
                    .select('x.id')
                    .where('x.parent_id', '=', branchId)
                    .whereRef('x.vehicle_type_id', '=', 's.vehicle_type_id')
                    .whereRef('x.ship_cond_id', '=', 's.ship_cond_id'),
                ),
              ),
            ),
        ),
      )
      .orderBy('vt.code')
      .execute(),
    // Days of the horizon on which no slot of the branch offers a vehicle (an index range per day).
    db
      .selectFrom(sql<{ d: Date }>`generate_series(${today}::date, ${last}::date, interval '1 day')`.as('d'))
      .select((eb) => eb.cast<string>(eb.cast('d.d', 'date'), 'text').as('date'))
      .where(({ cast, exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('vehicle_date_slot as s')
              .select('s.id')
              .where('s.branch_id', '=', branchId)
              .where('s.shift_date', '=', cast<string>('d.d', 'date'))
              .where('s.total', '>', 0),
          ),
        ),
      )
      .orderBy('d.d')
      .execute(),
  ]);
  const typeIds = types.map((row) => row.id);
  const dayHref = (from: string, to: string) =>
    listHref(entityByName('vehicleDateSlot').path, { shiftDateFrom: from, shiftDateTo: to });
  return {
    shipTosWithoutCoordinates: shipTos,
    vehicleTypesWithoutSettings: {
      count: typeIds.length,
      countIsLowerBound: false,
      href:
        typeIds.length && typeIds.length <= MAX_LINK_IDS
          ? listHref(entityByName('vehicleType').path, { ids: typeIds })
          : null,
    },
    daysWithoutSlots: {
      count: days.length,
      countIsLowerBound: false,
      href: dayHref(today, last),
      days: days.map(({ date }) => ({ date, href: dayHref(date, date) })),
    },
  };
}

/** Active users, open sessions, failed sign-ins since midnight in Bangkok. */
export async function adminHome(db: Database, today: string): Promise<AdminHome> {
  const [users, sessions, failures] = await Promise.all([
    listCount(db, 'appUser', { activeEq: 'true' }, undefined),
    db
      .selectFrom('user_session')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('revoked_at', 'is', null)
      .where((eb) => eb('absolute_expires_at', '>', eb.fn<Date>('now')))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('sign_in_failure')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('at', '>=', new Date(dayRange(today).from))
      .executeTakeFirstOrThrow(),
  ]);
  // Sessions and failed sign-ins have no list page: their numbers link nowhere.
  return {
    activeUsers: users,
    activeSessions: { count: sessions.n, countIsLowerBound: false, href: null },
    failedSignInsToday: { count: failures.n, countIsLowerBound: false, href: null },
  };
}

/**
 * The branch manager's month: this month so far and last month as the performance screen shows
 * each (`branchPerformance`, the screen's own function on the daily roll-ups: each month's figures
 * are what its link opens), then the freight statements waiting in each state the user's roles move
 * forward, counted as the statement list counts (same branch and state, up to the list's rows).
 */
export async function managerHome(
  db: Database,
  branchId: string,
  today: string,
  user: {
    readonly userId: string;
    readonly roles: readonly string[];
    /** A contractor's own account moves no statement, whatever its roles (docs/freight.md). */
    readonly isContractor: boolean;
  },
): Promise<ManagerHome> {
  const thisMonth = monthPeriod(today.slice(0, 7));
  const month = async (period: Period): Promise<ManagerMonth> => {
    const answer = await branchPerformance(db, branchId, period, today);
    const yearMonth = period.from.slice(0, 7);
    return {
      month: yearMonth,
      period,
      href: performanceMonthHref(yearMonth),
      figures: answer.current,
      truckUse: answer.truckUse.byVehicleType,
    };
  };
  // One after the other: each refreshes the stale days of its month and the one before, in order.
  const performance = canAccessPage(user.roles, featureRoles.deliveryPerformance.read)
    ? { thisMonth: await month(thisMonth), lastMonth: await month(previousPeriod(thisMonth)) }
    : null;
  const states = user.isContractor ? [] : freightStatesWaitingFor(user.roles);
  const statements = await Promise.all(
    states.map(async (state) => {
      const { count, isLowerBound } = await cappedCount(
        db,
        sql`freight_statement t`,
        sql`where t.branch_id = ${branchId} and t.state = ${state}`,
        FREIGHT_LIST_MAX_ROWS,
      );
      // The user's own checks are counted exactly: at most the list's rows, as the count above.
      const checkedByYou =
        state === 'CHECKED' && checkerMayNotApprove(user.roles)
          ? (
              await cappedCount(
                db,
                sql`freight_statement t`,
                sql`where t.branch_id = ${branchId} and t.state = ${state} and t.checked_by = ${user.userId}`,
                FREIGHT_LIST_MAX_ROWS,
              )
            ).count
          : 0;
      return {
        state,
        count,
        countIsLowerBound: isLowerBound,
        href: freightStatementsInStateHref(state),
        checkedByYou,
      };
    }),
  );
  return { today, performance, statements };
}
