import type {
  Article,
  BookedLine,
  BookingWorld,
  DeliveryOrder,
  Id,
  IsoDate,
  ShipCond,
  SuggestRequest,
  VehicleDateSlot,
  VehicleType,
} from '../world.ts';

/**
 * A small branch for the tests. Branch B1 sits at 13.0 N 100.0 E; ship-to S1 at 13.5 N 100.0 E:
 * 0.5° of latitude = 0.5 × π/180 × 6371.0088 = 55.5975 km great circle, × 1.3 = 72.277 km by road.
 * Trip of any vehicle type under SC1: load 30 + unload 30 + wait 15 + ceil(2 × 72.277 × 0.5 = 72.28) 73
 * = 148 minutes.
 */

export const TODAY: IsoDate = '2025-01-06'; // a Monday; SC1's SLA of 2 days → earliest 2025-01-08 (Wednesday)

const setting = (vehicleTypeId: Id, shipCondId: Id) => ({
  vehicleTypeId,
  shipCondId,
  speedPerKm: 0.5,
  loadTime: 30,
  unloadTime: 30,
  waitTime: 15,
});

export const SC1: ShipCond = {
  id: 'SC1',
  code: '01',
  name: 'ส่งปกติ',
  vehicleTypeIds: ['V4', 'V6', 'V10'],
  sla: 2,
  maxDistance: 100,
};

export const SC29: ShipCond = { id: 'SC29', code: '29', name: 'ตามเส้นทาง', vehicleTypeIds: ['V6'], sla: 1 };

/** An article's flags are never unknown (booleans are stored `not null`): false unless said. */
const article = (fields: Omit<Article, 'cannotSplit' | 'noUseCap'> & Partial<Article>): Article => ({
  cannotSplit: false,
  noUseCap: false,
  ...fields,
});

export const ARTICLES: Article[] = [
  article({ id: 'CEMENT', code: 'A1', name: 'ปูนซีเมนต์' }),
  article({ id: 'FRIDGE', code: 'A2', name: 'ตู้เย็น', cannotSplit: true, installationTime: 30 }),
  article({ id: 'CHEM', code: 'A3', name: 'น้ำยาเคมี', articleUomTypeId: 'T_CHEM' }),
  article({ id: 'FOOD', code: 'A4', name: 'อาหาร', articleUomTypeId: 'T_FOOD' }),
  article({ id: 'FLYER', code: 'A5', name: 'แผ่นพับ', noUseCap: true }),
  article({ id: 'PIPE', code: 'A6', name: 'ท่อ', stackVolumePercent: 50 }),
  article({ id: 'GLASS', code: 'A7', name: 'กระจก', unsupportedVehicleTypeIds: ['V4'] }),
  article({ id: 'BOILER', code: 'A8', name: 'หม้อต้ม', cannotSplit: true }),
];

const vehicleType = (
  fields: Omit<VehicleType, 'special' | 'notValidForPlanning'> & Partial<VehicleType>,
): VehicleType => ({ special: false, notValidForPlanning: false, ...fields });

export interface SlotSpec {
  date: IsoDate;
  vehicleTypeId?: Id;
  shiftOfDayId?: Id;
  shipCondId?: Id;
  routeConfigId?: Id | null;
  total?: number;
  special?: number;
}

export function slot(spec: SlotSpec): VehicleDateSlot {
  const vehicleTypeId = spec.vehicleTypeId ?? 'V6';
  const shiftOfDayId = spec.shiftOfDayId ?? 'MORNING';
  const shipCondId = spec.shipCondId ?? 'SC1';
  return {
    id: `${spec.date}|${vehicleTypeId}|${shiftOfDayId}|${shipCondId}|${spec.routeConfigId ?? ''}`,
    branchId: 'B1',
    shiftDate: spec.date,
    shiftOfDayId,
    vehicleTypeId,
    shipCondId,
    routeConfigId: spec.routeConfigId ?? null,
    total: spec.total ?? 2,
    special: spec.special ?? 0,
  };
}

export function order(
  id: Id,
  lines: [articleId: Id, qty: number, weight: number, volume: number][],
): DeliveryOrder {
  return {
    id,
    docNo: `DO-${id}`,
    lines: lines.map(([articleId, qty, weight, volume], position) => ({
      id: `${id}-${position + 1}`,
      articleId,
      qty,
      weight,
      volume,
    })),
  };
}

