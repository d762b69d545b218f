import {
  addTallies,
  BRANCHES_RECORDS_EXCEL_MAX_ROWS,
  type BranchBooking,
  type BranchesAnswer,
  type BranchesBookings,
  type BranchesStops,
  type BranchesTrips,
  type BranchFigures,
  type BranchStop,
  performanceApi as contract,
  deliveryFigures,
  emptyTally,
  figuresOf,
  type PerformanceAnswer,
  type PerformanceRows,
  type PerformanceTally,
  previousPeriod,
  recordsWorkbookTooLong,
  type StopRow,
  type TruckHoursRow,
  type TruckUseRow,
  tallyOf,
  truckUseTotal,
} from '@lms/domain';
import type { HttpHandler } from 'msw';
import { fieldRefusal, mock, neverAnswered, refusal } from '../mocks/mock.ts';

/**
 * The performance screen's answers for stories (docs/performance-figures.md): October 2026 of one
 * branch, its figures computed by the domain's `deliveryFigures` from the rows below (the same
 * rows as apps/server/test/performance.test.ts's October), so a story shows what the server would.
 */

const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`).toISOString();
const stop = (
  id: string,
  trip: string,
  day: string,
  status: StopRow['status'],
  extra: Partial<StopRow>,
): StopRow => ({
  stopId: id,
  shipmentId: trip,
  status,
  windowFrom: at(day, '09:00'),
  windowTo: at(day, '11:00'),
  outcomeAt: null,
  arrivedAt: null,
  leftAt: null,
  reason: null,
  orders: [],
  ...extra,
});
const order = (id: string, qty: number, delivered: number | null, attempt = 1) => ({
  deliveryOrderId: id,
  qty,
  delivered,
  attempt,
});

const octoberRows: PerformanceRows = {
  stops: [
    stop('A1', 'A', '2026-10-05', 'DELIVERED', {
      outcomeAt: at('2026-10-05', '10:00'),
      arrivedAt: at('2026-10-05', '09:50'),
      leftAt: at('2026-10-05', '10:10'),
      orders: [order('DO1', 10, 10)],
    }),
    stop('A2', 'A', '2026-10-05', 'PARTIAL', {
      outcomeAt: at('2026-10-05', '12:00'),
      arrivedAt: at('2026-10-05', '11:50'),
      leftAt: at('2026-10-05', '12:20'),
      orders: [order('DO2', 4, 4), order('DO3', 6, 3)],
    }),
    stop('B1', 'B', '2026-10-12', 'FAILED', {
      outcomeAt: at('2026-10-12', '10:00'),
      reason: 'CUSTOMER_ABSENT',
      orders: [order('DO4', 2, 0)],
    }),
    stop('B2', 'B', '2026-10-12', 'DELIVERED', {
      outcomeAt: at('2026-10-12', '10:30'),
      orders: [order('DO5', 1, 1, 2)],
    }),
  ],
  trips: [
    {
      shipmentId: 'A',
      startedAt: at('2026-10-05', '08:00'),
      endedAt: at('2026-10-05', '13:00'),
      distanceKm: 40,
    },
    { shipmentId: 'B', startedAt: at('2026-10-12', '08:00'), endedAt: null, distanceKm: 25 },
  ],
  bookings: [
    {
      bookingId: 'B1',
      orderDates: ['2026-10-01'],
      confirmedOn: '2026-10-02',
      deliveryDate: '2026-10-05',
      callStatus: 'CALLED',
    },
    {
      bookingId: 'B2',
      orderDates: ['2026-10-01', '2026-09-30'],
      confirmedOn: '2026-10-03',
      deliveryDate: '2026-10-05',
      callStatus: 'CONFIRMED_BY_CUSTOMER',
    },
  ],
};
const october = deliveryFigures(octoberRows);

const septemberRows: PerformanceRows = {
  stops: [
    stop('C1', 'C', '2026-09-15', 'DELIVERED', {
      outcomeAt: at('2026-09-15', '11:01'),
      orders: [order('DO7', 5, 5)],
    }),
  ],
  trips: [],
  bookings: [],
};
const september = deliveryFigures(septemberRows);

const truck = (
  id: string,
  label: string,
  weight: number,
  capacityWeight: number,
  status: TruckUseRow['status'],
  statusLabel: string,
): TruckUseRow => ({
  id,
  label,
  trips: 1,
  weight,
  capacityWeight,
  volume: 20,
  capacityVolume: 22,
  weightPercent: Math.round((weight / capacityWeight) * 10000) / 100,
  volumePercent: 90.91,
  status,
  statusLabel,
  colour: 'orange',
  overloadedTrips: 0,
});

const SIX = '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d01';
const octoberDays = Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);

/**
 * Two 6-wheel trucks' October: 70-1001 empty on the Sundays, full on the 5th and 12th; 70-2002
 * (no trip all month) empty every day. The counts are what `truckDaysOf` gives such days.
 */
export const octoberTruckDays: PerformanceAnswer['truckDays'] = {
  until: '2026-10-31',
  byVehicleType: [{ id: SIX, label: '6W: รถ 6 ล้อ', trucks: 2, truckDays: 62, emptyDays: 35, fullDays: 2 }],
  byTruck: [
    {
      id: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d02',
      label: '70-1001',
      vehicleTypeId: SIX,
      vehicleTypeLabel: '6W: รถ 6 ล้อ',
      tripDays: 27,
      emptyDays: ['2026-10-04', '2026-10-11', '2026-10-18', '2026-10-25'],
      fullDays: ['2026-10-05', '2026-10-12'],
    },
    {
      id: '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d03',
      label: '70-2002',
      vehicleTypeId: SIX,
      vehicleTypeLabel: '6W: รถ 6 ล้อ',
      tripDays: 0,
      emptyDays: octoberDays,
      fullDays: [],
    },
  ],
};

const hours = (
  id: string,
  label: string,
  trips: number,
  used: number,
  available: number,
  status: 'AVAILABLE' | 'NORMAL',
): TruckHoursRow => ({
  id,
  label,
  trips,
  hours: used,
  availableHours: available,
  percent: Math.round((used / available) * 10000) / 100,
  status,
  statusLabel: status === 'NORMAL' ? 'ปกติ' : 'ว่าง',
  colour: status === 'NORMAL' ? 'blue' : 'green',
});

/** October's hours: 70-1001 148.5 h of 31 morning shifts (8 h), 70-2002 none; the type both. */
export const octoberTruckHours: PerformanceAnswer['truckHours'] = {
  until: '2026-10-31',
  byVehicleType: [hours(SIX, '6W: รถ 6 ล้อ', 27, 148.5, 496, 'AVAILABLE')],
  byTruck: [
    hours('7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d02', '70-1001', 27, 148.5, 248, 'NORMAL'),
    hours('7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d03', '70-2002', 0, 0, 248, 'AVAILABLE'),
  ],
};

export function performanceAnswer(): PerformanceAnswer {
  const period = { from: '2026-10-01', to: '2026-10-31' };
  return {
    period,
    previousPeriod: previousPeriod(period),
    current: october,
    previous: september,
    truckUse: {
      byVehicleType: [truck(SIX, '6W: รถ 6 ล้อ', 5000, 5500, 'NEARLY_FULL', 'ใกล้เต็ม')],
      byTruck: [
        truck('7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d02', '70-1001', 5000, 5500, 'NEARLY_FULL', 'ใกล้เต็ม'),
      ],
    },
    truckDays: octoberTruckDays,
    truckHours: octoberTruckHours,
  };
}

/** A period with nothing delivered: every ratio null, no table rows. */
export function emptyPerformanceAnswer(): PerformanceAnswer {
  const nothing = deliveryFigures({ stops: [], trips: [], bookings: [] });
  const period = { from: '2026-10-01', to: '2026-10-31' };
  return {
    period,
    previousPeriod: previousPeriod(period),
    current: nothing,
    previous: nothing,
    truckUse: { byVehicleType: [], byTruck: [] },
    // October is over: every day counted, as the server answers a past month.
    truckDays: { until: period.to, byVehicleType: [], byTruck: [] },
    truckHours: { until: period.to, byVehicleType: [], byTruck: [] },
  };
}

/** The queries the screen asked with (a story checks the period and branch it sent). */
export const performanceCalls: { path: string; query: Record<string, unknown> }[] = [];

export function performanceHandlers(
  answer: PerformanceAnswer | 'loading' | 'error' = performanceAnswer(),
): HttpHandler[] {
  performanceCalls.length = 0;
  return [
    mock(contract.branch, ({ query }) => {
      performanceCalls.push({ path: 'branch', query });
      if (answer === 'loading') return neverAnswered();
      if (answer === 'error') return refusal(500, 'ระบบขัดข้อง กรุณาลองใหม่');
      return answer;
    }),
    mock(contract.excel, ({ query }) => {
      performanceCalls.push({ path: 'excel', query });
      return new Response(new Blob(['PK'], { type: 'application/octet-stream' }), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="performance-2026-10-01-2026-10-31.xlsx"',
        },
      });
    }),
  ];
}

/** Chiang Mai's October in the branches' stories: three stops, all on time and whole; September nothing. */
const chiangMaiRows: PerformanceRows = {
  stops: ['D1', 'D2', 'D3'].map((id) =>
    stop(id, 'D', '2026-10-07', 'DELIVERED', {
      outcomeAt: at('2026-10-07', '09:30'),
      orders: [order(`DO-${id}`, 2, 2)],
    }),
  ),
  trips: [
    {
      shipmentId: 'D',
      startedAt: at('2026-10-07', '08:00'),
      endedAt: at('2026-10-07', '12:00'),
      distanceKm: 30,
    },
  ],
  bookings: [],
};

export const STORY_BRANCHES = [
  { id: 'b0000000-0000-4000-8000-000000000001', code: 'BKK', name: 'กรุงเทพ' },
  { id: 'b0000000-0000-4000-8000-000000000002', code: 'CNX', name: 'เชียงใหม่' },
] as const;

const FOUR = '7d1c0a52-5c2f-4b8e-9d0e-1f2a3b4c6d04';

/**
 * The company's October days per vehicle type, by hand as `addTruckDays` adds them: Bangkok's 6W
 * (2 trucks, 62 truck-days, 35 empty, 2 full) and Chiang Mai's own 6W (1 truck, 31, 20 empty, 1
 * full) → 3 trucks, 93, 55, 3; Chiang Mai's 4W alone (1 truck, 31, 30 empty, 0 full).
 */
export const companyTruckDays: PerformanceAnswer['truckDays'] = {
  until: '2026-10-31',
  byVehicleType: [
    { id: FOUR, label: '4W: รถ 4 ล้อ', trucks: 1, truckDays: 31, emptyDays: 30, fullDays: 0 },
    { id: SIX, label: '6W: รถ 6 ล้อ', trucks: 3, truckDays: 93, emptyDays: 55, fullDays: 3 },
  ],
  byTruck: [],
};

/**
 * The company's October hours per vehicle type, as `addTruckHours` adds them: 6W Bangkok 27 trips,
 * 148.5 h of 496 h and Chiang Mai 10 trips, 60 h of 248 h → 37 trips, 208.5 h of 744 h = 28.02 %
 * (AVAILABLE); 4W Chiang Mai's one trip of 3 h, no shift opened to it (nothing to judge).
 */
export const companyTruckHours: PerformanceAnswer['truckHours'] = {
  until: '2026-10-31',
  byVehicleType: [
    {
      id: FOUR,
      label: '4W: รถ 4 ล้อ',
      trips: 1,
      hours: 3,
      availableHours: 0,
      percent: null,
      status: null,
      statusLabel: 'ไม่มีกะที่เปิด',
      colour: '',
    },
    hours(SIX, '6W: รถ 6 ล้อ', 37, 208.5, 744, 'AVAILABLE'),
  ],
  byTruck: [],
};

/**
 * Two branches' October as `GET /performance/branches` answers it: Bangkok (the rows above) and
 * Chiang Mai, the company their tallies added up, as the server does. Bangkok OTIF 2/4, Chiang Mai
 * 3/3, company 5/7 = 71.4 % (the mean of the two percents would be 75 %). `labels` renames branches.
 */
export function branchesAnswer(labels: readonly string[] = []): BranchesAnswer {
  const bangkok = performanceAnswer();
  const current: PerformanceTally[] = [tallyOf(octoberRows), tallyOf(chiangMaiRows)];
  const previous: PerformanceTally[] = [tallyOf(septemberRows), emptyTally];
  const branches: BranchFigures[] = STORY_BRANCHES.map((branch, i) => ({
    branchId: branch.id,
    label: labels[i] ?? `${branch.code}: ${branch.name}`,
    current: figuresOf(current[i]!),
    previous: figuresOf(previous[i]!),
    truckUse: truckUseTotal(i === 0 ? bangkok.truckUse.byVehicleType : []),
  }));
  return {
    company: {
      ...bangkok,
      current: figuresOf(current.reduce(addTallies, emptyTally)),
      previous: figuresOf(previous.reduce(addTallies, emptyTally)),
      truckUse: { byVehicleType: bangkok.truckUse.byVehicleType, byTruck: [] },
      truckDays: companyTruckDays,
      truckHours: companyTruckHours,
    },
    branches,
  };
}

/** No branch to add up (a user whose branches were all taken away). */
export const noBranchesAnswer = (): BranchesAnswer => ({ company: emptyPerformanceAnswer(), branches: [] });

/**
 * The seven settled stops behind the two branches' October (Bangkok's four as October above,
 * Chiang Mai's three), as `GET /performance/branches/stops` answers them; `shipTo` renames the first.
 */
export function branchesStopsAnswer(shipTo?: string): BranchesStops {
  const [bkk, cnx] = STORY_BRANCHES.map((b) => ({ branchId: b.id, branchLabel: `${b.code}: ${b.name}` }));
  const row = (
    n: number,
    branch: typeof bkk,
    shiftDate: string,
    shipToName: string,
    status: BranchStop['status'],
    onTime: boolean,
    reason: BranchStop['reason'] = null,
  ): BranchStop => ({
    id: `5e000000-0000-4000-8000-00000000000${n}`,
    ...branch!,
    shiftDate,
    shipToName,
    status,
    reason,
    onTime,
    inFull: status === 'DELIVERED',
  });
  const rows = [
    row(1, cnx, '2026-10-07', shipTo ?? 'ร้านเชียงใหม่ค้าส่ง', 'DELIVERED', true),
    row(2, cnx, '2026-10-07', 'ร้านสันทราย', 'DELIVERED', true),
    row(3, cnx, '2026-10-07', 'ร้านแม่ริม', 'DELIVERED', true),
    row(4, bkk, '2026-10-12', 'ร้านบางนา', 'FAILED', false, 'CUSTOMER_ABSENT'),
    row(5, bkk, '2026-10-12', 'ร้านลาดพร้าว', 'DELIVERED', true),
    row(6, bkk, '2026-10-05', 'ร้านสุขุมวิท', 'DELIVERED', true),
    row(7, bkk, '2026-10-05', 'ร้านสีลม', 'PARTIAL', false),
  ];
  return { total: rows.length, page: 1, pageSize: 50, rows };
}

/**
 * The three trips behind the two branches' km and minutes per drop (Bangkok's A and B as October
 * above, Chiang Mai's D), as `GET /performance/branches/trips` answers them; `truck` renames the first.
 */
export function branchesTripsAnswer(truck?: string): BranchesTrips {
  const [bkk, cnx] = STORY_BRANCHES.map((b) => ({ branchId: b.id, branchLabel: `${b.code}: ${b.name}` }));
  const rows = [
    {
      id: '5e100000-0000-4000-8000-000000000004',
      ...bkk!,
      shiftDate: '2026-10-12',
      vehicleLabel: truck ?? '71-0001',
      drops: 1,
      distanceKm: 25,
      minutes: null,
    },
    {
      id: '5e100000-0000-4000-8000-000000000003',
      ...cnx!,
      shiftDate: '2026-10-07',
      vehicleLabel: '81-0001',
      drops: 3,
      distanceKm: 30,
      minutes: 240,
    },
    {
      id: '5e100000-0000-4000-8000-000000000001',
      ...bkk!,
      shiftDate: '2026-10-05',
      vehicleLabel: '71-0002',
      drops: 2,
      distanceKm: 40,
      minutes: 300,
    },
  ];
  return { total: rows.length, page: 1, pageSize: 50, rows };
}

/** Bangkok's two bookings of October above (one called, one confirmed by its link), as `…/bookings` answers them. */
export function branchesBookingsAnswer(shipTo?: string): BranchesBookings {
  const [bkk] = STORY_BRANCHES.map((b) => ({ branchId: b.id, branchLabel: `${b.code}: ${b.name}` }));
  const row = (
    n: number,
    shipToName: string,
    confirmedOn: string,
    callStatus: BranchBooking['callStatus'],
  ) => ({
    id: `5e200000-0000-4000-8000-00000000000${n}`,
    bookingId: `5e300000-0000-4000-8000-00000000000${n}`,
    ...bkk!,
    shipToName,
    docDate: confirmedOn,
    orderDates: ['2026-10-01', '2026-09-30'],
    confirmedOn,
    deliveryDate: '2026-10-05',
    callStatus,
  });
  const rows = [
    row(1, shipTo ?? 'ร้านสุขุมวิท', '2026-10-02', 'CALLED'),
    row(2, 'ร้านสีลม', '2026-10-03', 'CONFIRMED_BY_CUSTOMER'),
  ];
  return { total: rows.length, page: 1, pageSize: 50, rows };
}

type Answered<T> = T | 'loading' | 'error';
const answered = <T>(answer: Answered<T>) => {
  if (answer === 'loading') return neverAnswered();
  if (answer === 'error') return refusal(500, 'ระบบขัดข้อง กรุณาลองใหม่');
  return answer;
};

/**
 * The across-branches calls, recorded in `performanceCalls` as 'branches', 'branchesStops',
 * 'branchesTrips', 'branchesBookings' and 'branchesExcel'.
 */
export function branchesHandlers(
  answer: BranchesAnswer | 'loading' | 'error' = branchesAnswer(),
  stops: Answered<BranchesStops> = branchesStopsAnswer(),
  records: {
    trips?: Answered<BranchesTrips>;
    bookings?: Answered<BranchesBookings>;
    /** What the lists' workbooks answer: a file, or the bound's Thai 422. */
    excel?: 'file' | 'tooLong';
  } = {},
): HttpHandler[] {
  performanceCalls.length = 0;
  const workbook = (path: string, file: string) =>
    mock(
      contract[path as 'branchesStopsExcel' | 'branchesTripsExcel' | 'branchesBookingsExcel'],
      ({ query }) => {
        performanceCalls.push({ path, query });
        if (records.excel === 'tooLong') {
          const tooLong = recordsWorkbookTooLong(BRANCHES_RECORDS_EXCEL_MAX_ROWS, 12_345);
          return fieldRefusal({ rows: tooLong }, 'ข้อมูลไม่ถูกต้อง กรุณาตรวจสอบ', tooLong);
        }
        return new Response(new Blob(['PK'], { type: 'application/octet-stream' }), {
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="performance-${file}-2026-10-01-2026-10-31.xlsx"`,
          },
        });
      },
    );
  return [
    workbook('branchesStopsExcel', 'stops'),
    workbook('branchesTripsExcel', 'trips'),
    workbook('branchesBookingsExcel', 'bookings'),
    mock(contract.branchesTrips, ({ query }) => {
      performanceCalls.push({ path: 'branchesTrips', query });
      return answered(records.trips ?? branchesTripsAnswer());
    }),
    mock(contract.branchesBookings, ({ query }) => {
      performanceCalls.push({ path: 'branchesBookings', query });
      return answered(records.bookings ?? branchesBookingsAnswer());
    }),
    mock(contract.branchesStops, ({ query }) => {
      performanceCalls.push({ path: 'branchesStops', query });
      return answered(stops);
    }),
    mock(contract.branches, ({ query }) => {
      performanceCalls.push({ path: 'branches', query });
      if (answer === 'loading') return neverAnswered();
      if (answer === 'error') return refusal(403, 'ดูผลการจัดส่งได้เฉพาะสาขาที่กำหนดให้บัญชีผู้ใช้ของคุณ');
      return answer;
    }),
    mock(contract.branchesExcel, ({ query }) => {
      performanceCalls.push({ path: 'branchesExcel', query });
      return new Response(new Blob(['PK'], { type: 'application/octet-stream' }), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="performance-branches-2026-10-01-2026-10-31.xlsx"',
        },
      });
    }),
  ];
}
