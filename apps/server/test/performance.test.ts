import {
  addDays,
  bangkokIsoDate,
  type PerformanceAnswer,
  ROLE_ADMIN,
  ROLE_BOOKING_REPORT_READ,
} from '@lms/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { branchPerformance } from '../src/performance/routes.ts';
import { performanceFromRows } from '../src/performance/rows.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { call, createBranch, createUser, signIn } from './fixtures.ts';
import { setupTestServer } from './harness.ts';

/**
 * Delivery performance (docs/performance-figures.md) against real PostgreSQL: a branch's October,
 * worked out by hand, against September (the calendar month before, `previousPeriod`; a trip on 31 August
 * is not in it). Windows 09:00–11:00 Bangkok.
 *   Trip A 6W 70-1001 05/10, 40 km (B1 20, B2 40), 08:00–13:00 = 300 min, load 5,000 kg 20 m³
 *     A1 B1 DO1 10        DELIVERED 10:00 (inside)         dwell 09:50–10:10 = 20
 *     A2 B2 DO2 4, DO3 6  PARTIAL 12:00 (late) 4 and 3     dwell 11:50–12:20 = 30
 *   Trip B 4W 70-1002 12/10, 25 km (B3 15, B4 25), never ended, load 900 kg 4.5 m³
 *     B1 B3 DO4 2         FAILED ไม่พบผู้รับ
 *     B2 B4 DO5 1         DELIVERED 10:30 (inside), DO5 came back from an earlier stop: not a first attempt
 *     B3 B5 DO6 1         PENDING (not judged)
 * Stops 4 settled: on time A1 B2, in full A1 B2, OTIF A1 B2 → 2/4 each.
 * DO lines 5: on time DO1 DO5 = 2, in full DO1 DO2 DO5 = 3, OTIF DO1 DO5 = 2.
 * First attempts DO1–DO4: whole DO1 DO2 → 2/4. Km per drop (40 + 25) / 3 = 21.67; minutes 300 / 2 = 150.
 * Lead from each DO's own date (the day it reached LMS, Bangkok) to its booking's confirmed day (Bangkok):
 *   DO1 1/10 → B1 2/10 = 1; DO2 30/9 and DO3 2/10 00:30 (still 1/10 in UTC) → B2 3/10 = 3 and 1;
 *   DO4 8/10 → B3 10/10 = 2; DO5 11/10 → B4 11/10 = 0; DO6's B5 not confirmed → (1+3+1+2+0) / 5 DOs = 1.4.
 * Confirmed → delivery B1 3, B2 2, B3 2, B4 1 → 2.
 * Confirmed by link B2 B3 B4, by phone B1 → 75 % / 25 %.
 * Truck use: 6W 90.91 % / 90.91 % → NEARLY_FULL by the branch's 6W bands (70–100); 4W 60 % / 75 % →
 * NORMAL by the default bands. September: one late whole delivery. Another branch's October and
 * this branch's November add nothing.
 */

const server = setupTestServer();
const ids = {} as Record<string, string>;
let branchId = '';
let otherBranchId = '';
const tokens = {} as Record<
  'planner' | 'driver' | 'elsewhere' | 'dispatcher' | 'dispatcherElsewhere',
  string
>;

const bangkok = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);

async function booking(
  name: string,
  options: { km: number; docDate: string | null; confirmedAt: Date | null; delivery: string; call: string },
  branch = branchId,
) {
  const { rows } = await sql<{ id: string }>`
    insert into booking_report (branch_id, status, doc_no, customer_id, ship_to_id, distance, doc_date, confirmed_at, delivery_date, call_status)
    values (${branch}, 'CONFIRMED', ${`BK-${name}`}, ${ids.customer!}, ${ids.shipTo!}, ${options.km}, ${options.docDate}::date,
      ${options.confirmedAt}, ${options.delivery}::date, ${options.call}) returning id`.execute(server.db);
  ids[name] = rows[0]!.id;
  return rows[0]!.id;
}

/**
 * A DO of `qty` weighing `weight` kg and `volume` m³ in all, booked whole onto its booking (the stop
 * carries it), that reached LMS at `came` (its own date, where its lead time starts).
 */
async function order(name: string, qty: number, used: { weight: number; volume: number }, came: Date) {
  const { rows } = await sql<{ id: string }>`
    insert into delivery_order (doc_no, qty, weight, volume, customer_id, branch_id, ship_cond_id, created_at)
    values (${`DO-${name}`}, ${qty}, ${used.weight}, ${used.volume}, ${ids.customer!}, ${branchId}, ${ids.shipCond!}, ${came})
    returning id`.execute(server.db);
  ids[name] = rows[0]!.id;
}

