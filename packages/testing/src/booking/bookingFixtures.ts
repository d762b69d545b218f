import {
  type Allocation,
  addDays,
  type BookingOption,
  type BookingRequest,
  type DayStatus,
  type DraftAllocation,
  type EvaluatedAllocation,
  entityByName,
  type RuleCode,
  type SlotChoice,
  type SlotChoices,
  type Suggestion,
  type WhyNot,
} from '@lms/domain';
import { FIXTURE_BRANCH_ID, type FixtureRecord, fixtureId, fixtureRecord } from '../mocks/fixtures.ts';

/** Story data for the booking screens: fixed days (today 2025-01-06, a Monday), no randomness. */

export const STORY_TODAY = new Date(2025, 0, 6);
export const SHIP_TO_ID = fixtureId('shipTo', 1);
export const OTHER_SHIP_TO_ID = fixtureId('shipTo', 2);
export const SHIP_COND_ID = fixtureId('shipCond', 1);
export const DRAFT_ID = 'd0000000-0000-4000-8000-000000000001';
export const BOOKING_ID = fixtureId('bookingReport', 1);
/** Its number, as the confirm answers it (`BK`, the day, a sequence). */
export const BOOKING_DOC_NO = 'BK20250106000042';
export const doId = (n: number) => fixtureId('deliveryOrder', n);
export const lineId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const vehicleType = (n: number) => ({
  id: fixtureId('vehicleType', n),
  name: ['รถ 4 ล้อ', 'รถ 6 ล้อ', 'รถ 10 ล้อ'][n - 1] ?? 'รถ',
});
const shift = (n: number) => ({
  id: fixtureId('shiftOfDay', n),
  /** The name alone: the screens add the hours themselves. */
  shortName: n === 1 ? 'กะเช้า' : 'กะบ่าย',
  startTime: n === 1 ? '08:00' : '13:00',
  endTime: n === 1 ? '12:00' : '17:00',
});

const deliveryOrder = entityByName('deliveryOrder');
/** Unbooked DOs of the acting branch: three to one ship-to, one elsewhere (to show the warning). */
export function bookingDeliveryOrders(count = 4): FixtureRecord[] {
  return Array.from({ length: count }, (_, i) => ({
    ...fixtureRecord(deliveryOrder, i + 1),
    id: doId(i + 1),
    docNo: `DO680100${String(i + 1).padStart(2, '0')}`,
    branchId: FIXTURE_BRANCH_ID,
    isBooking: false,
    customerId: fixtureId('customer', 1),
    soShipToId: i === 3 ? OTHER_SHIP_TO_ID : SHIP_TO_ID,
    shipCondId: SHIP_COND_ID,
    articleUomId: fixtureId('article', (i % 2) + 1),
    qty: 10 * (i + 1),
    weight: 100 * (i + 1),
    volume: 0.5 * (i + 1),
    deliveryAt: `2025-01-0${7 + (i % 3)}`,
  }));
}

const statusOf = (percent: number) =>
  percent >= 100
    ? { status: 'FULL' as const, statusLabel: 'เต็ม', colour: 'red' }
    : percent >= 80
      ? { status: 'NEARLY_FULL' as const, statusLabel: 'ใกล้เต็ม', colour: 'orange' }
      : percent >= 50
        ? { status: 'NORMAL' as const, statusLabel: 'ปกติ', colour: 'blue' }
        : { status: 'AVAILABLE' as const, statusLabel: 'ว่าง', colour: 'green' };

