import type { Database } from '../../server/src/db/database.ts';
import { bangkokInstant } from '../../server/src/delivery/stops.ts';
import { insertRecords } from '../../server/src/seed/insertRecords.ts';
import { type PastStop, type PastTrip, writePastTrips } from '../../server/src/seed/pastTrips.ts';

/**
 * A branch's October 2026, small enough to work out by hand (issue 40's end-to-end test), written
 * by the demo's own writer of past trips (`writePastTrips`). Every window 09:00–11:00 Bangkok.
 *
 *   T1 6W of contractor A, 06/10, 08:00–13:00 (300 min); far drop Y 60 km
 *     S1 X 30 km  E1 10 of 10 (1,000 kg 4 m³)       DELIVERED 09:40, on time   dwell 09:30–09:50 = 20
 *     S2 Y 60 km  E2 10 of 10 (2,000 kg 8 m³)       PARTIAL 11:30, late: E2 6 of 10, E5 3 of 3
 *                 E5 3 of 3 (300 kg 1 m³)                                       dwell 11:20–11:50 = 30
 *   T2 6W of contractor A, 13/10, 08:00–12:00 (240 min); far drop Z 100 km
 *     S3 Z 100 km E3 5 of 5 (500 kg 2 m³)           FAILED ไม่พบผู้รับ 10:00    dwell 09:50–10:05 = 15
 *     S4 Y 60 km  E2 again, the 4 left              DELIVERED 11:20, late      dwell 11:10–11:30 = 20
 *   T3 4W of the company, 20/10, 08:00–11:00 (180 min); far drop Z 100 km
 *     S5 Z 100 km E3 again, 5                       DELIVERED 09:15, on time   dwell 09:05–09:25 = 20
 *     S6 W 12 km  E4 2 of 2 (100 kg 0.5 m³)         FAILED ที่อยู่ไม่ถูกต้อง 10:10 dwell 10:00–10:15 = 15
 *
 * Per stop (6 settled): on time S1 S5 → 33.3 %; in full S1 S4 S5 → 50.0 %; OTIF S1 S5 → 33.3 %.
 * Per DO line (7): on time S1·E1 S5·E3 → 28.6 %; in full S1·E1 S2·E5 S4·E2 S5·E3 → 57.1 %; OTIF 28.6 %.
 * First attempts E1 E2 E5 E3 E4, whole E1 E5 → 40.0 %. Failures: ไม่พบผู้รับ 1, ที่อยู่ไม่ถูกต้อง 1.
 * Km per drop (60 + 100 + 100) / 4 drops = 65.0; minutes (300 + 240 + 180) / 4 = 180.0; dwell 120 / 6 = 20.0.
 * DO → booking, from each DO's own date (the day it reached LMS: writePastTrips gives a DO its first
 * stop's document day, a stop's second DO a day earlier) to the booking's confirmed day: S1·E1 1;
 * S2·E2 2, S2·E5 3; S3·E3 0; S4·E2 6 (E2 came in on 2/10); S5·E3 7 (9/10); S6·E4 1 → 20 / 7 = 2.86 days.
 * Confirmed → delivered: S1 4; S2 2; S3 4; S4 5; S5 4; S6 2 → 3.5 days. By link S2 S4 S5, by phone S1 S3 (S6 not called) → 60.0 % and 40.0 %.
 * Truck use 6W: 2 trips, (3,300 + 1,300) kg of 10,000 = 46.0 %, (13 + 5.2) m³ of 40 = 45.5 %;
 * 4W: 600 kg of 1,000 = 60.0 %, 2.5 m³ of 5 = 50.0 %.
 * Contractor A's October statement: T1 2,200 (≤ 75 km) + 1 extra drop × 300 = 2,500;
 * T2 3,800 (≤ 150 km) + 300 = 4,100 → 2 trips, 160 km, 6,600.00. T3 is the company's truck.
 */

export const MONTH = '2026-10';