export function world(parts: {
  slots?: VehicleDateSlot[];
  orders?: DeliveryOrder[];
  booked?: BookedLine[];
  overrides?: Partial<BookingWorld>;
}): BookingWorld {
  return {
    branches: [
      {
        id: 'B1',
        code: 'B1',
        name: 'สาขาทดสอบ',
        lat: 13,
        lon: 100,
        vehicleTypeSettings: ['V4', 'V6', 'V10'].flatMap((type) => [
          setting(type, 'SC1'),
          setting(type, 'SC29'),
        ]),
      },
    ],
    slots: parts.slots ?? [],
    vehicleTypes: [
      vehicleType({ id: 'V4', code: '04', name: 'รถ 4 ล้อ', maxCapacityWeight: 1000, maxCapacityVolume: 5 }),
      vehicleType({ id: 'V6', code: '06', name: 'รถ 6 ล้อ', maxCapacityWeight: 5000, maxCapacityVolume: 20 }),
      vehicleType({
        id: 'V10',
        code: '10',
        name: 'รถ 10 ล้อ',
        maxCapacityWeight: 12000,
        maxCapacityVolume: 40,
      }),
      vehicleType({
        id: 'VX',
        code: '99',
        name: 'รถพ่วงเก่า',
        maxCapacityWeight: 30000,
        maxCapacityVolume: 80,
        notValidForPlanning: true,
      }),
    ],
    shipConds: [SC1, SC29],
    shifts: [
      {
        id: 'MORNING',
        name: 'เช้า',
        startTime: '08:00',
        endTime: '12:00',
        priority: 1,
        totalMinute: 240,
        timeSlotCodeId: 'TA',
        active: true,
      },
      {
        id: 'AFTERNOON',
        name: 'บ่าย',
        startTime: '13:00',
        endTime: '17:00',
        priority: 2,
        totalMinute: 240,
        timeSlotCodeId: 'TB',
        active: true,
      },
      {
        id: 'NIGHT',
        name: 'กลางคืน',
        startTime: '20:00',
        endTime: '02:00',
        priority: 3,
        totalMinute: 360,
        active: true,
      },
    ],
    timeSlotCodes: [
      { id: 'TA', code: 'A', name: 'ช่วงเช้า' },
      { id: 'TB', code: 'B', name: 'ช่วงบ่าย' },
    ],
    // Booking may use 90 % of a 6-wheeler's weight: 4,500 kg.
    adjustPercents: [
      {
        branchId: 'B1',
        vehicleTypeId: 'V6',
        bookingWeightAdjustPercent: 90,
        bookingVolumeAdjustPercent: 100,
      },
    ],
    thresholds: (
      [
        ['AVAILABLE', 0, 50],
        ['NORMAL', 50, 80],
        ['NEARLY_FULL', 80, 95],
        ['FULL', 95, 100],
      ] as const
    ).map(([status, min, max]) => ({
      vehicleTypeId: 'V6',
      status,
      minWeightPercent: min,
      maxWeightPercent: max,
      minVolumePercent: min,
      maxVolumePercent: max,
      minHourPercent: min,
      maxHourPercent: max,
    })),
    truckBans: [],
    prohibits: [
      { code: 'P1', name: 'เคมีกับอาหาร', articleUomTypeId: 'T_CHEM' },
      { code: 'P1', name: 'เคมีกับอาหาร', articleUomTypeId: 'T_FOOD' },
    ],
    routes: [
      { id: 'R1-a', code: 'R1', name: 'สายเหนือ', subDistrictId: 'SD1' },
      { id: 'R1-b', code: 'R1', name: 'สายเหนือ', subDistrictId: 'SD2' },
      { id: 'R2-a', code: 'R2', name: 'สายใต้', subDistrictId: 'SD3' },
    ],
    prices: [
      { vehicleTypeId: 'V4', validFrom: '2000-01-01', minimumFee: 800, fee75Km: 1000, fee150Km: 1800 },
      { vehicleTypeId: 'V6', validFrom: '2000-01-01', minimumFee: 1500, fee75Km: 2000, fee150Km: 3500 },
      { vehicleTypeId: 'V10', validFrom: '2000-01-01', minimumFee: 3000, fee75Km: 4000, fee150Km: 6000 },
    ],
    articles: ARTICLES,
    subDistricts: [
      { id: 'SD1', lat: 13.5, lon: 100 },
      { id: 'SD2', lat: 13.4, lon: 100 },
      { id: 'SD3', lat: 12.5, lon: 100 },
      { id: 'SD_FAR', lat: 14.5, lon: 100 },
    ],
    shipTos: [
      { id: 'S1', code: 'S1', name: 'ร้านหนึ่ง', subDistrictId: 'SD1', lat: 13.5, lon: 100 },
      // No coordinates: SD1's are used.
      { id: 'S_NOCOORD', code: 'S2', name: 'ร้านสอง', subDistrictId: 'SD1' },
      { id: 'S_FAR', code: 'S3', name: 'ร้านไกล', subDistrictId: 'SD_FAR' },
      { id: 'S_SOUTH', code: 'S4', name: 'ร้านใต้', subDistrictId: 'SD3' },
    ],
    deliveryOrders: parts.orders ?? [],
    bookedLines: parts.booked ?? [],
    closedShifts: [],
    ...parts.overrides,
  };
}

export function request(deliveryOrderIds: Id[], extra: Partial<SuggestRequest> = {}): SuggestRequest {
  return { branchId: 'B1', shipToId: 'S1', shipCondId: 'SC1', deliveryOrderIds, today: TODAY, ...extra };
}
