import type { Executor } from '../db/database.ts';
import type { Geography } from './geography.ts';
import { insertRecords } from './insertRecords.ts';

/** The demo's price list starts here: every trip of the demo has a price (docs/freight.md). */
const PRICES_FROM = '2020-01-01';

/** The usual Thai truck types with real payloads (kg) and cargo volumes (m³). */
export const truckTypes = [
  {
    code: '4W',
    name: 'รถกระบะ 4 ล้อ',
    maxCapacityWeight: 1500,
    minCapacityWeight: 0,
    maxCapacityVolume: 6,
    minCapacityVolume: 0,
  },
  {
    code: '6W',
    name: 'รถบรรทุก 6 ล้อ',
    maxCapacityWeight: 5500,
    minCapacityWeight: 1000,
    maxCapacityVolume: 22,
    minCapacityVolume: 4,
  },
  {
    code: '10W',
    name: 'รถบรรทุก 10 ล้อ',
    maxCapacityWeight: 15000,
    minCapacityWeight: 4000,
    maxCapacityVolume: 40,
    minCapacityVolume: 10,
  },
  {
    code: 'TRL',
    name: 'รถพ่วง 18 ล้อ',
    maxCapacityWeight: 30000,
    minCapacityWeight: 10000,
    maxCapacityVolume: 70,
    minCapacityVolume: 20,
    trailerTruck: true,
  },
] as const;

/**
 * Branches in four regions, each at its sub-district's coordinates, with the phone customers call
 * (every document and customer message prints it).
 */
export const branches = [
  {
    code: 'BKK',
    name: 'สาขากรุงเทพ (ลาดกระบัง)',
    shortName: 'ลาดกระบัง',
    subDistrictCode: '101101',
    country: 'TH',
    tel: '02-326-1234',
  },
  {
    code: 'CNX',
    name: 'สาขาเชียงใหม่',
    shortName: 'เชียงใหม่',
    subDistrictCode: '500101',
    country: 'TH',
    tel: '053-201-234',
  },
  {
    code: 'KKC',
    name: 'สาขาขอนแก่น',
    shortName: 'ขอนแก่น',
    subDistrictCode: '400101',
    country: 'TH',
    tel: '043-301-234',
  },
  {
    code: 'HDY',
    name: 'สาขาหาดใหญ่',
    shortName: 'หาดใหญ่',
    subDistrictCode: '901101',
    country: 'TH',
    tel: '074-401-234',
  },
] as const;

/**
 * Whether a sub-district holds a branch. A branch sits at its sub-district's centre, and so would a
 * demo customer placed there: a trip of 0 km on the planning board and the trip sheets.
 */
export const holdsBranch = (subDistrictCode: string) =>
  branches.some((branch) => branch.subDistrictCode === subDistrictCode);

export interface MasterData {
  readonly branchIds: string[];
  readonly vehicleTypeIds: Record<string, string>;
  readonly shiftIds: string[];
  readonly shipCondIds: { normal: string; express: string; route: string };
  readonly routeConfigId: string;
  /** A sub-district on the route and not a branch's, for the ship-to of the route-based DOs. */
  readonly routeSubDistrict: {
    readonly id: string;
    readonly lat: number | null;
    readonly lon: number | null;
  };
  readonly articleIds: string[];
  readonly warehouseId: string;
  /** CT01 then CT02: owners of some demo trucks (docs/freight.md). */
  readonly contractorIds: string[];
}