export interface BranchMonth {
  readonly branchId: string;
  readonly contractorLabel: string;
  /** T1, T2, T3's shipment ids. */
  readonly shipmentIds: readonly string[];
}

export async function writeBranchMonth(db: Database): Promise<BranchMonth> {
  const [branchId] = (await insertRecords(db, 'branch', [
    { code: 'E2M', name: 'สาขาทดสอบเดือนตัวอย่าง', lat: 13.7, lon: 100.5 },
  ])) as [string];
  const [six, four] = (await insertRecords(db, 'vehicleType', [
    { code: 'E6W', name: 'รถ 6 ล้อ', maxCapacityWeight: 5000, maxCapacityVolume: 20 },
    { code: 'E4W', name: 'รถ 4 ล้อ', maxCapacityWeight: 1000, maxCapacityVolume: 5 },
  ])) as [string, string];
  await insertRecords(db, 'shippingPriceConfig', [
    {
      vehicleTypeId: six,
      validFrom: '2026-01-01',
      minimumFee: 1200,
      fee75Km: 2200,
      fee150Km: 3800,
      extraDropFee: 300,
    },
    { vehicleTypeId: four, validFrom: '2026-01-01', minimumFee: 1000, fee75Km: 900, fee150Km: 1600 },
  ]);
  const [contractorId] = (await insertRecords(db, 'contractor', [
    { code: 'E2A', firstName: 'สมศักดิ์', lastName: 'ขนส่งเร็ว' },
  ])) as [string];
  const [truckA, truckC] = (await insertRecords(db, 'vehicle', [
    {
      code: 'E6A',
      name: '6 ล้อ ของผู้รับเหมา',
      licensePlate: '71-2001',
      vehicleTypeId: six,
      branchId,
      contractorId,
    },
    { code: 'E4C', name: '4 ล้อ ของบริษัท', licensePlate: '71-2002', vehicleTypeId: four, branchId },
  ])) as [string, string];
  const [driverId] = (await insertRecords(db, 'driver', [
    { branchId, code: 'E2D', name: 'พนักงานขับรถทดสอบ', vehicleId: truckA, contractorId },
  ])) as [string];
  const [shipCondId] = (await insertRecords(db, 'shipCond', [
    { code: 'E2C', name: 'ส่งปกติ', sla: 0, vehicleTypeIds: [six, four] },
  ])) as [string];
  const [shiftId] = (await insertRecords(db, 'shiftOfDay', [
    { name: 'กะเช้าทดสอบ', startTime: '08:00', endTime: '14:00', totalMinute: 360, priority: 1, active: true },
  ])) as [string];
  const [customerId] = (await insertRecords(db, 'customer', [{ code: 'E2U', name: 'ลูกค้าเดือนตัวอย่าง' }])) as [
    string,
  ];
  const [regionId] = await insertRecords(db, 'region', [{ code: 'E2R', nameTh: 'ภาคทดสอบ' }]);
  const [provinceId] = await insertRecords(db, 'province', [{ code: 'E2P', nameTh: 'จังหวัดทดสอบ', regionId }]);
  const [districtId] = await insertRecords(db, 'district', [
    { code: 'E2T', nameTh: 'อำเภอทดสอบ', provinceId },
  ]);
  const [subDistrictId] = await insertRecords(db, 'subDistrict', [
    { code: 'E2S', nameTh: 'ตำบลทดสอบ', districtId, lat: 13.7, lon: 100.5 },
  ]);
  const [x, y, z, w] = (await insertRecords(
    db,
    'shipTo',
    ['X', 'Y', 'Z', 'W'].map((name) => ({ code: `E2${name}`, name: `ร้าน ${name}`, subDistrictId })),
  )) as [string, string, string, string];

  const at = (day: string, hhmm: string) =>
    bangkokInstant(day, Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3, 5)) * 60);
  const order = (
    docNo: string,
    qty: number,
    doQty: number,
    weight: number,
    volume: number,
    delivered?: number,
  ) => ({
    docNo,
    qty,
    doQty,
    weight,
    volume,
    ...(delivered === undefined ? {} : { delivered }),
  });
  const stop = (
    day: string,
    shipToId: string,
    km: number,
    booking: { doc: string; confirmed: string; call: PastStop['callStatus'] },
    orders: PastStop['orders'],
    outcome: {
      kind: 'delivered' | 'partial' | 'failed';
      arrived: string;
      at: string;
      left: string;
      reason?: 'CUSTOMER_ABSENT' | 'WRONG_ADDRESS';
    },
  ): PastStop => ({
    shipToId,
    customerId,
    shipCondId,
    km,
    docDate: booking.doc,
    confirmedAt: at(booking.confirmed, '10:00'),
    callStatus: booking.call,
    windowFrom: at(day, '09:00'),
    windowTo: at(day, '11:00'),
    orders,
    outcome: {
      kind: outcome.kind,
      arrived: at(day, outcome.arrived),
      at: at(day, outcome.at),
      left: at(day, outcome.left),
      ...(outcome.reason ? { reason: outcome.reason } : {}),
    },
  });
  const trip = (day: string, vehicleId: string, end: string, stops: PastStop[]): PastTrip => ({
    branchId,
    day,
    shiftOfDayId: shiftId,
    vehicleId,
    driverId: vehicleId === truckA ? driverId : null,
    plannedStart: at(day, '08:00'),
    started: at(day, '08:00'),
    ended: at(day, end),
    stops,
  });
  const d1 = '2026-10-06';
  const d2 = '2026-10-13';
  const d3 = '2026-10-20';
  const shipmentIds = await writePastTrips(db, [
    trip(d1, truckA, '13:00', [
      stop(
        d1,
        x,
        30,
        { doc: '2026-10-01', confirmed: '2026-10-02', call: 'CALLED' },
        [order('DO-E1', 10, 10, 1000, 4)],
        {
          kind: 'delivered',
          arrived: '09:30',
          at: '09:40',
          left: '09:50',
        },
      ),
      stop(
        d1,
        y,
        60,
        { doc: '2026-10-02', confirmed: '2026-10-04', call: 'CONFIRMED_BY_CUSTOMER' },
        [order('DO-E2', 10, 10, 2000, 8, 6), order('DO-E5', 3, 3, 300, 1, 3)],
        { kind: 'partial', arrived: '11:20', at: '11:30', left: '11:50' },
      ),
    ]),
    trip(d2, truckA, '12:00', [
      stop(
        d2,
        z,
        100,
        { doc: '2026-10-09', confirmed: '2026-10-09', call: 'CALLED' },
        [order('DO-E3', 5, 5, 500, 2)],
        {
          kind: 'failed',
          arrived: '09:50',
          at: '10:00',
          left: '10:05',
          reason: 'CUSTOMER_ABSENT',
        },
      ),
      stop(
        d2,
        y,
        60,
        { doc: '2026-10-07', confirmed: '2026-10-08', call: 'CONFIRMED_BY_CUSTOMER' },
        [order('DO-E2', 4, 10, 2000, 8)],
        { kind: 'delivered', arrived: '11:10', at: '11:20', left: '11:30' },
      ),
    ]),
    trip(d3, truckC, '11:00', [
      stop(
        d3,
        z,
        100,
        { doc: '2026-10-14', confirmed: '2026-10-16', call: 'CONFIRMED_BY_CUSTOMER' },
        [order('DO-E3', 5, 5, 500, 2)],
        { kind: 'delivered', arrived: '09:05', at: '09:15', left: '09:25' },
      ),
      stop(
        d3,
        w,
        12,
        { doc: '2026-10-17', confirmed: '2026-10-18', call: 'NOT_CALLED' },
        [order('DO-E4', 2, 2, 100, 0.5)],
        {
          kind: 'failed',
          arrived: '10:00',
          at: '10:10',
          left: '10:15',
          reason: 'WRONG_ADDRESS',
        },
      ),
    ]),
  ]);
  return { branchId, contractorLabel: 'E2A', shipmentIds };
}