async function trip(
  name: string,
  vehicle: string,
  day: string,
  bookings: readonly string[],
  times: { started: Date | null; ended: Date | null },
  branch = branchId,
) {
  const { rows } = await sql<{ id: string }>`
    insert into shipment (branch_id, doc_no, vehicle_id, vehicle_type_id, shift_date)
    select ${branch}, ${`SH-${name}`}, v.id, v.vehicle_type_id, ${day}::date from vehicle v where v.id = ${ids[vehicle]!}
    returning id`.execute(server.db);
  const id = rows[0]!.id;
  ids[name] = id;
  for (const b of bookings)
    await sql`insert into shipment__booking_report_ids (owner_id, ref_id) values (${id}, ${ids[b]!})`.execute(
      server.db,
    );
  await sql`insert into delivery_trip (shipment_id, branch_id, shift_date, minutes_per_km, planned_start, started_at, ended_at)
    values (${id}, ${branch}, ${day}::date, 1.5, ${bangkok(day, '08:00')}, ${times.started}, ${times.ended})`.execute(
    server.db,
  );
}

let seq = 0;
async function stop(
  tripName: string,
  bookingName: string,
  day: string,
  orders: readonly { name: string; qty: number }[],
  outcome?: {
    kind: 'delivered' | 'partial' | 'failed';
    at: string;
    arrived?: string;
    left?: string;
    reason?: string;
    quantities?: readonly { name: string; qty: number }[];
  },
) {
  seq += 1;
  const status = outcome ? outcome.kind.toUpperCase() : 'PENDING';
  const stored = orders.map((o) => ({
    deliveryOrderId: ids[o.name]!,
    docNo: `DO-${o.name}`,
    article: null,
    qty: o.qty,
  }));
  const { rows } = await sql<{ id: string }>`
    insert into delivery_stop (shipment_id, seq, booking_id, ship_to_name, window_from, window_to, planned_arrival,
      planned_departure, service_seconds, proof_required, orders, status, arrived_at, left_at)
    values (${ids[tripName]!}, ${seq}, ${ids[bookingName]!}, 'ร้านทดสอบ', ${bangkok(day, '09:00')}, ${bangkok(day, '11:00')},
      ${bangkok(day, '09:30')}, ${bangkok(day, '09:45')}, 900, 'SIGNATURE', ${JSON.stringify(stored)}::jsonb, ${status},
      ${outcome?.arrived ? bangkok(day, outcome.arrived) : null}, ${outcome?.left ? bangkok(day, outcome.left) : null})
    returning id`.execute(server.db);
  ids[`stop${tripName}${bookingName}`] = rows[0]!.id;
  if (!outcome) return;
  const quantities = outcome.quantities?.map((q) => ({ deliveryOrderId: ids[q.name]!, qty: q.qty }));
  const { rows: event } = await sql<{ id: string }>`
    insert into delivery_event (id, shipment_id, stop_id, kind, at, reason, quantities)
    values (gen_random_uuid(), ${ids[tripName]!}, ${rows[0]!.id}, ${outcome.kind}, ${bangkok(day, outcome.at)},
      ${outcome.reason ?? null}, ${quantities ? JSON.stringify(quantities) : null}::jsonb) returning id`.execute(
    server.db,
  );
  await sql`update delivery_stop set outcome_event_id = ${event[0]!.id} where id = ${rows[0]!.id}`.execute(
    server.db,
  );
}

