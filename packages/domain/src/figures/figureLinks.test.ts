import { describe, expect, it } from 'vitest';
import type { PerformanceAnswer, TruckUseRow } from '../api/performance.ts';
import { entityByName } from '../entities/index.ts';
import { validateListQuery } from '../entity/listQuery.ts';
import { isEntityName } from '../entity/names.ts';
import { pageAt } from '../pages.ts';
import {
  companyFailureStops,
  companyRecords,
  companyRecordsEntity,
  companyRowRecords,
  figureRowLink,
  headlineFigureLink,
  truckDayLink,
} from './figureLinks.ts';
import { headlineFigures, performanceTables } from './performanceTables.ts';

const october = { from: '2026-10-01', to: '2026-10-31' };

/** The link's list and its parameters, as the list page would read them. */
function opened(href: string) {
  const url = new URL(href, 'http://lms.invalid');
  const name = url.pathname.slice(1);
  if (!isEntityName(name)) throw new Error(`not an entity list: ${href}`);
  const params: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) params[key] = [...(params[key] ?? []), value];
  return { entity: entityByName(name), params, page: pageAt(url.pathname) };
}

/** The link passes the list's own query check (as the list page and its route run it). */
function expectValid(href: string, what: string) {
  const { entity, params, page } = opened(href);
  expect(page, what).toBeDefined();
  const query = validateListQuery(entity, { ...params, branchId: '00000000-0000-4000-8000-000000000001' });
  expect(query.ok, `${what}: ${query.ok ? '' : query.messages.join('; ')}`).toBe(true);
}

