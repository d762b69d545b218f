import type { Database } from '../src/db/database.ts';
import { generateDeliveryHistory, prepareHistory } from '../src/seed/deliveryHistory.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';
import { createBranch } from './fixtures.ts';

/**
 * Two new branches' September and October from the bench's generator (outcomes, partial
 * quantities, reasons, returns, trips never started or ended, canceled bookings, overloaded
 * trucks), written with the roll-ups' triggers on: what the performance tests read back.
 * `big` and `small` are the two vehicle types, `big` with bands of its own.
 */
export async function seedPerformanceHistory(db: Database, shape = { tripsPerDay: 3, stopsPerTrip: 6 }) {
  const branches = [await createBranch(db), await createBranch(db)];
  const [big, small] = await insertRecords(db, 'vehicleType', [
    { code: 'R6', name: 'รถ 6 ล้อ', maxCapacityWeight: 2500, maxCapacityVolume: 3.5 },
    // Small enough that some trips overload it.
    { code: 'R4', name: 'รถ 4 ล้อ', maxCapacityWeight: 600.5, maxCapacityVolume: 0.75 },
  ]);
  await insertRecords(db, 'vehicleUtilizationThresholds', [
    { vehicleTypeId: big, status: 'AVAILABLE', ...band(0, 30) },
    { vehicleTypeId: big, status: 'NORMAL', ...band(30, 60) },
    { vehicleTypeId: big, status: 'NEARLY_FULL', ...band(60, 100) },
    { vehicleTypeId: big, status: 'FULL', ...band(100, 100) },
  ]);
  for (const [i, branchId] of branches.entries())
    await insertRecords(db, 'vehicle', [
      { code: `R${i}A`, name: 'หกล้อ', licensePlate: `71-${i}001`, vehicleTypeId: big, branchId },
      { code: `R${i}B`, name: 'สี่ล้อ', licensePlate: `71-${i}002`, vehicleTypeId: small, branchId },
      { code: `R${i}C`, name: 'สี่ล้อไม่มีป้าย', vehicleTypeId: small, branchId },
    ]);
  const [shipCondId] = await insertRecords(db, 'shipCond', [
    { code: 'SCR', name: 'ส่งปกติ', sla: 0, vehicleTypeIds: [big, small] },
  ]);
  const [customerId] = await insertRecords(db, 'customer', [{ code: 'CUR', name: 'ลูกค้าทดสอบ' }]);
  const [regionId] = await insertRecords(db, 'region', [{ code: 'RR', nameTh: 'ภาค' }]);
  const [provinceId] = await insertRecords(db, 'province', [{ code: 'PR', nameTh: 'จังหวัด', regionId }]);
  const [districtId] = await insertRecords(db, 'district', [{ code: 'DR', nameTh: 'อำเภอ', provinceId }]);
  const [subDistrictId] = await insertRecords(db, 'subDistrict', [
    { code: 'SR', nameTh: 'ตำบล', districtId, lat: 13.7, lon: 100.5 },
  ]);
  const [shipToId] = await insertRecords(db, 'shipTo', [{ code: 'STR', name: 'ร้าน', subDistrictId }]);
  const prefix = 'RU';
  await prepareHistory(db, {
    branchIds: branches,
    prefix,
    customerId: customerId!,
    shipCondId: shipCondId!,
    size: 30,
  });
  await generateDeliveryHistory(db, {
    branchIds: branches,
    from: '2026-09-01',
    days: 61,
    ...shape,
    chunkDays: 31,
    prefix,
    customerId: customerId!,
    shipToId: shipToId!,
  });
  return { branches, big: big!, small: small! };
}

function band(min: number, max: number) {
  return {
    minWeightPercent: min,
    maxWeightPercent: max,
    minVolumePercent: min,
    maxVolumePercent: max,
    minHourPercent: min,
    maxHourPercent: max,
  };
}
