import {
  type PlanShift,
  type PlanTrip,
  type ReplanPreview,
  type SlotPlan,
  shipmentPlanningApi,
} from '@lms/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { fixtureId } from '../mocks/fixtures.ts';
import { mock, neverAnswered, refusal } from '../mocks/mock.ts';

/** A morning on the story's day (Monday 6 Jan 2025): four bookings, three trucks, three drivers. */
export const PLAN_DAY = '2025-01-06';
export const shiftsFixture: PlanShift[] = [
  { id: fixtureId('shiftOfDay', 1), name: 'กะเช้า', startTime: '08:00', endTime: '12:00' },
  { id: fixtureId('shiftOfDay', 2), name: 'กะบ่าย', startTime: '13:00', endTime: '17:00' },
];
const truckId = (n: number) => fixtureId('vehicle', n);
const bookingId = (n: number) => fixtureId('bookingReport', n);
const doId = (n: number) => fixtureId('deliveryOrder', n);
const at = (time: string) => ({ date: PLAN_DAY, time });

const bookings: SlotPlan['bookings'] = [1, 2, 3, 4].map((n) => ({
  id: bookingId(n),
  docNo: `BK2025010600000${n}`,
  shipToLabel: ['ST001 โฮมโปร บางนา', 'ST002 ไทวัสดุ รังสิต', 'ST003 ร้านรุ่งเรือง', 'ST004 บุญถาวร ปิ่นเกล้า'][n - 1]!,
  vehicleTypeId: fixtureId('vehicleType', 2),
  vehicleTypeName: 'รถ 6 ล้อ',
  deliveryTime: '09:00',
  deliveryOrderIds: [doId(n * 2 - 1), doId(n * 2)],
  deliveryOrderDocNos: [`DO00${n * 2 - 1}`, `DO00${n * 2}`],
  load: { weight: n === 4 ? 3200 : 1800, volume: 9 },
  place: [
    { lat: 13.667, lon: 100.605 },
    { lat: 14.027, lon: 100.616 },
    { lat: 13.8, lon: 100.55 },
    { lat: 13.778, lon: 100.476 },
  ][n - 1]!,
}));

const trucks: SlotPlan['trucks'] = [
  {
    id: truckId(1),
    licensePlate: '70-1234',
    label: 'T01 หกล้อ 1',
    vehicleTypeId: fixtureId('vehicleType', 2),
    vehicleTypeName: 'รถ 6 ล้อ',
    capacity: { weight: 4500, volume: 24 },
  },
  {
    id: truckId(2),
    licensePlate: '70-5678',
    label: 'T02 หกล้อ 2',
    vehicleTypeId: fixtureId('vehicleType', 2),
    vehicleTypeName: 'รถ 6 ล้อ',
    capacity: { weight: 4500, volume: 24 },
  },
  {
    id: truckId(3),
    licensePlate: '3ฒ-4455',
    label: 'T03 หกล้อ 3',
    vehicleTypeId: fixtureId('vehicleType', 2),
    vehicleTypeName: 'รถ 6 ล้อ',
    capacity: { weight: 4500, volume: 24 },
  },
];

const drivers: SlotPlan['drivers'] = [
  { id: fixtureId('driver', 1), name: 'สมชาย ขยันดี', vehicleId: truckId(1) },
  { id: fixtureId('driver', 2), name: 'สมศักดิ์ ตรงเวลา', vehicleId: truckId(2) },
  { id: fixtureId('driver', 3), name: 'วิชัย ใจเย็น', vehicleId: null },
];

const stages = (checkIn: string, loadStart: string, leave: string, end: string): PlanTrip['stages'] => [
  { stage: 'CheckIn', at: at(checkIn) },
  { stage: 'LoadStart', at: at(loadStart) },
  { stage: 'LoadEnd', at: at(leave) },
  { stage: 'ShipCom', at: at(leave) },
  { stage: 'ShipStart', at: at(leave) },
  { stage: 'ShipEnd', at: at(end) },
];

