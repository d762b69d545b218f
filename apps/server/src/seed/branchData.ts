import { addDays } from '@lms/domain';
import type { Executor } from '../db/database.ts';
import type { Geography } from './geography.ts';
import { insertRecords } from './insertRecords.ts';
import { holdsBranch, type MasterData } from './masterData.ts';

export const DEMO_DAYS = 60;
const customerNames = [
  'บริษัท ไทยโฮม จำกัด',
  'ห้างหุ้นส่วน รุ่งเรืองก่อสร้าง',
  'ร้าน สมศรีพาณิชย์',
  'บริษัท สยามมาร์ท จำกัด',
  'โรงแรม ริมน้ำ',
  'ร้าน ช่างเอกวัสดุ',
  'บริษัท อีสานเทรดดิ้ง จำกัด',
  'ร้าน ป้าแดงมินิมาร์ท',
];

/** Slots for 60 days, bans, adjust percents, vehicles and drivers of every branch. */
export async function seedBranchCapacity(db: Executor, geo: Geography, master: MasterData, today: string) {
  const types = Object.entries(master.vehicleTypeIds);
  const fleet: Record<string, number> = { '4W': 6, '6W': 5, '10W': 3, TRL: 1 };
  const slots = master.branchIds.flatMap((branchId, b) =>
    Array.from({ length: DEMO_DAYS }, (_, day) => addDays(today, day)).flatMap((shiftDate) =>
      master.shiftIds.flatMap((shiftOfDayId, s) =>
        types.map(([code, vehicleTypeId]) => ({
          branchId,
          shiftDate,
          shiftOfDayId,
          vehicleTypeId,
          shipCondId: master.shipCondIds.normal,
          // The evening shift runs a smaller fleet; branch 0 (Bangkok) is the largest.
          total: Math.max(1, (fleet[code] ?? 1) - (s === 2 ? 2 : 0) + (b === 0 ? 2 : 0)),
          special: code === '4W' ? 1 : 0,
        })),
      ),
    ),
  );
  // Route-based ship cond 29 from Bangkok: 6-wheel trucks of the eastern route, mornings.
  for (let day = 0; day < DEMO_DAYS; day++) {
    slots.push({
      branchId: master.branchIds[0]!,
      shiftDate: addDays(today, day),
      shiftOfDayId: master.shiftIds[0]!,
      vehicleTypeId: master.vehicleTypeIds['6W']!,
      shipCondId: master.shipCondIds.route,
      total: 2,
      special: 0,
      routeConfigId: master.routeConfigId,
    } as (typeof slots)[number]);
  }
  await insertRecords(db, 'vehicleDateSlot', slots);

  // Trip timings per branch, vehicle type and ship cond: bigger trucks drive slower and load longer.
  const timing: Record<string, [number, number, number, number]> = {
    '4W': [1.2, 15, 15, 10],
    '6W': [1.5, 30, 30, 15],
    '10W': [1.8, 45, 45, 20],
    TRL: [2.2, 60, 60, 30],
  };
  const settings = master.branchIds.flatMap((branchId) =>
    types.flatMap(([code, vehicleTypeId], t) =>
      Object.values(master.shipCondIds).map((shipCondId, c) => {
        const position = t * 3 + c;
        const [speedPerKm, loadTime, unloadTime, waitTime] = timing[code] ?? [1.5, 30, 30, 15];
        return {
          parent_id: branchId,
          position,
          vehicle_type_id: vehicleTypeId,
          ship_cond_id: shipCondId,
          speed_per_km: speedPerKm,
          load_time: loadTime,
          unload_time: unloadTime,
          wait_time: waitTime,
        };
      }),
    ),
  );
  await db.insertInto('branch__vehicle_type_settings').values(settings).execute();

  // Bangkok's inner-city ban: trucks of 10 wheels and more, 06:00–21:00, every day.
  const inner = geo.subDistricts.filter((s) => /^10(01|02|03|04|05|06|07|08|09|13|14|15)/.test(s.code));
  await insertRecords(
    db,
    'truckBanConfig',
    ['10W', 'TRL'].flatMap((code) =>
      inner.map((s) => ({
        branchId: master.branchIds[0],
        name: 'ห้ามรถบรรทุก 10 ล้อขึ้นไปในเขตชั้นใน',
        startTime: '06:00',
        endTime: '21:00',
        vehicleTypeId: master.vehicleTypeIds[code],
        subDistrictId: s.id,
        banDayPattern: 'EVERY_DAY',
        bannedWeekdays: [0, 1, 2, 3, 4, 5, 6],
      })),
    ),
  );
  await insertRecords(
    db,
    'vehicleTypeAdjustPercent',
    master.branchIds.flatMap((branchId) =>
      types.map(([, vehicleTypeId]) => ({
        branchId,
        vehicleTypeId,
        bookingWeightAdjustPercent: 90,
        bookingVolumeAdjustPercent: 90,
        planningWeightAdjustPercent: 95,
        planningVolumeAdjustPercent: 95,
      })),
    ),
  );
  let plate = 1000;
  const vehicles = master.branchIds.flatMap((branchId, b) =>
    types.flatMap(([code, vehicleTypeId]) =>
      Array.from({ length: 2 }, (_, i) => ({
        branchId,
        vehicleTypeId,
        code: `${code}-${b + 1}${i + 1}`,
        name: `${code} คันที่ ${i + 1}`,
        licensePlate: `${70 + b}-${plate++}`,
        fuelType: 'DIESEL',
        // Each type's second truck is a contractor's (docs/freight.md): the month's statements have trips.
        contractorId: i === 1 ? master.contractorIds[code === '4W' || code === '6W' ? 0 : 1]! : null,
      })),
    ),
  );
  const vehicleIds = await insertRecords(db, 'vehicle', vehicles);
  await insertRecords(
    db,
    'driver',
    vehicles.map((v, i) => ({
      branchId: v.branchId,
      code: `DRV-${i + 1}`,
      name: `พนักงานขับรถ ${i + 1}`,
      tel: `08${String(10000000 + i * 7919).slice(0, 8)}`,
      isMain: true,
      licenseType: v.vehicleTypeId === master.vehicleTypeIds['4W'] ? 'B2' : 'T2',
      vehicleId: vehicleIds[i],
      contractorId: v.contractorId,
    })),
  );
}

