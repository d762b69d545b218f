import {
  type AdminHome,
  type Answer,
  type DispatcherHome,
  dispatcherHomeApi,
  healthApi,
  homeApi,
  LIMITS,
  type ManagerHome,
  type ManagerMonth,
  type MasterDataHome,
  managerHomeApi,
  monthPeriod,
  type PlannerHome,
  planningSlotPath,
} from '@lms/domain';
import { delay, type HttpHandler } from 'msw';
import { calendarCells } from '../booking/calendarMocks.ts';
import { mock, refusal } from '../mocks/mock.ts';
import { emptyPerformanceAnswer, performanceAnswer } from '../performance/performanceMocks.ts';

/** The home's answers for stories: a Monday (6 Jan 2025) of a busy branch, or nothing to do. */

/** A number as the server answers it: past the lists' count limit, the limit and "more than". */
const count = (n: number, href: string | null) =>
  n > LIMITS.listExactCountLimit
    ? { count: LIMITS.listExactCountLimit, countIsLowerBound: true, href }
    : { count: n, countIsLowerBound: false, href };
const dos = (query: string) => `/deliveryOrder?isBookingEq=false${query}`;

/**
 * `busy`: a branch at ten times the data (docs/operations.md "Sizes and figures"), 278,000 unbooked
 * DOs, nearly all overdue: the big numbers past the count limit.
 */
export function plannerHome(
  options: { empty?: boolean; busy?: boolean; notCalled?: number; returned?: number } = {},
): PlannerHome {
  const n = (value: number, busy = value) => (options.empty ? 0 : options.busy ? busy : value);
  return {
    today: '2025-01-06',
    tomorrow: '2025-01-07',
    capacity: options.empty ? [] : calendarCells('mixed', 0, { from: '2025-01-06', to: '2025-01-07' }),
    unbooked: {
      total: count(n(1284, 278_114), dos('')),
      buckets: [
        { bucket: 'overdue', ...count(n(12, 270_415), dos('&deliveryAtTo=2025-01-05')) },
        { bucket: 'today', ...count(n(37), dos('&deliveryAtFrom=2025-01-06&deliveryAtTo=2025-01-06')) },
        { bucket: 'tomorrow', ...count(n(58), dos('&deliveryAtFrom=2025-01-07&deliveryAtTo=2025-01-07')) },
        {
          bucket: 'week',
          ...count(n(240, 5_214), dos('&deliveryAtFrom=2025-01-08&deliveryAtTo=2025-01-13')),
        },
        { bucket: 'later', ...count(n(930, 2_390), dos('&deliveryAtFrom=2025-01-14')) },
      ],
    },
    notCalled: count(options.notCalled ?? n(9), '/bookingReport?statusEq=CONFIRMED&callStatusEq=NOT_CALLED'),
    unreachable: count(n(2), '/bookingReport?statusEq=CONFIRMED&callStatusEq=UNREACHABLE'),
    canceledToday: count(
      n(1),
      '/bookingReport?statusEq=CANCELED&canceledAtFrom=2025-01-06T00%3A00%3A00%2B07%3A00&canceledAtTo=2025-01-06T23%3A59%3A59.999%2B07%3A00',
    ),
    returned: count(options.returned ?? n(2), '/deliveryOrder?returned=true'),
  };
}

const slotDays = ['2025-01-11', '2025-01-12', '2025-01-18', '2025-01-19'];

export function masterDataHome(options: { empty?: boolean } = {}): MasterDataHome {
  const days = options.empty ? [] : slotDays;
  return {
    shipTosWithoutCoordinates: count(options.empty ? 0 : 17, '/shipTo?latEmpty=true'),
    vehicleTypesWithoutSettings: options.empty
      ? count(0, null)
      : count(1, '/vehicleType?ids=00000000-0000-4000-8000-000000000001'),
    daysWithoutSlots: {
      ...count(days.length, '/vehicleDateSlot?shiftDateFrom=2025-01-06&shiftDateTo=2025-01-19'),
      days: days.map((date) => ({
        date,
        href: `/vehicleDateSlot?shiftDateFrom=${date}&shiftDateTo=${date}`,
      })),
    },
  };
}

export function adminHome(options: { empty?: boolean } = {}): AdminHome {
  return {
    activeUsers: count(options.empty ? 1 : 86, '/appUser?activeEq=true'),
    activeSessions: count(options.empty ? 1 : 41, null),
    failedSignInsToday: count(options.empty ? 0 : 3, null),
  };
}

/**
 * The manager's January 2025 so far beside December 2024 (the performance stories' October and
 * September figures), and statements waiting: `empty` is a new branch, no trip in either month;
 * `monthBegun` the first of January, nothing of it counted yet.
 */