const stop = (n: number, arrival: string, start: string, departure: string) => ({
  bookingId: bookingId(n),
  deliveryOrderIds: [doId(n * 2 - 1), doId(n * 2)],
  arrival: at(arrival),
  start: at(start),
  departure: at(departure),
  load: { weight: bookings[n - 1]!.load.weight, volume: 9 },
});

const figures: SlotPlan['figures'] = {
  delivered: 0,
  onTime: 0,
  booked: { weight: 8600, volume: 36 },
  planned: { weight: 0, volume: 0 },
  capacity: { weight: 0, volume: 0 },
};

const base: SlotPlan = {
  date: PLAN_DAY,
  shiftOfDayId: shiftsFixture[0]!.id,
  shiftName: 'กะเช้า',
  shiftStart: '08:00',
  shiftEnd: '12:00',
  /** A distribution centre in Bang Na. */
  branchPlace: { lat: 13.668, lon: 100.634 },
  version: 0,
  confirmed: false,
  bookings,
  trucks,
  drivers,
  trips: [],
  unassigned: [],
  figures,
};

/** The slot before planning. */
export const unplannedSlot: SlotPlan = base;
export const emptySlot: SlotPlan = { ...base, bookings: [] };

/** The planner's answer: two trips, the heavy booking left out with the reason. */
export const plannedSlot: SlotPlan = {
  ...base,
  trips: [
    {
      vehicleId: truckId(1),
      trip: 1,
      driverId: drivers[0]!.id,
      stops: [stop(1, '08:40', '08:40', '09:10'), stop(2, '09:35', '09:35', '10:05')],
      load: { weight: 3600, volume: 18 },
      minutes: { used: 160, shift: 240 },
      distanceKm: 48.2,
      stages: stages('07:45', '08:00', '08:20', '10:05'),
      shipmentId: null,
      shipmentDocNo: null,
      checkedIn: false,
    },
    {
      vehicleId: truckId(2),
      trip: 1,
      driverId: drivers[1]!.id,
      stops: [stop(3, '08:55', '08:55', '09:25')],
      load: { weight: 1800, volume: 9 },
      minutes: { used: 110, shift: 240 },
      distanceKm: 22.7,
      stages: stages('07:45', '08:00', '08:20', '09:25'),
      shipmentId: null,
      shipmentDocNo: null,
      checkedIn: false,
    },
  ],
  unassigned: [
    {
      bookingId: bookingId(4),
      deliveryOrderIds: [doId(7), doId(8)],
      reason: 'รถทุกคันเต็มหรือไม่ทันเวลาเมื่อรวมกับจุดส่งอื่นแล้ว',
    },
  ],
};

const PICKUP = { vehicleTypeId: fixtureId('vehicleType', 1), vehicleTypeName: 'รถกระบะ 4 ล้อ' } as const;

/**
 * plannedSlot with a pickup (71-0001) among the 6-wheelers and its one booking, BK…04, booked for a
 * pickup and left unassigned: each stop's truck list offers its booked type only.
 */
export const mixedFleetSlot: SlotPlan = {
  ...plannedSlot,
  bookings: plannedSlot.bookings.map((b, i) => (i === 3 ? { ...b, ...PICKUP } : b)),
  trucks: [
    ...trucks,
    {
      id: truckId(4),
      licensePlate: '71-0001',
      label: 'T04 กระบะ 1',
      ...PICKUP,
      capacity: { weight: 3500, volume: 12 },
    },
  ],
};

/** mixedFleetSlot with BK…04 on the pickup: the one truck of its type, so it has none to move to. */
export const pickupTripSlot: SlotPlan = {
  ...mixedFleetSlot,
  trips: [
    ...plannedSlot.trips,
    {
      ...plannedSlot.trips[1]!,
      vehicleId: truckId(4),
      driverId: null,
      stops: [stop(4, '09:10', '09:10', '09:40')],
      load: { weight: 3200, volume: 9 },
    },
  ],
  unassigned: [],
};