/** Every tenth Bangkok DO ships under the route-based ship cond. */
const onRoute = (i: number, branch: number) => i % 10 === 9 && branch === 0;

/** Customers, ship-tos near each branch, sales orders and unbooked delivery orders. */
export async function seedDocuments(
  db: Executor,
  geo: Geography,
  master: MasterData,
  today: string,
  dosPerBranch = 120,
) {
  const customerIds = await insertRecords(
    db,
    'customer',
    customerNames.map((name, i) => ({
      code: `C${String(i + 1).padStart(4, '0')}`,
      name,
      tel: `02${String(5550000 + i)}`,
    })),
  );
  const branchProvinces = ['10', '50', '40', '90'];
  const shipTos = branchProvinces.flatMap((province, b) =>
    geo.subDistricts
      .filter((s) => s.provinceCode === province && s.lat)
      .filter((s, i) => i % 7 === 0 && !holdsBranch(s.code))
      .slice(0, 10)
      .map((s, i) => ({
        code: `ST${b + 1}${String(i + 1).padStart(3, '0')}`,
        name: `${customerNames[i % customerNames.length]} (จุดส่ง ${i + 1})`,
        subDistrictId: s.id,
        lat: s.lat,
        lon: s.lon,
        address: `เลขที่ ${10 + i} หมู่ ${1 + (i % 9)}`,
        // A mobile the planner calls to confirm the appointment (the booking's page links it).
        tel: `08${b + 1}-555-${String(1001 + i)}`,
        branch: b,
      })),
  );
  const shipToIds = await insertRecords(
    db,
    'shipTo',
    shipTos.map(({ branch: _b, ...s }) => s),
  );
  // Route-based DOs (ship cond 29) go to a customer on the route, or no route slot could take them.
  const route = master.routeSubDistrict;
  const [routeShipToId] = await insertRecords(db, 'shipTo', [
    {
      code: 'ST-R01',
      name: `${customerNames[0]} (จุดส่งตามเส้นทาง)`,
      subDistrictId: route.id,
      lat: route.lat,
      lon: route.lon,
      address: 'เลขที่ 99 ถนนลาดกระบัง',
      tel: '089-555-0099',
    },
  ]);
  for (const [b, branchId] of master.branchIds.entries()) {
    const mine = shipTos.map((s, i) => ({ ...s, id: shipToIds[i]! })).filter((s) => s.branch === b);
    await insertRecords(
      db,
      'so',
      Array.from({ length: Math.ceil(dosPerBranch / 3) }, (_, i) => ({
        branchId,
        status: 'OPEN',
        docNo: `SO${b + 1}${String(i + 1).padStart(6, '0')}`,
        docDate: addDays(today, -(i % 10)),
        docType: 'ZOR',
        customerId: customerIds[i % customerIds.length],
      })),
    );
    await insertRecords(
      db,
      'deliveryOrder',
      Array.from({ length: dosPerBranch }, (_, i) => {
        const article = i % master.articleIds.length;
        const qty = 1 + (i % 12);
        // A DO goes to one of its own customer's places (named after the customer), as the ERP's would.
        const customer = onRoute(i, b) ? 0 : Math.floor(i / 3) % customerIds.length;
        const named = mine.filter((_, j) => j % customerNames.length === customer);
        const places = named.length ? named : mine;
        return {
          branchId,
          docNo: `DO${b + 1}${String(i + 1).padStart(7, '0')}`,
          pickAt: addDays(today, 0),
          planAt: addDays(today, 1 + (i % 5)),
          deliveryAt: addDays(today, 2 + (i % 10)),
          qty,
          weight: qty * [18, 65, 45, 60, 50, 25, 3, 22, 25, 50, 7, 12][article]!,
          weightUnit: 'KG',
          volume: qty * [0.25, 0.9, 0.4, 0.6, 0.035, 0.02, 0.01, 0.025, 0.04, 0.06, 0.012, 0.015][article]!,
          volumeUnit: 'M3',
          isBooking: false,
          customerId: customerIds[customer],
          siteId: branchId,
          slocId: master.warehouseId,
          articleUomId: master.articleIds[article],
          shipCondId: onRoute(i, b) ? master.shipCondIds.route : master.shipCondIds.normal,
          soShipToId: onRoute(i, b)
            ? routeShipToId
            : places[Math.floor(i / 3 / customerIds.length) % places.length]?.id,
        };
      }),
    );
  }
}
