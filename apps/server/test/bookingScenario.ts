import { bangkokIsoDate } from '@lms/domain';
import { sql } from 'kysely';
import type { Database } from '../src/db/database.ts';
import { insertRecords } from '../src/seed/insertRecords.ts';

let serial = 0;

/**
 * A small world whose arithmetic is easy to check: one branch, a 1,000 kg truck type, a
 * shift of 600 minutes, a ship-to at the branch's door (no travel), 10 minutes each to load,
 * unload and wait, and DOs of 100 kg. One vehicle therefore takes exactly 10 such DOs.
 */
export async function bookingScenario(db: Database, options: { deliveryOrders: number; vehicles?: number }) {
  const n = ++serial;
  const today = bangkokIsoDate(new Date());
  const [regionId] = await insertRecords(db, 'region', [{ code: `R${n}`, nameTh: 'ภาคทดสอบ' }]);
  const [provinceId] = await insertRecords(db, 'province', [
    { code: `P${n}`, nameTh: 'จังหวัดทดสอบ', regionId },
  ]);
  const [districtId] = await insertRecords(db, 'district', [
    { code: `D${n}`, nameTh: 'อำเภอทดสอบ', provinceId },
  ]);
  const [subDistrictId] = await insertRecords(db, 'subDistrict', [
    { code: `S${n}`, nameTh: 'ตำบลทดสอบ', districtId, lat: 13.7, lon: 100.5 },
  ]);
  const [branchId] = await insertRecords(db, 'branch', [
    { code: `BR${n}`, name: `สาขาทดสอบ ${n}`, lat: 13.7, lon: 100.5, subDistrictId },
  ]);
  const [vehicleTypeId] = await insertRecords(db, 'vehicleType', [
    { code: `VT${n}`, name: `รถทดสอบ ${n}`, maxCapacityWeight: 1000, maxCapacityVolume: 100 },
  ]);
  const [shipCondId] = await insertRecords(db, 'shipCond', [
    { code: `SC${n}`, name: 'ส่งทดสอบ', sla: 0, vehicleTypeIds: [vehicleTypeId] },
  ]);
  const [shiftOfDayId] = await insertRecords(db, 'shiftOfDay', [
    {
      name: `กะทดสอบ ${n}`,
      startTime: '08:00',
      endTime: '18:00',
      totalMinute: 600,
      priority: 1,
      active: true,
    },
  ]);
  await sql`insert into branch__vehicle_type_settings (parent_id, position, vehicle_type_id, ship_cond_id, speed_per_km, load_time, unload_time, wait_time)
    values (${branchId}, 0, ${vehicleTypeId}, ${shipCondId}, 1, 10, 10, 10)`.execute(db);
  const [slotId] = await insertRecords(db, 'vehicleDateSlot', [
    {
      branchId,
      shiftDate: today,
      shiftOfDayId,
      vehicleTypeId,
      shipCondId,
      total: options.vehicles ?? 1,
      special: 0,
    },
  ]);
  const [customerId] = await insertRecords(db, 'customer', [{ code: `CU${n}`, name: 'ลูกค้าทดสอบ' }]);
  const [shipToId] = await insertRecords(db, 'shipTo', [
    { code: `ST${n}`, name: 'หน้าร้าน', subDistrictId, lat: 13.7, lon: 100.5 },
  ]);
  const [articleId] = await insertRecords(db, 'article', [
    { code: `AR${n}`, name: 'สินค้าทดสอบ', weight: 100, volume: 1 },
  ]);
  const deliveryOrderIds = await insertRecords(
    db,
    'deliveryOrder',
    Array.from({ length: options.deliveryOrders }, (_, i) => ({
      branchId,
      docNo: `T${n}-${String(i + 1).padStart(4, '0')}`,
      qty: 1,
      weight: 100,
      volume: 1,
      isBooking: false,
      customerId,
      articleUomId: articleId,
      shipCondId,
      soShipToId: shipToId,
    })),
  );
  return {
    today,
    branchId: branchId!,
    vehicleTypeId: vehicleTypeId!,
    shipCondId: shipCondId!,
    shiftOfDayId: shiftOfDayId!,
    slotId: slotId!,
    shipToId: shipToId!,
    deliveryOrderIds,
  };
}