/** After confirm: numbered shipments and the day's figures. */
export const confirmedSlot: SlotPlan = {
  ...plannedSlot,
  version: 1,
  confirmed: true,
  trips: plannedSlot.trips.map((trip, i) => ({
    ...trip,
    shipmentId: fixtureId('shipment', i + 1),
    shipmentDocNo: `SH20250106000${i + 1}`,
  })),
  figures: {
    ...figures,
    delivered: 2,
    onTime: 1,
    planned: { weight: 5400, volume: 27 },
    capacity: { weight: 9000, volume: 48 },
  },
};

/**
 * The planner's answer where the branch allows two trips a truck: 70-1234 goes out twice (the
 * booking left out above rides its second trip, after it is back and loaded again).
 */
export const twoTripSlot: SlotPlan = {
  ...plannedSlot,
  trips: [
    plannedSlot.trips[0]!,
    {
      vehicleId: truckId(1),
      trip: 2,
      driverId: drivers[0]!.id,
      stops: [
        {
          ...stop(4, '11:20', '11:20', '11:50'),
          deliveryOrderIds: [doId(7), doId(8)],
        },
      ],
      load: { weight: bookings[3]!.load.weight, volume: 9 },
      minutes: { used: 100, shift: 240 },
      distanceKm: 31.5,
      stages: stages('10:10', '10:25', '10:45', '11:50'),
      shipmentId: null,
      shipmentDocNo: null,
      checkedIn: false,
    },
    plannedSlot.trips[1]!,
  ],
  unassigned: [],
};

/**
 * A re-plan at 09:30 (docs/planning.md "Re-planning"): 70-1234 delivered BK…01 (fixed), its next
 * stop now later; BK…03 moves from 70-5678 to 3ฒ-4455, which also takes BK…04, left out before.
 */
/** The stories' clock for a re-plan: the story's day at 09:30 in Bangkok, inside the morning shift. */
export const STORY_REPLAN_NOW = Date.parse(`${PLAN_DAY}T09:30:00+07:00`);

export const replanPreview: ReplanPreview = {
  at: at('09:30'),
  fixed: [{ bookingId: bookingId(1), vehicleId: truckId(1), trip: 1 }],
  plan: {
    ...confirmedSlot,
    trips: [
      {
        ...confirmedSlot.trips[0]!,
        stops: [stop(1, '08:40', '08:40', '09:10'), stop(2, '10:05', '10:05', '10:35')],
      },
      {
        ...confirmedSlot.trips[1]!,
        vehicleId: truckId(3),
        driverId: drivers[2]!.id,
        shipmentId: null,
        shipmentDocNo: null,
        stops: [stop(3, '10:00', '10:00', '10:30'), stop(4, '11:05', '11:05', '11:35')],
      },
    ],
    unassigned: [],
  },
  changes: [
    {
      bookingId: bookingId(3),
      kind: 'MOVED',
      before: { vehicleId: truckId(2), trip: 1, start: at('08:55') },
      after: { vehicleId: truckId(3), trip: 1, start: at('10:00') },
      reason: null,
    },
    {
      bookingId: bookingId(4),
      kind: 'NEW',
      before: null,
      after: { vehicleId: truckId(3), trip: 1, start: at('11:05') },
      reason: null,
    },
    {
      bookingId: bookingId(2),
      kind: 'ETA',
      before: { vehicleId: truckId(1), trip: 1, start: at('09:35') },
      after: { vehicleId: truckId(1), trip: 1, start: at('10:05') },
      reason: null,
    },
  ],
};

/** A re-plan that changes nothing: the plan in force still holds. */
export const replanUnchanged: ReplanPreview = { ...replanPreview, changes: [] };

/** A re-plan whose booking can no longer be delivered in its window, with long Thai names. */
export const replanLongText: ReplanPreview = {
  ...replanPreview,
  plan: {
    ...replanPreview.plan,
    bookings: replanPreview.plan.bookings.map((b) => ({
      ...b,
      shipToLabel: `${b.shipToLabel} สาขาศูนย์กระจายสินค้าภาคตะวันออกเฉียงเหนือ (อาคารคลังสินค้าหลังที่สาม ประตูทิศใต้)`,
    })),
  },
  changes: [
    ...replanPreview.changes,
    {
      bookingId: bookingId(1),
      kind: 'DROPPED',
      before: { vehicleId: truckId(1), trip: 1, start: at('08:40') },
      after: null,
      reason: 'ไม่มีรถคันใดไปถึงทันช่วงเวลาที่จองไว้ภายในกะ แม้จะส่งเพียงจุดเดียว',
    },
  ],
};