beforeAll(async () => {
  [branchId] = (await insertRecords(server.db, 'branch', [{ code: 'PRF', name: 'สาขาทดสอบผลการจัดส่ง' }])) as [
    string,
  ];
  otherBranchId = await createBranch(server.db);
  const [six, four] = await insertRecords(server.db, 'vehicleType', [
    { code: '6W', name: 'รถ 6 ล้อ', maxCapacityWeight: 5500, maxCapacityVolume: 22 },
    { code: '4W', name: 'รถ 4 ล้อ', maxCapacityWeight: 1500, maxCapacityVolume: 6 },
  ]);
  const band = (status: string, min: number, max: number) => ({
    vehicleTypeId: six,
    status,
    minWeightPercent: min,
    maxWeightPercent: max,
    minVolumePercent: min,
    maxVolumePercent: max,
    minHourPercent: min,
    maxHourPercent: max,
  });
  await insertRecords(server.db, 'vehicleUtilizationThresholds', [
    band('AVAILABLE', 0, 40),
    band('NORMAL', 40, 70),
    band('NEARLY_FULL', 70, 100),
    band('FULL', 100, 100),
  ]);
  const [t6, t4, tOther] = await insertRecords(server.db, 'vehicle', [
    { code: 'P6', name: '6 ล้อ', licensePlate: '70-1001', vehicleTypeId: six, branchId },
    { code: 'P4', name: '4 ล้อ', licensePlate: '70-1002', vehicleTypeId: four, branchId },
    { code: 'PX', name: '6 ล้อ สาขาอื่น', licensePlate: '70-9999', vehicleTypeId: six, branchId: otherBranchId },
  ]);
  Object.assign(ids, { t6, t4, tOther });
  const [shipCond] = await insertRecords(server.db, 'shipCond', [
    { code: 'SCP', name: 'ส่งปกติ', sla: 0, vehicleTypeIds: [six, four] },
  ]);
  const [customer] = await insertRecords(server.db, 'customer', [{ code: 'CUP', name: 'ลูกค้าทดสอบ' }]);
  const [regionId] = await insertRecords(server.db, 'region', [{ code: 'RP', nameTh: 'ภาคทดสอบ' }]);
  const [provinceId] = await insertRecords(server.db, 'province', [
    { code: 'PP', nameTh: 'จังหวัดทดสอบ', regionId },
  ]);
  const [districtId] = await insertRecords(server.db, 'district', [
    { code: 'DP', nameTh: 'อำเภอทดสอบ', provinceId },
  ]);
  const [subDistrictId] = await insertRecords(server.db, 'subDistrict', [
    { code: 'SP', nameTh: 'ตำบลทดสอบ', districtId, lat: 13.7, lon: 100.5 },
  ]);
  const [shipTo] = await insertRecords(server.db, 'shipTo', [
    { code: 'STP', name: 'ร้านทดสอบ', subDistrictId },
  ]);
  Object.assign(ids, { shipCond, customer, shipTo });
  // The shifts the branch opened 6-wheel trucks in (the hours they had): 5 Oct morning (480 min) and
  // afternoon (240), 6 Oct morning = 1,200 min = 20 h. Not counted: 7 Oct (no truck), 2 Nov (another
  // month), another branch's slot; 4-wheel trucks had no shift open.
  const [morning, afternoon] = await insertRecords(server.db, 'shiftOfDay', [
    { name: 'กะเช้า ทดสอบชั่วโมง', startTime: '08:00', endTime: '16:00', totalMinute: 480, active: true },
    { name: 'กะบ่าย ทดสอบชั่วโมง', startTime: '16:00', endTime: '20:00', totalMinute: 240, active: true },
  ]);
  const slot = (day: string, shiftOfDayId: string | undefined, total: number, branch = branchId) => ({
    branchId: branch,
    shiftDate: day,
    shiftOfDayId,
    vehicleTypeId: six,
    shipCondId: shipCond,
    total,
    special: 0,
  });
  await insertRecords(server.db, 'vehicleDateSlot', [
    slot('2026-10-05', morning, 2),
    slot('2026-10-05', afternoon, 1),
    slot('2026-10-06', morning, 1),
    slot('2026-10-07', morning, 0),
    slot('2026-11-02', morning, 1),
    slot('2026-10-08', morning, 1, otherBranchId),
  ]);

  // October.
  await booking('B1', {
    km: 20,
    docDate: '2026-10-01',
    confirmedAt: bangkok('2026-10-02', '10:00'),
    delivery: '2026-10-05',
    call: 'CALLED',
  });
  // Confirmed at 03:00 Bangkok on the 3rd (still the 2nd in UTC): the Bangkok day counts.
  await booking('B2', {
    km: 40,
    docDate: '2026-10-01',
    confirmedAt: bangkok('2026-10-03', '03:00'),
    delivery: '2026-10-05',
    call: 'CONFIRMED_BY_CUSTOMER',
  });
  await booking('B3', {
    km: 15,
    docDate: '2026-10-08',
    confirmedAt: bangkok('2026-10-10', '09:00'),
    delivery: '2026-10-12',
    call: 'CONFIRMED_BY_CUSTOMER',
  });
  await booking('B4', {
    km: 25,
    docDate: null,
    confirmedAt: bangkok('2026-10-11', '09:00'),
    delivery: '2026-10-12',
    call: 'CONFIRMED_BY_CUSTOMER',
  });
  await booking('B5', {
    km: 10,
    docDate: '2026-10-09',
    confirmedAt: null,
    delivery: '2026-10-12',
    call: 'NOT_CALLED',
  });
  await order('DO1', 10, { weight: 3000, volume: 10 }, bangkok('2026-10-01', '14:00'));
  // B2's two DOs came in on different days; DO3 at 00:30 Bangkok on the 2nd (the 1st in UTC): the Bangkok day counts.
  await order('DO2', 4, { weight: 1000, volume: 4 }, bangkok('2026-09-30', '10:00'));
  await order('DO3', 6, { weight: 1000, volume: 6 }, bangkok('2026-10-02', '00:30'));
  await order('DO4', 2, { weight: 600, volume: 3 }, bangkok('2026-10-08', '09:00'));
  await order('DO5', 1, { weight: 300, volume: 1.5 }, bangkok('2026-10-11', '08:00'));
  await order('DO6', 1, { weight: 0, volume: 0 }, bangkok('2026-10-09', '08:00'));
  // DO5 came back from an earlier failed stop and B4 took it again.
  await sql`insert into delivery_return (delivery_order_id, booking_id, qty, reason, rebooked_booking_id)
    values (${ids.DO5!}, ${ids.B5!}, 1, 'CUSTOMER_ABSENT', ${ids.B4!})`.execute(server.db);

  await trip('A', 't6', '2026-10-05', ['B1', 'B2'], {
    started: bangkok('2026-10-05', '08:00'),
    ended: bangkok('2026-10-05', '13:00'),
  });
  await stop('A', 'B1', '2026-10-05', [{ name: 'DO1', qty: 10 }], {
    kind: 'delivered',
    at: '10:00',
    arrived: '09:50',
    left: '10:10',
  });
  await stop(
    'A',
    'B2',
    '2026-10-05',
    [
      { name: 'DO2', qty: 4 },
      { name: 'DO3', qty: 6 },
    ],
    {
      kind: 'partial',
      at: '12:00',
      arrived: '11:50',
      left: '12:20',
      quantities: [
        { name: 'DO2', qty: 4 },
        { name: 'DO3', qty: 3 },
      ],
    },
  );
  await trip('B', 't4', '2026-10-12', ['B3', 'B4', 'B5'], {
    started: bangkok('2026-10-12', '08:00'),
    ended: null,
  });
  await stop('B', 'B3', '2026-10-12', [{ name: 'DO4', qty: 2 }], {
    kind: 'failed',
    at: '10:00',
    reason: 'CUSTOMER_ABSENT',
  });
  await stop('B', 'B4', '2026-10-12', [{ name: 'DO5', qty: 1 }], { kind: 'delivered', at: '10:30' });
  await stop('B', 'B5', '2026-10-12', [{ name: 'DO6', qty: 1 }]);

  // September: one whole delivery a minute past its window.
  await booking('B6', {
    km: 30,
    docDate: '2026-09-10',
    confirmedAt: bangkok('2026-09-11', '09:00'),
    delivery: '2026-09-15',
    call: 'CALLED',
  });
  await order('DO7', 5, { weight: 500, volume: 2 }, bangkok('2026-09-09', '08:00'));
  await trip('C', 't6', '2026-09-15', ['B6'], {
    started: bangkok('2026-09-15', '08:00'),
    ended: bangkok('2026-09-15', '12:00'),
  });
  await stop('C', 'B6', '2026-09-15', [{ name: 'DO7', qty: 5 }], { kind: 'delivered', at: '11:01' });

  // 31 August: the day before September, in the 31 days before October but not in the month before it.
  await booking('B9', {
    km: 12,
    docDate: '2026-08-30',
    confirmedAt: bangkok('2026-08-30', '09:00'),
    delivery: '2026-08-31',
    call: 'CALLED',
  });
  await order('DO10', 1, { weight: 100, volume: 1 }, bangkok('2026-08-29', '08:00'));
  await trip('F', 't6', '2026-08-31', ['B9'], { started: null, ended: null });
  await stop('F', 'B9', '2026-08-31', [{ name: 'DO10', qty: 1 }], { kind: 'delivered', at: '10:00' });

  // Outside: another branch's October, this branch's November.
  await booking(
    'B7',
    {
      km: 5,
      docDate: '2026-10-01',
      confirmedAt: bangkok('2026-10-02', '09:00'),
      delivery: '2026-10-06',
      call: 'CALLED',
    },
    otherBranchId,
  );
  await order('DO8', 1, { weight: 100, volume: 1 }, bangkok('2026-10-01', '08:00'));
  await trip('D', 'tOther', '2026-10-06', ['B7'], { started: null, ended: null }, otherBranchId);
  await stop('D', 'B7', '2026-10-06', [{ name: 'DO8', qty: 1 }], {
    kind: 'failed',
    at: '10:00',
    reason: 'REFUSED',
  });
  await booking('B8', {
    km: 5,
    docDate: '2026-10-30',
    confirmedAt: bangkok('2026-10-31', '09:00'),
    delivery: '2026-11-02',
    call: 'CALLED',
  });
  await order('DO9', 1, { weight: 100, volume: 1 }, bangkok('2026-10-30', '08:00'));
  await trip('E', 't6', '2026-11-02', ['B8'], { started: null, ended: null });
  await stop('E', 'B8', '2026-11-02', [{ name: 'DO9', qty: 1 }], {
    kind: 'failed',
    at: '10:00',
    reason: 'WRONG_ADDRESS',
  });

  const planner = await createUser(server.db, { roles: [ROLE_BOOKING_REPORT_READ], branchIds: [branchId] });
  const driver = await createUser(server.db, { roles: ['ROLE_SHIPMENT_EDIT'], branchIds: [branchId] });
  const elsewhere = await createUser(server.db, {
    roles: [ROLE_BOOKING_REPORT_READ],
    branchIds: [otherBranchId],
  });
  tokens.planner = await signIn(server.api, planner);
  tokens.driver = await signIn(server.api, driver);
  tokens.elsewhere = await signIn(server.api, elsewhere);
  const dispatcher = await createUser(server.db, { roles: ['ROLE_SHIPMENT_READ'], branchIds: [branchId] });
  const dispatcherElsewhere = await createUser(server.db, {
    roles: ['ROLE_SHIPMENT_READ'],
    branchIds: [otherBranchId],
  });
  tokens.dispatcher = await signIn(server.api, dispatcher);
  tokens.dispatcherElsewhere = await signIn(server.api, dispatcherElsewhere);
}, 120_000);