export function managerHome(
  options: { empty?: boolean; vehicleTypeLabel?: string; monthBegun?: boolean } = {},
): ManagerHome {
  const answer = options.empty ? emptyPerformanceAnswer() : performanceAnswer();
  const month = (
    yearMonth: string,
    figures: ManagerMonth['figures'],
    truckUse: ManagerMonth['truckUse'],
  ) => ({
    month: yearMonth,
    period: monthPeriod(yearMonth),
    href: `/performance?month=${yearMonth}`,
    figures,
    truckUse,
  });
  const rename = (rows: ManagerMonth['truckUse']) =>
    options.vehicleTypeLabel ? rows.map((row) => ({ ...row, label: options.vehicleTypeLabel! })) : rows;
  const sixWheel = rename(answer.truckUse.byVehicleType);
  // Last month the six-wheelers ran lighter: another band of the same type's thresholds.
  const lighter = sixWheel.map((row) => ({
    ...row,
    weight: row.weight / 2,
    weightPercent: row.weightPercent / 2,
    volume: row.volume / 2,
    volumePercent: row.volumePercent / 2,
    status: 'NORMAL' as const,
    statusLabel: 'ปกติ',
    colour: 'blue',
  }));
  return {
    today: '2025-01-06',
    performance: {
      // `monthBegun`: the first of January, nothing of it counted yet.
      thisMonth: options.monthBegun
        ? month('2025-01', emptyPerformanceAnswer().current, [])
        : month('2025-01', answer.current, sixWheel),
      lastMonth: month('2024-12', answer.previous, lighter),
    },
    statements: [
      { state: 'DRAFT', ...count(options.empty ? 0 : 2, '/freightStatement?state=DRAFT'), checkedByYou: 0 },
      // Of the three checked, the manager checked one: someone else approves it.
      {
        state: 'CHECKED',
        ...count(options.empty ? 0 : 3, '/freightStatement?state=CHECKED'),
        checkedByYou: options.empty ? 0 : 1,
      },
    ],
  };
}

/** The branch's two shifts, as the planning screen's shifts answer them. */
export const homeShifts = [
  { id: '5b1c0f8e-1d3a-4c6e-9f00-00000000a001', name: 'กะเช้า', startTime: '08:00', endTime: '12:00' },
  { id: '5b1c0f8e-1d3a-4c6e-9f00-00000000a002', name: 'กะบ่าย', startTime: '13:00', endTime: '17:00' },
];

/**
 * The dispatcher's day: this morning planned, confirmed and on the road (one stop failed, one late),
 * this afternoon booked and not planned yet, two bookings in after the morning's plan; tomorrow's
 * morning booked. `shiftName` renames every shift (long Thai text).
 */
export function dispatcherHome(options: { empty?: boolean; shiftName?: string } = {}): DispatcherHome {
  const board = (n: number) => ({
    count: options.empty ? 0 : n,
    countIsLowerBound: false,
    href: '/deliveryBoard',
  });
  const figures: Record<string, [bookings: number, waiting: number, trips: number, confirmed: boolean]> = {
    '2025-01-06|0': [14, 2, 3, true],
    '2025-01-06|1': [9, 9, 0, false],
    '2025-01-07|0': [6, 6, 0, false],
  };
  return {
    today: '2025-01-06',
    tomorrow: '2025-01-07',
    slots: ['2025-01-06', '2025-01-07'].flatMap((date) =>
      homeShifts.map((shift, i) => {
        const [bookings, waiting, trips, confirmed] = options.empty
          ? [0, 0, 0, false]
          : (figures[`${date}|${i}`] ?? [0, 0, 0, false]);
        return {
          date,
          shiftOfDayId: shift.id,
          shiftName: options.shiftName ?? shift.name,
          shiftStart: shift.startTime,
          shiftEnd: shift.endTime,
          bookings,
          waiting,
          trips,
          confirmed,
          href: planningSlotPath(date, shift.id),
        };
      }),
    ),
    trips: { PLANNED: board(1), RUNNING: board(2), DONE: board(0) },
    lateStops: board(1),
    failedStops: board(1),
  };
}

const healthy: Answer<typeof healthApi.health> = {
  status: 'ok',
  database: { version: 'PostgreSQL 18.4', migration: '0018_home' },
};

/** `busy`: the planner's numbers of a branch at ten times the data, some past the count limit. */
export type HomeMock = 'ok' | 'busy' | 'empty' | 'loading' | 'error';

/** Every home call answered the same way (the first fails with 'error'); `calls` counts the planner's (live refreshes). */
export function homeHandlers(mode: HomeMock, calls = { planner: 0 }): HttpHandler[] {
  // 'error': each section's first call fails, so that its retry shows it recovering.
  const failed = new Set<string>();
  const answer = async <T>(body: () => T, section = 'planner') => {
    if (mode === 'loading') await delay('infinite');
    if (mode === 'error' && !failed.has(section) && failed.add(section))
      return refusal(500, 'เกิดข้อผิดพลาดในระบบ กรุณาลองใหม่อีกครั้ง');
    return body();
  };
  const empty = mode === 'empty';
  return [
    mock(homeApi.planner, () => {
      calls.planner += 1;
      // A live refresh: the second answer has one call fewer to make.
      return answer(() =>
        plannerHome({
          empty,
          busy: mode === 'busy',
          ...(calls.planner > 1 && !empty ? { notCalled: 8 } : {}),
        }),
      );
    }),
    mock(managerHomeApi.manager, () => answer(() => managerHome({ empty }), 'manager')),
    mock(dispatcherHomeApi.dispatcher, () => answer(() => dispatcherHome({ empty }), 'dispatcher')),
    mock(homeApi.masterData, () => answer(() => masterDataHome({ empty }), 'masterData')),
    mock(homeApi.admin, () => answer(() => adminHome({ empty }), 'admin')),
    mock(healthApi.health, () => healthy),
  ];
}