/** One allocation of DO 1 and 2 (10 + 20 units) in a slot: `slot` names day, shift and vehicle type. */
export function allocation(
  slot: { day: number; shift: 1 | 2; type: 1 | 2 | 3 },
  vehicles = 1,
  percent = 45,
): Allocation {
  const type = vehicleType(slot.type);
  const s = shift(slot.shift);
  const lines = [
    {
      deliveryOrderId: doId(1),
      lineId: lineId(1),
      articleId: fixtureId('article', 1),
      qty: 10,
      usedWeight: 100,
      usedVolume: 0.5,
      usedMinute: 120,
    },
    {
      deliveryOrderId: doId(2),
      lineId: lineId(2),
      articleId: fixtureId('article', 2),
      qty: 20,
      usedWeight: 200,
      usedVolume: 1,
      usedMinute: 20,
    },
  ];
  return {
    slotId: slotIdOf(slot),
    date: `2025-01-${String(slot.day).padStart(2, '0')}`,
    shiftOfDayId: s.id,
    // The shift's name as the server answers it; screens add the hours themselves.
    shiftName: s.shortName,
    shiftPriority: slot.shift,
    shiftStartTime: s.startTime,
    shiftEndTime: s.endTime,
    timeSlotCode: slot.shift === 1 ? 'A' : 'B',
    vehicleTypeId: type.id,
    vehicleTypeName: type.name,
    vehicles,
    loads: [{ lines, usedWeight: 300, usedVolume: 1.5, usedMinute: 140 }],
    lines,
    usedWeight: 300,
    usedVolume: 1.5,
    usedMinute: 140,
    distanceKm: 72.3,
    loadMinute: 10,
    unloadMinute: 10,
    waitingMinute: 10,
    travelMinute: 87,
    tripMinute: 117,
    slotAfter: {
      weightPercent: percent - 10,
      volumePercent: percent - 20,
      hourPercent: percent,
      percent,
      ...statusOf(percent),
      capacity: { weight: 9000, volume: 40, minute: 480 },
      used: { weight: 3000, volume: 10, minute: 216 },
      remaining: { weight: 6000, volume: 30, minute: 264 },
    },
    fee: 2000 * vehicles,
  };
}

export const slotIdOf = (slot: { day: number; shift: number; type: number }) =>
  `20000000-0000-4000-8000-${String(slot.day * 100 + slot.shift * 10 + slot.type).padStart(12, '0')}`;

/** The day, shift and vehicle type a story slot id names (the inverse of `slotIdOf`). */
export function slotOfId(slotId: string): { day: number; shift: 1 | 2; type: 1 | 2 | 3 } | null {
  const n = Number(slotId.slice(-12));
  const slot = { day: Math.floor(n / 100), shift: Math.floor(n / 10) % 10, type: n % 10 };
  return slotId.startsWith('20000000-') && [1, 2].includes(slot.shift) && [1, 2, 3].includes(slot.type)
    ? (slot as { day: number; shift: 1 | 2; type: 1 | 2 | 3 })
    : null;
}

/**
 * Fine tune's slot list (`GET doBooking/slots`): Wednesday 8 to Tuesday 21 January but Sundays, two
 * shifts, three vehicle types; the 10th is full, and the 10-wheeler is banned on the 8th (as in
 * `severalOptions`' why-not).
 */
export function storySlotChoices(): SlotChoices {
  const capacity = [2000, 9000, 24000];
  const slots = Array.from({ length: 14 }, (_, i) => 8 + i)
    .filter((day) => new Date(Date.UTC(2025, 0, day)).getUTCDay() !== 0)
    .flatMap((day) =>
      ([1, 2] as const).flatMap((shiftNo) =>
        ([1, 2, 3] as const).map((type): SlotChoice => {
          const s = shift(shiftNo);
          const full = day === 10;
          const used = full ? 100 : (day * 7 + shiftNo * 13 + type * 5) % 90;
          const weight = capacity[type - 1] ?? 0;
          return {
            slotId: slotIdOf({ day, shift: shiftNo, type }),
            date: `2025-01-${String(day).padStart(2, '0')}`,
            shiftOfDayId: s.id,
            shiftName: s.shortName,
            shiftPriority: shiftNo,
            shiftStartTime: s.startTime,
            shiftEndTime: s.endTime,
            timeSlotCode: shiftNo === 1 ? 'A' : 'B',
            vehicleTypeId: vehicleType(type).id,
            vehicleTypeName: vehicleType(type).name,
            vehicles: 2,
            remaining: {
              weight: (weight * (100 - used)) / 100,
              volume: (40 * (100 - used)) / 100,
              minute: 0,
            },
            utilization: {
              weightPercent: used,
              volumePercent: used / 2,
              hourPercent: used / 2,
              percent: used,
              ...statusOf(used),
            },
            ruleBreak:
              day === 8 && type === 3
                ? { rule: 'BAN', ruleLabel: 'ห้ามวิ่ง', message: 'รถ 10 ล้อ ห้ามวิ่งในพื้นที่นี้ (ห้ามเข้าเมือง) กะเช้า' }
                : null,
          };
        }),
      ),
    );
  return { from: '2025-01-08', to: '2025-01-21', slots, problem: null };
}