describe('figureLinks', () => {
  it("opens each truck table's rows and a truck's day with filters its list declares", () => {
    const id = '00000000-0000-4000-8000-0000000000a1';
    const tables = [
      'byVehicleType',
      'byTruck',
      'daysByVehicleType',
      'daysByTruck',
      'hoursByVehicleType',
      'hoursByTruck',
    ] as const;
    for (const table of tables) expectValid(figureRowLink(table, id, october)!.href, table);
    const day = opened(truckDayLink(id, '2026-10-04').href);
    expect(day.entity.name).toBe('shipment');
    expect(day.params).toEqual({
      shiftDateFrom: ['2026-10-04'],
      shiftDateTo: ['2026-10-04'],
      vehicleIds: [id],
    });
    expectValid(truckDayLink(id, '2026-10-04').href, 'truck day');
  });

  it('opens a list for every headline figure, whose filters that list declares', () => {
    for (const figure of headlineFigures) {
      const link = headlineFigureLink(figure.key, october);
      expect(link, figure.key).not.toBeNull();
      const { entity, params, page } = opened(link!.href);
      expect(page, figure.key).toBeDefined();
      const query = validateListQuery(entity, {
        ...params,
        branchId: '00000000-0000-4000-8000-000000000001',
      });
      expect(query.ok, `${figure.key}: ${query.ok ? '' : query.messages.join('; ')}`).toBe(true);
    }
  });

  it('sets the period on the field the figure counts it by', () => {
    const otif = opened(headlineFigureLink('otifStops', october)!.href);
    expect(otif.entity.name).toBe('deliveryStopReport');
    expect(otif.params).toEqual({
      shiftDateFrom: ['2026-10-01'],
      shiftDateTo: ['2026-10-31'],
      statuses: ['DELIVERED', 'PARTIAL', 'FAILED'],
    });
    expect(opened(headlineFigureLink('kmPerDrop', october)!.href).entity.name).toBe('shipment');
    const byLink = opened(headlineFigureLink('confirmedByLink', october)!.href);
    expect(byLink.entity.name).toBe('bookingReport');
    expect(byLink.params).toEqual({
      deliveryDateFrom: ['2026-10-01'],
      deliveryDateTo: ['2026-10-31'],
      callStatuses: ['CONFIRMED_BY_CUSTOMER'],
    });
    expect(opened(headlineFigureLink('confirmedByPhone', october)!.href).params.callStatuses).toEqual([
      'CALLED',
    ]);
    expect(headlineFigureLink('noSuchFigure', october)).toBeNull();
  });

  it("opens a vehicle type's and a truck's shipments of the period, and a failure reason's failed stops", () => {
    const type = opened(figureRowLink('byVehicleType', 'vt-1', october)!.href);
    expect(type.entity.name).toBe('shipment');
    expect(type.params.vehicleTypeIds).toEqual(['vt-1']);
    expect(type.params.shiftDateFrom).toEqual(['2026-10-01']);
    const truck = opened(figureRowLink('byTruck', 'v-9', october)!.href);
    expect(truck.params.vehicleIds).toEqual(['v-9']);
    expect(truck.params.vehicleTypeIds).toBeUndefined();
    const reason = opened(figureRowLink('failures', 'CUSTOMER_ABSENT', october)!.href);
    expect(reason.entity.name).toBe('deliveryStopReport');
    expect(reason.params).toEqual({
      shiftDateFrom: ['2026-10-01'],
      shiftDateTo: ['2026-10-31'],
      statuses: ['FAILED'],
      reasons: ['CUSTOMER_ABSENT'],
    });
    expectValid(figureRowLink('failures', 'CUSTOMER_ABSENT', october)!.href, 'failure reason');
    expect(figureRowLink('headline', 'kmPerDrop', october)).toEqual(headlineFigureLink('kmPerDrop', october));
  });

  it("narrows the company's stops as one branch's lists: a reason its failed stops, a stop figure the settled", () => {
    // The same narrowing as one branch's row link to the stop list, named for the reason.
    const reason = companyFailureStops('CUSTOMER_ABSENT');
    const branchRow = opened(figureRowLink('failures', 'CUSTOMER_ABSENT', october)!.href).params;
    expect(reason).toMatchObject({
      kind: 'stops',
      statuses: branchRow.statuses,
      reason: branchRow.reasons?.[0],
    });
    expect(reason.title).toBe('จุดส่งที่ส่งไม่สำเร็จเพราะไม่พบผู้รับ ทุกสาขาที่เลือก');
    expect(companyFailureStops('REFUSED').title).not.toBe(reason.title);
    expect(companyRecords('otifStops')).toMatchObject({
      kind: 'stops',
      statuses: ['DELIVERED', 'PARTIAL', 'FAILED'],
    });
    expect(companyRecords('dwellMinutes')).toMatchObject({ kind: 'stops' });
    expect(companyRecords('dwellMinutes')).not.toHaveProperty('statuses');
  });

  it("opens a company table's rows as one branch's rows open: a type its trips, a reason its stops, a branch nothing here", () => {
    const six = 'c0ffee00-0000-4000-8000-000000000006';
    const trips = companyRowRecords('byVehicleType', six, '6W: รถ 6 ล้อ');
    // The same narrowing as one branch's row link, to the list read under the same rule (shipments).
    const branchRow = opened(figureRowLink('byVehicleType', six, october)!.href);
    expect(trips).toEqual({
      kind: 'trips',
      vehicleTypeId: branchRow.params.vehicleTypeIds?.[0],
      title: 'เที่ยวรถของประเภทรถ 6W: รถ 6 ล้อ ทุกสาขาที่เลือก',
    });
    expect(companyRecordsEntity[trips!.kind]).toBe(branchRow.entity.name);
    expect(companyRowRecords('failures', 'REFUSED', 'ลูกค้าปฏิเสธ')).toEqual(companyFailureStops('REFUSED'));
    expect(companyRowRecords('branches', six, 'BKK: กรุงเทพ')).toBeNull();
    expect(companyRowRecords('byTruck', six, '70-1001')).toBeNull();
    // A type's row of its empty/full days or its hours opens the same trips.
    expect(companyRowRecords('daysByVehicleType', six, '6W: รถ 6 ล้อ')).toEqual(trips);
    expect(companyRowRecords('hoursByVehicleType', six, '6W: รถ 6 ล้อ')).toEqual(trips);
    expect(companyRowRecords('daysByTruck', six, '70-1001')).toBeNull();
  });

  it('opens every headline figure of several branches on the records its one-branch tile opens', () => {
    // The company's records are read under the rule of the one-branch link's list.
    for (const figure of headlineFigures) {
      const records = companyRecords(figure.key);
      const list = opened(headlineFigureLink(figure.key, october)!.href);
      expect(records && companyRecordsEntity[records.kind], figure.key).toBe(list.entity.name);
      if (records?.kind === 'bookings')
        expect(records.callStatus ? [records.callStatus] : undefined, figure.key).toEqual(
          list.params.callStatuses,
        );
    }
    expect(companyRecords('nothing')).toBeNull();
  });

  it("gives each table row its id, so a row's link is its own record's", () => {
    const truck = (id: string, label: string): TruckUseRow =>
      ({
        id,
        label,
        trips: 1,
        weight: 1,
        capacityWeight: 2,
        volume: 1,
        capacityVolume: 2,
        weightPercent: 50,
        volumePercent: 50,
        status: 'AVAILABLE',
        statusLabel: 'ว่าง',
        colour: 'green',
        overloadedTrips: 0,
      }) as TruckUseRow;
    const empty = { value: null, of: 0 };
    const none = { count: 0, of: 0, percent: null };
    const figures = {
      stops: { onTime: none, inFull: none, otif: none },
      orders: { onTime: none, inFull: none, otif: none },
      firstAttempt: none,
      failures: [{ reason: 'CUSTOMER_ABSENT', label: 'ไม่พบผู้รับ', stops: 2, cumulativePercent: 100 }],
      kmPerDrop: empty,
      minutesPerDrop: empty,
      dwellMinutes: empty,
      leadDays: { docToBooking: empty, bookingToDelivery: empty },
      confirmedByLink: none,
      confirmedByPhone: none,
    };
    const answer = {
      period: { from: '2026-10-01', to: '2026-10-31' },
      current: figures,
      previous: figures,
      truckUse: {
        byVehicleType: [truck('vt-1', '4 ล้อ')],
        byTruck: [truck('v-1', 'กข 1'), truck('v-2', 'กข 2')],
      },
      truckDays: {
        until: '2026-10-31',
        byVehicleType: [{ id: 'vt-1', label: '4 ล้อ', trucks: 1, truckDays: 3, emptyDays: 1, fullDays: 1 }],
        byTruck: [
          {
            id: 'v-1',
            label: 'กข 1',
            vehicleTypeId: 'vt-1',
            vehicleTypeLabel: '4 ล้อ',
            tripDays: 2,
            emptyDays: ['2026-10-03'],
            fullDays: ['2026-10-01'],
          },
        ],
      },
      truckHours: {
        until: '2026-10-31',
        byVehicleType: [],
        byTruck: [
          {
            id: 'v-1',
            label: 'กข 1',
            trips: 2,
            hours: 9.5,
            availableHours: 16,
            percent: 59.38,
            status: 'NORMAL',
            statusLabel: 'ปกติ',
            colour: 'blue',
          },
        ],
      },
    } as unknown as PerformanceAnswer;
    const tables = Object.fromEntries(performanceTables(answer).map((t) => [t.key, t]));
    for (const table of Object.values(tables)) expect(table.rowIds).toHaveLength(table.rows.length);
    expect(tables.headline!.rowIds).toEqual(headlineFigures.map((f) => f.key));
    expect(tables.failures!.rowIds).toEqual(['CUSTOMER_ABSENT']);
    expect(tables.byTruck!.rowIds).toEqual(['v-1', 'v-2']);
    expect(tables.byTruck!.rows[1]![0]).toBe('กข 2');
    expect(tables.daysByTruck!.rowIds).toEqual(['v-1']);
    // The month is over (until its last day): no note of the days counted.
    expect(tables.hoursByTruck!.note).toBeUndefined();
    // Still running on the 15th: days and hours say so, on screen, paper and sheet alike.
    const running = performanceTables({
      ...answer,
      truckDays: { ...answer.truckDays, until: '2026-10-15' },
      truckHours: { ...answer.truckHours, until: '2026-10-15' },
    });
    const notes = Object.fromEntries(running.map((t) => [t.key, t.note]));
    expect(notes.hoursByTruck).toBe('นับถึงวันที่ 15/10 วันที่ยังไม่ถึงยังไม่นับ');
    expect(notes.hoursByVehicleType).toBe(notes.hoursByTruck);
    expect(notes.daysByTruck).toBe(notes.hoursByTruck);
    expect(notes.headline).toBeUndefined();
    expect(tables.daysByTruck!.rows[0]).toEqual(['กข 1', '4 ล้อ', 2, 1, 1, '3/10', '1/10']);
    expect(tables.daysByVehicleType!.rows[0]).toEqual(['4 ล้อ', 1, 3, 1, 1]);
    expect(tables.hoursByTruck!.rows[0]).toEqual(['กข 1', 2, 9.5, 16, 59.38, 'ปกติ']);
    expect(figureRowLink('hoursByTruck', 'v-1', october)).toEqual(figureRowLink('byTruck', 'v-1', october));
  });
});