const performance = (token: string, query: string) =>
  call(server.api, 'GET', `/performance?${query}`, { token });
const october = () => `branchId=${branchId}&from=2026-10-01&to=2026-10-31`;

describe('GET /performance', () => {
  it('answers the hand-computed October beside September', async () => {
    const response = await performance(tokens.planner, october());
    expect(response.status).toBe(200);
    const answer = response.body as PerformanceAnswer;
    expect(answer.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // The month before, not the 31 days before (31 August's on-time delivery is left out).
    expect(answer.previousPeriod).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    const now = answer.current;
    expect(now.stops).toEqual({
      onTime: { count: 2, of: 4, percent: 50 },
      inFull: { count: 2, of: 4, percent: 50 },
      otif: { count: 2, of: 4, percent: 50 },
    });
    expect(now.orders).toEqual({
      onTime: { count: 2, of: 5, percent: 40 },
      inFull: { count: 3, of: 5, percent: 60 },
      otif: { count: 2, of: 5, percent: 40 },
    });
    expect(now.firstAttempt).toEqual({ count: 2, of: 4, percent: 50 });
    expect(now.failures).toEqual([
      { reason: 'CUSTOMER_ABSENT', label: 'ไม่พบผู้รับ', stops: 1, cumulativePercent: 100 },
    ]);
    expect(now.kmPerDrop).toEqual({ value: 21.67, of: 3 });
    expect(now.minutesPerDrop).toEqual({ value: 150, of: 2 });
    expect(now.dwellMinutes).toEqual({ value: 25, of: 2 });
    expect(now.leadDays).toEqual({
      docToBooking: { value: 1.4, of: 5 },
      bookingToDelivery: { value: 2, of: 4 },
    });
    expect(now.confirmedByLink).toEqual({ count: 3, of: 4, percent: 75 });
    expect(now.confirmedByPhone).toEqual({ count: 1, of: 4, percent: 25 });

    expect(answer.previous.stops.onTime).toEqual({ count: 0, of: 1, percent: 0 });
    expect(answer.previous.stops.inFull).toEqual({ count: 1, of: 1, percent: 100 });

    expect(
      answer.truckUse.byVehicleType.map((row) => [
        row.label,
        row.trips,
        row.weightPercent,
        row.volumePercent,
        row.status,
      ]),
    ).toEqual([
      ['4W: รถ 4 ล้อ', 1, 60, 75, 'NORMAL'],
      ['6W: รถ 6 ล้อ', 1, 90.91, 90.91, 'NEARLY_FULL'],
    ]);
    expect(
      answer.truckUse.byTruck.map((row) => [row.label, row.weight, row.capacityWeight, row.status]),
    ).toEqual([
      ['70-1001', 5000, 5500, 'NEARLY_FULL'],
      ['70-1002', 900, 1500, 'NORMAL'],
    ]);
    // Each of the branch's trucks ran one October day, neither in the FULL band (90.91 %, 75 %);
    // the other branch's 70-9999 is not listed.
    const octoberDays = (but: string) =>
      Array.from({ length: 31 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`).filter(
        (d) => d !== but,
      );
    expect(answer.truckDays.byTruck).toEqual([
      {
        id: ids.t6,
        label: '70-1001',
        vehicleTypeId: expect.any(String),
        vehicleTypeLabel: '6W: รถ 6 ล้อ',
        tripDays: 1,
        emptyDays: octoberDays('2026-10-05'),
        fullDays: [],
      },
      expect.objectContaining({
        label: '70-1002',
        tripDays: 1,
        emptyDays: octoberDays('2026-10-12'),
        fullDays: [],
      }),
    ]);
    // Hours: trip A recorded 08:00–13:00 = 5 h of 70-1001's 20 h = 25 % (AVAILABLE, 0–40); trip B started
    // but not ended, so planned: 08:00 → its stops' planned departure 09:45 = 1.75 h, no shift open.
    expect(
      answer.truckHours.byTruck.map((row) => [
        row.label,
        row.trips,
        row.hours,
        row.availableHours,
        row.percent,
        row.status,
      ]),
    ).toEqual([
      ['70-1001', 1, 5, 20, 25, 'AVAILABLE'],
      ['70-1002', 1, 1.75, 0, null, null],
    ]);
    expect(
      answer.truckHours.byVehicleType.map((row) => [row.label, row.hours, row.availableHours, row.percent]),
    ).toEqual([
      ['4W: รถ 4 ล้อ', 1.75, 0, null],
      ['6W: รถ 6 ล้อ', 5, 20, 25],
    ]);
    expect(
      answer.truckDays.byVehicleType.map((row) => [row.label, row.trucks, row.truckDays, row.emptyDays]),
    ).toEqual([
      ['4W: รถ 4 ล้อ', 1, 31, 30],
      ['6W: รถ 6 ล้อ', 1, 31, 30],
    ]);
  });

  it('counts hours used and available up to today in a month still running, the roll-ups as the raw rows', async () => {
    // October seen on the 5th: only the 5th's shifts (480 + 240 min = 12 h) and trips count. Trip A's
    // 5 h of 12 = 41.67 %; trip B (12 Oct) is ahead, so 70-1002 has no trip yet; the 6th's morning is not counted.
    const period = { from: '2026-10-01', to: '2026-10-31' };
    const rollups = await branchPerformance(server.db, branchId, period, '2026-10-05');
    expect(rollups).toEqual(await performanceFromRows(server.db, branchId, period, '2026-10-05'));
    expect(rollups.truckHours.until).toBe('2026-10-05');
    expect(rollups.truckHours.until).toBe(rollups.truckDays.until);
    expect(
      rollups.truckHours.byTruck.map((row) => [
        row.label,
        row.trips,
        row.hours,
        row.availableHours,
        row.percent,
      ]),
    ).toEqual([
      ['70-1001', 1, 5, 12, 41.67],
      ['70-1002', 0, 0, 0, null],
    ]);
    // The whole month once it is over: 20 h, as the figure above.
    const over = await branchPerformance(server.db, branchId, period, '2026-11-01');
    expect(over.truckHours.until).toBe('2026-10-31');
    expect(over.truckHours.byTruck[0]).toMatchObject({ hours: 5, availableHours: 20, percent: 25 });
  });

  it('answers over HTTP with the shifts ahead of today left out', async () => {
    // A week around today: a 6-wheel morning shift yesterday (counted) and tomorrow (not yet).
    const today = bangkokIsoDate(new Date());
    const [shiftOfDayId] = await insertRecords(server.db, 'shiftOfDay', [
      { name: 'กะเช้า ทดสอบวันนี้', startTime: '08:00', endTime: '16:00', totalMinute: 480, active: true },
    ]);
    const type = await sql<{ id: string }>`select id from vehicle_type where code = '6W'`.execute(server.db);
    await insertRecords(
      server.db,
      'vehicleDateSlot',
      [-1, 1].map((offset) => ({
        branchId,
        shiftDate: addDays(today, offset),
        shiftOfDayId,
        vehicleTypeId: type.rows[0]!.id,
        shipCondId: ids.shipCond,
        total: 1,
        special: 0,
      })),
    );
    const response = await performance(
      tokens.planner,
      `branchId=${branchId}&from=${addDays(today, -3)}&to=${addDays(today, 3)}`,
    );
    expect(response.status).toBe(200);
    const answer = response.body as PerformanceAnswer;
    expect(answer.truckHours.until).toBe(today);
    expect(answer.truckHours.byVehicleType.find((row) => row.label === '6W: รถ 6 ล้อ')?.availableHours).toBe(
      8,
    );
    // The workbook says so on the hours' and days' sheets (row 4), as the screen under their titles.
    const bytes = await fetch(
      `${server.api}/performance/figures.xlsx?branchId=${branchId}&from=${addDays(today, -3)}&to=${addDays(today, 3)}`,
      { headers: { authorization: `Bearer ${tokens.planner}` } },
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await bytes.arrayBuffer());
    const note = `นับถึงวันที่ ${Number(today.slice(8, 10))}/${Number(today.slice(5, 7))} วันที่ยังไม่ถึงยังไม่นับ`;
    expect(workbook.getWorksheet('ชั่วโมงที่ใช้ ตามประเภทรถ')!.getRow(4).getCell(1).value).toBe(note);
    expect(workbook.getWorksheet('ตัวชี้วัดหลัก')!.getRow(4).getCell(1).value).toBeNull();
  });

  it('refuses a reader of another branch, a role that reads no booking, and no session', async () => {
    const elsewhere = await performance(tokens.elsewhere, october());
    expect(elsewhere.status).toBe(403);
    const driver = await performance(tokens.driver, october());
    expect(driver.status).toBe(403);
    const anonymous = await call(server.api, 'GET', `/performance?${october()}`, {});
    expect(anonymous.status).toBe(401);
  });

  it('refuses a period past a quarter (92 days) or ending before it starts, in Thai, and a day that does not exist', async () => {
    const long = await performance(tokens.planner, `branchId=${branchId}&from=2026-10-01&to=2027-01-01`);
    expect(long.status).toBe(422);
    expect(JSON.stringify(long.body)).toMatch(/ไม่เกิน 92 วัน/);
    const backwards = await performance(tokens.planner, `branchId=${branchId}&from=2026-10-31&to=2026-10-01`);
    expect(backwards.status).toBe(422);
    const badDay = await performance(tokens.planner, `branchId=${branchId}&from=2026-02-30&to=2026-03-01`);
    expect(badDay.status).toBe(400);
  });

  it('exports the same figures as a workbook, a sheet per table', async () => {
    const response = await fetch(`${server.api}/performance/figures.xlsx?${october()}`, {
      headers: { authorization: `Bearer ${tokens.planner}` },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'ตัวชี้วัดหลัก',
      'ส่งไม่สำเร็จตามสาเหตุ',
      'การใช้รถตามประเภทรถ',
      'การใช้รถรายคัน',
      'วันรถว่างและเต็ม ตามประเภทรถ',
      'วันรถว่างและเต็ม รายคัน',
      'ชั่วโมงที่ใช้ ตามประเภทรถ',
      'ชั่วโมงที่ใช้ รายคัน',
    ]);
    // รถ, เที่ยว, ชั่วโมงที่ใช้, ชั่วโมงที่มี, ชั่วโมง %, สถานะ.
    const hours = workbook.getWorksheet('ชั่วโมงที่ใช้ รายคัน')!;
    expect((hours.getRow(6).values as unknown[]).slice(1)).toEqual(['70-1001', 1, 5, 20, 25, 'ว่าง']);
    // รถ, ประเภทรถ, วันที่วิ่ง, วันรถว่าง, วันบรรทุกเต็ม, then the days themselves.
    const days = workbook.getWorksheet('วันรถว่างและเต็ม รายคัน')!;
    expect((days.getRow(6).values as unknown[]).slice(1, 6)).toEqual(['70-1001', '6W: รถ 6 ล้อ', 1, 30, 0]);
    expect(String((days.getRow(7).values as unknown[])[6])).toMatch(
      /^1\/10, 2\/10, .*, 11\/10, 13\/10, .*31\/10$/,
    );
    const headline = workbook.getWorksheet('ตัวชี้วัดหลัก')!;
    const otif = headline.getRow(6).values as unknown[];
    // ตัวชี้วัด, หน่วย, ช่วงนี้, จำนวนที่นับ, ช่วงก่อน, เปลี่ยนแปลง (September: 0 of 1 → 50 − 0).
    expect(otif.slice(1)).toEqual(['ส่งตรงเวลาและครบ (OTIF) ต่อจุดส่ง', '%', 50, 4, 0, 50]);
    const forbidden = await fetch(`${server.api}/performance/figures.xlsx?${october()}`, {
      headers: { authorization: `Bearer ${tokens.driver}` },
    });
    expect(forbidden.status).toBe(403);
  });

  it('compares a month with the whole month before, whatever its length, on screen and in the workbook', async () => {
    // November has 30 days: compared with all of October (31), not 2–31 October.
    const november = `branchId=${branchId}&from=2026-11-01&to=2026-11-30`;
    const answer = (await performance(tokens.planner, november)).body as PerformanceAnswer;
    expect(answer.previousPeriod).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    const october = (await performance(tokens.planner, `branchId=${branchId}&from=2026-10-01&to=2026-10-31`))
      .body as PerformanceAnswer;
    expect(answer.previous).toEqual(october.current);
    // The roll-ups and the raw rows agree on the month before.
    const raw = await performanceFromRows(server.db, branchId, { from: '2026-11-01', to: '2026-11-30' });
    expect(raw.previousPeriod).toEqual(answer.previousPeriod);
    expect(raw.previous).toEqual(answer.previous);
    const response = await fetch(`${server.api}/performance/figures.xlsx?${november}`, {
      headers: { authorization: `Bearer ${tokens.planner}` },
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('ตัวชี้วัดหลัก')!;
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'ช่วงนี้',
      '2026-11-01',
      '2026-11-30',
      'พ.ย. 2569',
    ]);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual([
      'ช่วงก่อน',
      '2026-10-01',
      '2026-10-31',
      'ต.ค. 2569',
    ]);
    // The company's era of paper set to ค.ศ.: the workbook's words follow it, as printed documents do.
    const admin = await signIn(
      server.api,
      await createUser(server.db, { roles: [ROLE_ADMIN], branchIds: [branchId] }),
    );
    const era = (buddhistEra: boolean) =>
      call(server.api, 'PUT', '/settings/company', { token: admin, body: { buddhistEra } });
    expect((await era(false)).status).toBe(200);
    try {
      const gregorian = await fetch(`${server.api}/performance/figures.xlsx?${november}`, {
        headers: { authorization: `Bearer ${tokens.planner}` },
      });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await gregorian.arrayBuffer());
      const words = [2, 3].map((n) => (book.getWorksheet('ตัวชี้วัดหลัก')!.getRow(n).values as unknown[])[4]);
      expect(words).toEqual(['พ.ย. 2026', 'ต.ค. 2026']);
    } finally {
      expect((await era(true)).status).toBe(200);
    }
  });

  it('answers an empty period with nulls, not zeros', async () => {
    const response = await performance(tokens.planner, `branchId=${branchId}&from=2025-01-01&to=2025-01-31`);
    expect(response.status).toBe(200);
    const answer = response.body as PerformanceAnswer;
    expect(answer.current.stops.onTime).toEqual({ count: 0, of: 0, percent: null });
    expect(answer.truckUse.byTruck).toEqual([]);
    // The branch's trucks are still there, every day of the month empty.
    expect(answer.truckDays.byTruck.map((row) => [row.label, row.tripDays, row.emptyDays.length])).toEqual([
      ['70-1001', 0, 31],
      ['70-1002', 0, 31],
    ]);
  });
});

describe('GET /deliveryStopReport (the stops the figures open)', () => {
  const stops = (token: string, filters: string) =>
    call(server.api, 'GET', `/deliveryStopReport?branchId=${branchId}&${filters}`, { token });
  const inOctober = 'shiftDateFrom=2026-10-01&shiftDateTo=2026-10-31';

  it('lists the branch’s stops of the period, narrowed by outcome, reason, truck and on time as the figures count them', async () => {
    const figures = (await performance(tokens.planner, october())).body as PerformanceAnswer;
    // October's five stops (B5 still pending); September's, November's and the other branch's left out.
    const all = await stops(tokens.dispatcher, inOctober);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.total).toBe(5);
    const settled = await stops(
      tokens.dispatcher,
      `${inOctober}&statuses=DELIVERED&statuses=PARTIAL&statuses=FAILED`,
    );
    expect(settled.body.total).toBe(figures.current.stops.onTime.of);
    // The Pareto's bar of "ไม่พบผู้รับ" (1 stop) opens that one stop.
    const absent = await stops(tokens.dispatcher, `${inOctober}&statuses=FAILED&reasons=CUSTOMER_ABSENT`);
    const bar = figures.current.failures.find((b) => b.reason === 'CUSTOMER_ABSENT')!;
    expect(absent.body.total).toBe(bar.stops);
    expect(absent.body.items.map((item: { id: string }) => item.id)).toEqual([ids.stopBB3]);
    // On time: A1 (10:00) and B2 (10:30) inside 09:00–11:00; A2 recorded at 12:00 is late.
    const onTime = await stops(tokens.dispatcher, `${inOctober}&onTimeEq=true`);
    expect(onTime.body.total).toBe(figures.current.stops.onTime.count);
    expect(onTime.body.total).toBe(2);
    const late = await stops(tokens.dispatcher, `${inOctober}&onTimeEq=false&statuses=PARTIAL`);
    expect(late.body.items.map((item: { inFull: boolean }) => item.inFull)).toEqual([false]);
    const truck = await stops(tokens.dispatcher, `${inOctober}&vehicleIds=${ids.t4}`);
    expect(truck.body.total).toBe(3);
    const none = await stops(tokens.dispatcher, `${inOctober}&reasons=WRONG_ADDRESS`);
    expect(none.body.total).toBe(0);
  });

  it('refuses readers without the shipment role, another branch’s reader and no session', async () => {
    expect((await stops(tokens.planner, inOctober)).status).toBe(403);
    expect((await stops(tokens.dispatcherElsewhere, inOctober)).status).toBe(403);
    const anonymous = await call(
      server.api,
      'GET',
      `/deliveryStopReport?branchId=${branchId}&${inOctober}`,
      {},
    );
    expect(anonymous.status).toBe(401);
  });

  it('refuses filters it does not declare, and values outside their type, before any query runs', async () => {
    expect((await stops(tokens.dispatcher, 'reasons=NOT_A_REASON')).status).toBe(400);
    expect((await stops(tokens.dispatcher, 'shiftDateFrom=2026-02-30')).status).toBe(400);
    expect((await stops(tokens.dispatcher, 'onTimeEq=perhaps')).status).toBe(400);
    expect((await stops(tokens.dispatcher, 'distanceFrom=1')).status).toBe(400);
  });

  it('is read only', async () => {
    const created = await call(server.api, 'POST', `/deliveryStopReport?branchId=${branchId}`, {
      token: tokens.driver,
      body: { shipToName: 'x' },
    });
    expect([404, 405]).toContain(created.status);
  });
});