/** The server's delivery-time rule (booking engine `deliveryTimeBreak`) for the story shifts, which stay within a day. */
export function deliveryTimeProblem(draft: DraftAllocation): string | null {
  const slot = slotOfId(draft.slotId);
  const time = draft.deliveryTime;
  if (!slot || !time) return null;
  const s = shift(slot.shift);
  return time >= s.startTime && time <= s.endTime
    ? null
    : `เวลาส่งสินค้า ${time} ไม่อยู่ในช่วงเวลาของกะที่เลือก: ${s.shortName} ${s.startTime}–${s.endTime}`;
}

const option = (rank: number, allocations: Allocation[]): BookingOption => ({
  rank,
  allocations,
  completionDate:
    allocations
      .map((a) => a.date)
      .sort()
      .at(-1) ?? '',
  firstDate: allocations.map((a) => a.date).sort()[0] ?? '',
  fillPercent: 40,
  shiftPriority: allocations[0]?.shiftPriority ?? 1,
  vehicles: allocations.reduce((sum, a) => sum + a.vehicles, 0),
  fee: allocations.reduce((sum, a) => sum + (a.fee ?? 0), 0),
});

const why = (day: number, type: 1 | 2 | 3, rule: RuleCode, ruleLabel: string, message: string): WhyNot => ({
  date: `2025-01-${String(day).padStart(2, '0')}`,
  vehicleTypeId: vehicleType(type).id,
  vehicleTypeName: vehicleType(type).name,
  rule,
  ruleLabel,
  message,
});

/** The engine's day statuses from `from` to `to`: bookable except the days given with their rule. */
function dayStatuses(
  from: string,
  to: string,
  closed: Record<number, readonly [rule: NonNullable<DayStatus['rule']>, ruleLabel: string, message: string]>,
): DayStatus[] {
  const days: DayStatus[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const rule = closed[Number(date.slice(8))];
    days.push(
      rule
        ? { date, bookable: false, rule: rule[0], ruleLabel: rule[1], message: rule[2] }
        : { date, bookable: true, rule: null, ruleLabel: null, message: null },
    );
  }
  return days;
}

const base = {
  earliestDate: '2025-01-08',
  from: '2025-01-08',
  to: '2025-01-21',
  distanceKm: 72.3,
  problem: null,
};

export const severalOptions: Suggestion = {
  ...base,
  options: [
    option(1, [allocation({ day: 8, shift: 1, type: 2 }, 1, 62)]),
    option(2, [allocation({ day: 8, shift: 2, type: 1 }, 2, 85)]),
    option(3, [allocation({ day: 9, shift: 1, type: 3 }, 1, 30)]),
  ],
  whyNot: [
    why(8, 3, 'BAN', 'ห้ามวิ่ง', 'รถ 10 ล้อห้ามวิ่งในตำบลนี้วันพุธ 07:00–10:00'),
    why(10, 1, 'CAPACITY', 'ความจุ', 'รถ 4 ล้อเต็มทุกกะ'),
    why(10, 2, 'CAPACITY', 'ความจุ', 'รถ 6 ล้อเต็มทุกกะ'),
    why(10, 3, 'CAPACITY', 'ความจุ', 'รถ 10 ล้อเต็มทุกกะ'),
    why(11, 2, 'BAN', 'ห้ามวิ่ง', 'วันเสาร์ห้ามรถ 6 ล้อ'),
  ],
  // The 11th bans one vehicle type only: the others can still be booked.
  days: dayStatuses('2025-01-08', '2025-01-21', {
    10: ['CAPACITY', 'ความจุ', 'รถ 4 ล้อเต็มทุกกะ · รถ 6 ล้อเต็มทุกกะ · รถ 10 ล้อเต็มทุกกะ'],
  }),
};