export const oneDoAllocation = (slotId: string, deliveryOrderId: string) => [
  { slotId, vehicles: 1, lines: [{ deliveryOrderId, lineId: deliveryOrderId, qty: 1 }] },
];

type Scenario = Awaited<ReturnType<typeof bookingScenario>>;

/** A draft's body that books one DO of the scenario into one slot (the scenario's own by default). */
export const oneDoDraft = (world: Scenario, deliveryOrderId: string, slotId = world.slotId) => ({
  deliveryOrderIds: [deliveryOrderId],
  shipToId: world.shipToId,
  shipCondId: world.shipCondId,
  allocations: oneDoAllocation(slotId, deliveryOrderId),
});

/**
 * `count` more slots like the scenario's (its branch, shift, vehicle type and ship cond), of `total`
 * vehicles each, on `shiftDate` (the scenario's day by default).
 */
export const moreSlots = (db: Database, world: Scenario, count: number, total = 1, shiftDate = world.today) =>
  insertRecords(
    db,
    'vehicleDateSlot',
    Array.from({ length: count }, () => ({
      branchId: world.branchId,
      shiftDate,
      shiftOfDayId: world.shiftOfDayId,
      vehicleTypeId: world.vehicleTypeId,
      shipCondId: world.shipCondId,
      total,
      special: 0,
    })),
  );

/** One more slot like the scenario's on `date`: its id. */
export const slotOn = async (db: Database, world: Scenario, date: string, total = 1) =>
  (await moreSlots(db, world, 1, total, date))[0]!;

/** The calendar's cell of the scenario's shift and vehicle type on `date` (a reschedule's from and to). */
export const cellOf = (world: Scenario, date: string) => ({
  date,
  shiftOfDayId: world.shiftOfDayId,
  vehicleTypeId: world.vehicleTypeId,
});

/**
 * The capacity a slot's active bookings use, summed from their lines (booking.md), after checking
 * that the slot's row keeps the same figures (migration 0030: what a confirm reads under its lock).
 */
export async function usedCapacity(db: Database, slotId: string) {
  const { rows } = await sql<{ weight: number; volume: number; minute: number }>`
    select coalesce(sum(l.used_weight), 0)::float as weight, coalesce(sum(l.used_volume), 0)::float as volume,
           coalesce(sum(l.used_minute), 0)::float as minute
      from booking_report__lines l join booking_report b on b.id = l.parent_id and b.canceled_at is null
     where l.slot_id = ${slotId}`.execute(db);
  const { rows: kept } = await sql<{ weight: number; volume: number; minute: number }>`
    select used_weight::float as weight, used_volume::float as volume, used_minute::float as minute
      from vehicle_date_slot where id = ${slotId}`.execute(db);
  if (JSON.stringify(kept[0]) !== JSON.stringify(rows[0]))
    throw new Error(
      `slot ${slotId} keeps ${JSON.stringify(kept[0])} but its lines sum to ${JSON.stringify(rows[0])}`,
    );
  return rows[0]!;
}

/** The weight a slot's active bookings use (and its row keeps: `usedCapacity`). */
export const usedWeight = async (db: Database, slotId: string) => (await usedCapacity(db, slotId)).weight;

/**
 * One draft per DO of the scenario, each booking its DO into the scenario's slot, written straight
 * to the table for `userId` (hundreds of draft requests over HTTP would be a test's whole time).
 * Answers the drafts' ids.
 */
export async function oneDoDraftsInTable(db: Database, world: Scenario, userId: string) {
  const request = (doId: string) => ({
    deliveryOrderIds: [doId],
    shipToId: world.shipToId,
    shipCondId: world.shipCondId,
    special: false,
    wantedDate: null,
  });
  const { rows } = await sql<{ id: string }>`
    insert into booking_draft (branch_id, user_id, request, allocations)
    select ${world.branchId}, ${userId}, r::jsonb, a::jsonb
      from unnest(${world.deliveryOrderIds.map((id) => JSON.stringify(request(id)))}::text[],
                  ${world.deliveryOrderIds.map((id) => JSON.stringify(oneDoAllocation(world.slotId, id)))}::text[]) as d(r, a)
    returning id`.execute(db);
  return rows.map((row) => row.id);
}