export async function seedMasterData(db: Executor, geo: Geography): Promise<MasterData> {
  const sub = (code: string) => geo.subDistricts.find((s) => s.code === code) ?? geo.subDistricts[0]!;
  const branchIds = await insertRecords(
    db,
    'branch',
    branches.map(({ subDistrictCode, ...b }) => ({
      ...b,
      subDistrictId: sub(subDistrictCode).id,
      lat: sub(subDistrictCode).lat,
      lon: sub(subDistrictCode).lon,
      address: `${b.name} ถนนหลัก`,
    })),
  );
  // A branch's district, province and region are its sub-district's (the branch form shows all four).
  await db
    .updateTable('branch as b')
    .from('sub_district as s')
    .set((eb) => ({
      district_id: eb.ref('s.district_id'),
      province_id: eb.ref('s.province_id'),
      region_id: eb.ref('s.region_id'),
    }))
    .whereRef('s.id', '=', 'b.sub_district_id')
    .where((eb) => eb('b.id', '=', eb.fn.any(eb.val(branchIds))))
    .execute();
  const typeIds = await insertRecords(
    db,
    'vehicleType',
    truckTypes.map((t) => ({ ...t })),
  );
  const vehicleTypeIds = Object.fromEntries(truckTypes.map((t, i) => [t.code, typeIds[i]!]));

  const slotCodeIds = await insertRecords(db, 'timeSlotCode', [
    { code: 'AM', name: 'ช่วงเช้า' },
    { code: 'PM', name: 'ช่วงบ่าย' },
    { code: 'EV', name: 'ช่วงค่ำ' },
  ]);
  const shiftIds = await insertRecords(db, 'shiftOfDay', [
    {
      name: 'กะเช้า',
      startTime: '06:00',
      endTime: '12:00',
      totalMinute: 360,
      priority: 1,
      active: true,
      timeSlotCodeId: slotCodeIds[0],
    },
    {
      name: 'กะบ่าย',
      startTime: '12:00',
      endTime: '18:00',
      totalMinute: 360,
      priority: 2,
      active: true,
      timeSlotCodeId: slotCodeIds[1],
    },
    {
      name: 'กะค่ำ',
      startTime: '18:00',
      endTime: '22:00',
      totalMinute: 240,
      priority: 3,
      active: true,
      timeSlotCodeId: slotCodeIds[2],
    },
  ]);
  const allTypes = Object.values(vehicleTypeIds);
  const [normal, express, route] = await insertRecords(db, 'shipCond', [
    { code: '01', name: 'ส่งปกติ', sla: 1, maxDistance: 400, vehicleTypeIds: allTypes },
    {
      code: '02',
      name: 'ส่งด่วนในเมือง',
      sla: 0,
      maxDistance: 60,
      vehicleTypeIds: [vehicleTypeIds['4W'], vehicleTypeIds['6W']],
    },
    {
      code: '29',
      name: 'ส่งตามเส้นทาง',
      sla: 2,
      vehicleTypeIds: [vehicleTypeIds['6W'], vehicleTypeIds['10W']],
    },
  ]);
  // One route (code R-BKK-E): the eastern Bangkok sub-districts that ship cond 29 serves.
  const eastBangkok = geo.subDistricts
    .filter((s) => s.code.startsWith('1047') || s.code.startsWith('1011'))
    .slice(0, 8);
  const routeIds = await insertRecords(
    db,
    'routeConfig',
    eastBangkok.map((s) => ({ code: 'R-BKK-E', name: 'เส้นทางกรุงเทพตะวันออก', subDistrictId: s.id })),
  );

  await insertRecords(db, 'shippingPriceConfig', [
    {
      vehicleTypeId: vehicleTypeIds['4W'],
      validFrom: PRICES_FROM,
      extraDropFee: 200,
      minimumFee: 500,
      fee75Km: 900,
      fee150Km: 1600,
    },
    {
      vehicleTypeId: vehicleTypeIds['6W'],
      validFrom: PRICES_FROM,
      extraDropFee: 300,
      minimumFee: 1200,
      fee75Km: 2200,
      fee150Km: 3800,
    },
    {
      vehicleTypeId: vehicleTypeIds['10W'],
      validFrom: PRICES_FROM,
      extraDropFee: 500,
      minimumFee: 2500,
      fee75Km: 4500,
      fee150Km: 7500,
    },
    {
      vehicleTypeId: vehicleTypeIds.TRL,
      validFrom: PRICES_FROM,
      extraDropFee: 800,
      minimumFee: 5000,
      fee75Km: 8000,
      fee150Km: 13000,
    },
  ]);
  await insertRecords(
    db,
    'vehicleUtilizationThresholds',
    allTypes.flatMap((vehicleTypeId) =>
      [
        ['AVAILABLE', 0, 50],
        ['NORMAL', 50, 80],
        ['NEARLY_FULL', 80, 95],
        ['FULL', 95, 100],
      ].map(([status, min, max]) => ({
        vehicleTypeId,
        status,
        minWeightPercent: min,
        maxWeightPercent: max,
        minVolumePercent: min,
        maxVolumePercent: max,
        minHourPercent: min,
        maxHourPercent: max,
      })),
    ),
  );

  const [uomEa, uomBox] = await insertRecords(db, 'unit', [
    { code: 'EA', name: 'ชิ้น' },
    { code: 'BOX', name: 'กล่อง' },
  ]);
  await insertRecords(db, 'uom', [
    { code: 'KG', name: 'กิโลกรัม', precision: 3 },
    { code: 'M3', name: 'ลูกบาศก์เมตร', precision: 3 },
  ]);
  const groupIds = await insertRecords(db, 'articleUomType', [
    { code: 'ELEC', name: 'เครื่องใช้ไฟฟ้า' },
    { code: 'BUILD', name: 'วัสดุก่อสร้าง' },
    { code: 'CHEM', name: 'เคมีภัณฑ์ทำความสะอาด' },
    { code: 'FOOD', name: 'อาหารและเครื่องดื่ม' },
  ]);
  // The prohibited pair: cleaning chemicals never share a truck with food.
  await insertRecords(db, 'articleTypeProhibit', [
    { code: 'CHEM-FOOD', name: 'เคมีภัณฑ์ห้ามรวมกับอาหาร', articleUomTypeId: groupIds[2] },
    { code: 'CHEM-FOOD', name: 'เคมีภัณฑ์ห้ามรวมกับอาหาร', articleUomTypeId: groupIds[3] },
  ]);
  const articles = [
    ['TV55', 'ทีวี 55 นิ้ว', 0, 18, 0.25, true, 30],
    ['FRIDGE', 'ตู้เย็น 2 ประตู', 0, 65, 0.9, true, 45],
    ['AIRCON', 'เครื่องปรับอากาศ 12000 BTU', 0, 45, 0.4, true, 120],
    ['WASHER', 'เครื่องซักผ้า 10 กก.', 0, 60, 0.6, true, 30],
    ['CEMENT', 'ปูนซีเมนต์ 50 กก.', 1, 50, 0.035, false, 0],
    ['TILE', 'กระเบื้องปูพื้น (กล่อง)', 1, 25, 0.02, false, 0],
    ['PIPE', 'ท่อ PVC 4 หุน', 1, 3, 0.01, false, 0],
    ['BLEACH', 'น้ำยาฟอกขาว 20 ลิตร', 2, 22, 0.025, false, 0],
    ['DETERG', 'ผงซักฟอก 25 กก.', 2, 25, 0.04, false, 0],
    ['RICE', 'ข้าวสาร 50 กก.', 3, 50, 0.06, false, 0],
    ['WATER', 'น้ำดื่ม (แพ็ก 12 ขวด)', 3, 7, 0.012, false, 0],
    ['OIL', 'น้ำมันพืช (ลัง)', 3, 12, 0.015, false, 0],
  ] as const;
  const articleIds = await insertRecords(
    db,
    'article',
    articles.map(([code, name, group, weight, volume, cannotSplit, installationTime]) => ({
      code,
      name,
      articleUomTypeId: groupIds[group],
      unitId: cannotSplit ? uomEa : uomBox,
      weight,
      volume,
      cannotSplit,
      installationTime,
      stackVolumePercent: cannotSplit ? 100 : 90,
      unsupportedVehicleTypeIds: code === 'FRIDGE' ? [vehicleTypeIds['4W']] : [],
    })),
  );
  const [warehouseId] = await insertRecords(db, 'warehouse', [
    { code: 'WH01', name: 'คลังสินค้าหลัก' },
    { code: 'WH02', name: 'คลังสินค้าวัสดุก่อสร้าง' },
  ]);
  await insertRecords(db, 'vehicleGroup', [
    { code: 'OWN', name: 'รถบริษัท' },
    { code: 'SUB', name: 'รถรับจ้างช่วง' },
  ]);
  const contractorIds = await insertRecords(db, 'contractor', [
    { code: 'CT01', firstName: 'สมชาย', lastName: 'ขนส่งดี', tel: '0812345678' },
    { code: 'CT02', firstName: 'วิไล', lastName: 'รุ่งเรืองทรานสปอร์ต', tel: '0898765432' },
  ]);
  return {
    branchIds,
    vehicleTypeIds,
    shiftIds,
    shipCondIds: { normal: normal!, express: express!, route: route! },
    routeConfigId: routeIds[0]!,
    routeSubDistrict: eastBangkok.find((s) => !holdsBranch(s.code)) ?? eastBangkok[0]!,
    articleIds,
    warehouseId: warehouseId!,
    contractorIds,
  };
}