export const noFittingSlot: Suggestion = {
  ...base,
  to: '2025-01-14',
  options: [],
  whyNot: [
    why(8, 2, 'CAPACITY', 'ความจุ', 'น้ำหนักเกินที่เหลือ 1,200 กก.'),
    why(9, 2, 'BAN', 'ห้ามวิ่ง', 'ห้ามรถ 6 ล้อเข้าตำบลนี้วันพฤหัสบดี'),
    why(10, 2, 'CAPACITY', 'ความจุ', 'ไม่มีรถว่างในทุกกะ'),
    why(11, 2, 'VEHICLE_TYPE', 'ประเภทรถ', 'ไม่มีช่วงรถวันเสาร์'),
    why(12, 2, 'VEHICLE_TYPE', 'ประเภทรถ', 'ไม่มีช่วงรถวันอาทิตย์'),
    why(13, 2, 'CAPACITY', 'ความจุ', 'ปริมาตรเกินที่เหลือ 2 ลบ.ม.'),
    why(14, 2, 'DISTANCE', 'ระยะทาง', 'ระยะทาง 72 กม. เกิน 60 กม. ของ Ship Cond'),
  ],
  days: dayStatuses('2025-01-08', '2025-01-14', {
    8: ['CAPACITY', 'ความจุ', 'น้ำหนักเกินที่เหลือ 1,200 กก.'],
    9: ['BAN', 'ห้ามวิ่ง', 'ห้ามรถ 6 ล้อเข้าตำบลนี้วันพฤหัสบดี'],
    10: ['CAPACITY', 'ความจุ', 'ไม่มีรถว่างในทุกกะ'],
    11: ['VEHICLE_TYPE', 'ประเภทรถ', 'ไม่มีช่วงรถวันเสาร์'],
    12: ['VEHICLE_TYPE', 'ประเภทรถ', 'ไม่มีช่วงรถวันอาทิตย์'],
    13: ['CAPACITY', 'ความจุ', 'ปริมาตรเกินที่เหลือ 2 ลบ.ม.'],
    14: ['DISTANCE', 'ระยะทาง', 'ระยะทาง 72 กม. เกิน 60 กม. ของ Ship Cond'],
  }),
};

export const defaultRequest: BookingRequest = {
  deliveryOrderIds: [doId(1), doId(2)],
  shipToId: SHIP_TO_ID,
  shipCondId: SHIP_COND_ID,
  wantedDate: null,
  special: false,
};

const ORDERED_QTY: Record<string, number> = { [lineId(1)]: 10, [lineId(2)]: 20 };

/** What the server's evaluation would say, from the slots the stories know. */
export function evaluate(
  request: BookingRequest,
  allocations: readonly DraftAllocation[],
  catalogue: readonly Allocation[],
) {
  const results: EvaluatedAllocation[] = allocations.map((draft, index) => {
    const slot = slotOfId(draft.slotId);
    const known =
      catalogue.find((a) => a.slotId === draft.slotId) ?? (slot ? allocation(slot) : catalogue[0]);
    if (!known) return { ok: false, index, rule: 'INPUT', message: 'ไม่พบช่วงรถ', slotId: draft.slotId };
    const lines = draft.lines.map((line) => ({
      ...line,
      articleId: fixtureId('article', 1),
      usedWeight: 10 * line.qty,
      usedVolume: 0.05 * line.qty,
      usedMinute: 2 * line.qty,
    }));
    const usedWeight = lines.reduce((sum, l) => sum + l.usedWeight, 0);
    return {
      ok: true,
      deliveryTime: draft.deliveryTime ?? null,
      allocation: {
        ...known,
        vehicles: draft.vehicles,
        lines,
        usedWeight,
        usedVolume: lines.reduce((sum, l) => sum + l.usedVolume, 0),
        usedMinute: 100 + lines.reduce((sum, l) => sum + l.usedMinute, 0),
        fee: 2000 * draft.vehicles,
      },
    };
  });
  const allocated = new Map<string, number>();
  for (const draft of allocations)
    for (const line of draft.lines) allocated.set(line.lineId, (allocated.get(line.lineId) ?? 0) + line.qty);
  const uncovered = request.deliveryOrderIds.flatMap((_, i) => {
    const key = lineId(i + 1);
    return Math.abs((allocated.get(key) ?? 0) - (ORDERED_QTY[key] ?? 0)) > 1e-6
      ? [`ใบส่งสินค้า DO6801000${i + 1} ยังจัดรถไม่ครบจำนวน`]
      : [];
  });
  const ok = results.flatMap((r) => (r.ok ? [r.allocation] : []));
  return {
    allocations: results,
    ok: ok.length === results.length && results.length > 0 && uncovered.length === 0,
    uncovered,
    totals: {
      weight: ok.reduce((s, a) => s + a.usedWeight, 0),
      volume: ok.reduce((s, a) => s + a.usedVolume, 0),
      minute: ok.reduce((s, a) => s + a.usedMinute, 0),
      vehicles: ok.reduce((s, a) => s + a.vehicles, 0),
      fee: ok.reduce((s, a) => s + (a.fee ?? 0), 0),
    },
  };
}