export const REPLAN_REFUSED =
  'จุดส่ง BK20250106000002 ST002 ไทวัสดุ รังสิต ของรถ 70-1234 คนขับเริ่มส่งแล้ว จึงย้ายรถ เอาออก หรือเปลี่ยนลำดับไม่ได้';

export const REFUSED_MOVE = 'น้ำหนักหรือปริมาตรบนรถ 70-5678 เกินความจุที่ใช้วางแผน';
export const LOST_RACE = 'มีผู้ยืนยันแผนของกะนี้ไปก่อนแล้ว ระบบแสดงแผนล่าสุดให้แล้ว กรุณาตรวจสอบอีกครั้ง';

export interface PlanningMockOptions {
  readonly slot?: SlotPlan | 'loading' | 'error';
  /** What "จัดรถอัตโนมัติ" answers (default `plannedSlot`). */
  readonly planned?: SlotPlan;
  readonly evaluate?: 'ok' | 'refuse';
  readonly confirm?: 'ok' | 'conflict';
  /** What "วางแผนใหม่จากตอนนี้" answers (default `replanPreview`), and its confirm. */
  readonly replan?: ReplanPreview | 'loading' | 'error';
  readonly replanConfirm?: 'ok' | 'refuse';
  readonly onCall?: (call: { method: string; path: string; body: unknown }) => void;
}

export function planningHandlers(options: PlanningMockOptions = {}): HttpHandler[] {
  let current: SlotPlan | 'loading' | 'error' = options.slot ?? unplannedSlot;
  const record = ({ request, body }: { request: Request; body: unknown }) =>
    options.onCall?.({ method: request.method, path: new URL(request.url).pathname, body });
  return [
    mock(shipmentPlanningApi.shifts, () => shiftsFixture),
    mock(shipmentPlanningApi.slot, () => {
      if (current === 'loading') return neverAnswered();
      if (current === 'error') return refusal(500, 'ระบบขัดข้อง กรุณาลองใหม่ (รหัสอ้างอิง req-42)');
      return current;
    }),
    mock(shipmentPlanningApi.plan, (request) => {
      record(request);
      return options.planned ?? plannedSlot;
    }),
    mock(shipmentPlanningApi.evaluate, (request) => {
      record(request);
      if (options.evaluate === 'refuse') return refusal(422, REFUSED_MOVE);
      return plannedSlot;
    }),
    mock(shipmentPlanningApi.confirm, (request) => {
      record(request);
      if (options.confirm === 'conflict') {
        current = { ...confirmedSlot, version: 2 };
        return HttpResponse.json({ messages: [LOST_RACE], plan: current }, { status: 409 });
      }
      current = confirmedSlot;
      return confirmedSlot;
    }),
    mock(shipmentPlanningApi.replan, (request) => {
      record(request);
      const answer = options.replan ?? replanPreview;
      if (answer === 'loading') return neverAnswered();
      if (answer === 'error') return refusal(429, 'ระบบกำลังวางแผนให้ผู้ใช้อื่นอยู่เต็มจำนวน กรุณาลองใหม่ในอีกสักครู่');
      // A moment chosen: the answer plans from it (Bangkok's clock, UTC+7).
      const asked = (request.body as { at?: string }).at;
      if (!asked) return answer;
      const bangkok = new Date(Date.parse(asked) + 7 * 3600_000).toISOString();
      return { ...answer, at: { date: bangkok.slice(0, 10), time: bangkok.slice(11, 16) } };
    }),
    mock(shipmentPlanningApi.replanConfirm, (request) => {
      record(request);
      if (options.replanConfirm === 'refuse') return refusal(422, REPLAN_REFUSED);
      current = { ...replanPreview.plan, version: 2, confirmed: true };
      return current;
    }),
  ];
}
