/**
 * Suggestion latency of the booking engine: orders of 1, 20 and 200 lines over a 30-day horizon,
 * 8 vehicle types × 3 shifts × 5 branches of slots, with existing bookings filling slots 0–100 %.
 * Each run gets a fresh world object, so indexing the world is part of the time (as on the server).
 * Run: npx pnpm@10.34.8 exec tsx bench/booking/engine.ts
 */
import { performance } from 'node:perf_hooks';
import {
  type Article,
  addDays,
  type BookedLine,
  type BookingWorld,
  type DeliveryOrder,
  suggest,
  type VehicleDateSlot,
  type VehicleType,
} from '../../packages/booking/src/index.ts';

// Deterministic pseudo-random numbers (mulberry32): the same world on every run.
let seed = 20250106;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const TODAY = '2025-01-06';
const BRANCHES = ['B1', 'B2', 'B3', 'B4', 'B5'];
const SHIFTS = ['S1', 'S2', 'S3'];
const vehicleTypes: VehicleType[] = Array.from({ length: 8 }, (_, i) => ({
  id: `V${i}`,
  code: `0${i}`,
  name: `ประเภท ${i}`,
  maxCapacityWeight: 1000 * (i + 1) * 1.5,
  maxCapacityVolume: 5 * (i + 1),
  special: false,
  notValidForPlanning: false,
}));
const articles: Article[] = Array.from({ length: 50 }, (_, i) => ({
  id: `A${i}`,
  code: `A${i}`,
  name: `สินค้า ${i}`,
  cannotSplit: i % 7 === 0,
  noUseCap: false,
  installationTime: i % 11 === 0 ? 10 : null,
  articleUomTypeId: i % 13 === 0 ? 'CHEM' : i % 17 === 0 ? 'FOOD' : null,
  stackVolumePercent: i % 5 === 0 ? 80 : null,
}));

const slots: VehicleDateSlot[] = [];
const bookedLines: BookedLine[] = [];
for (const branchId of BRANCHES) {
  for (let day = 0; day <= 33; day += 1) {
    for (const type of vehicleTypes) {
      for (const shiftOfDayId of SHIFTS) {
        const id = `${branchId}|${day}|${type.id}|${shiftOfDayId}`;
        const total = 1 + Math.floor(random() * 4);
        slots.push({
          id,
          branchId,
          shiftDate: addDays(TODAY, day),
          shiftOfDayId,
          vehicleTypeId: type.id,
          shipCondId: 'SC1',
          total,
          special: day % 4 === 0 ? 1 : 0,
        });
        // Realistic use: 0–100 % of the slot, spread over a few booking lines.
        const fill = random();
        const lines = 1 + Math.floor(random() * 5);
        for (let n = 0; n < lines; n += 1) {
          bookedLines.push({
            slotId: id,
            usedWeight: (type.maxCapacityWeight * total * fill) / lines,
            usedVolume: (type.maxCapacityVolume * total * fill * 0.8) / lines,
            usedMinute: (480 * total * fill) / lines,
            canceled: random() < 0.05,
          });
        }
      }
    }
  }
}

function deliveryOrders(lines: number): DeliveryOrder[] {
  const perDo = 10;
  return Array.from({ length: Math.ceil(lines / perDo) }, (_, d) => ({
    id: `D${lines}-${d}`,
    docNo: `DO${d}`,
    lines: Array.from({ length: Math.min(perDo, lines - d * perDo) }, (_, l) => {
      const qty = 1 + Math.floor(random() * 20);
      return {
        id: `D${lines}-${d}-${l}`,
        articleId: pick(articles).id,
        qty,
        weight: qty * (1 + random() * 40),
        volume: qty * random() * 0.05,
      };
    }),
  }));
}

const orders = { 1: deliveryOrders(1), 20: deliveryOrders(20), 200: deliveryOrders(200) };
const baseWorld: BookingWorld = {
  branches: BRANCHES.map((id, i) => ({
    id,
    code: id,
    name: id,
    lat: 13 + i * 0.2,
    lon: 100.5,
    vehicleTypeSettings: vehicleTypes.map((type) => ({
      vehicleTypeId: type.id,
      shipCondId: 'SC1',
      speedPerKm: 1.2,
      loadTime: 20,
      unloadTime: 20,
      waitTime: 10,
    })),
  })),
  slots,
  vehicleTypes,
  shipConds: [
    {
      id: 'SC1',
      code: '01',
      name: 'ปกติ',
      vehicleTypeIds: vehicleTypes.map((type) => type.id),
      sla: 1,
      maxDistance: 300,
    },
  ],
  shifts: [
    {
      id: 'S1',
      name: 'เช้า',
      startTime: '06:00',
      endTime: '14:00',
      priority: 1,
      totalMinute: 480,
      active: true,
    },
    {
      id: 'S2',
      name: 'บ่าย',
      startTime: '14:00',
      endTime: '22:00',
      priority: 2,
      totalMinute: 480,
      active: true,
    },
    {
      id: 'S3',
      name: 'ดึก',
      startTime: '22:00',
      endTime: '06:00',
      priority: 3,
      totalMinute: 480,
      active: true,
    },
  ],
  timeSlotCodes: [],
  adjustPercents: BRANCHES.map((branchId) => ({
    branchId,
    vehicleTypeId: 'V3',
    bookingWeightAdjustPercent: 90,
    bookingVolumeAdjustPercent: 95,
  })),
  thresholds: [],
  truckBans: [
    {
      id: 'T',
      name: 'ห้ามเช้า',
      branchId: 'B1',
      vehicleTypeId: 'V7',
      subDistrictId: 'SD1',
      startTime: '06:00',
      endTime: '09:00',
      banDayPattern: 'WEEKDAYS',
    },
  ],
  prohibits: [
    { code: 'P', name: 'เคมี/อาหาร', articleUomTypeId: 'CHEM' },
    { code: 'P', name: 'เคมี/อาหาร', articleUomTypeId: 'FOOD' },
  ],
  routes: [],
  prices: vehicleTypes.map((type, i) => ({
    vehicleTypeId: type.id,
    validFrom: '2000-01-01',
    minimumFee: 500 * (i + 1),
    fee75Km: 800 * (i + 1),
    fee150Km: 1400 * (i + 1),
  })),
  articles,
  subDistricts: [{ id: 'SD1', lat: 13.6, lon: 100.7 }],
  shipTos: [{ id: 'SHIP', code: 'SHIP', name: 'ลูกค้า', subDistrictId: 'SD1', lat: 13.7, lon: 100.6 }],
  deliveryOrders: Object.values(orders).flat(),
  bookedLines,
  closedShifts: [],
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

// The server loads one branch's world per request: its slots and the booked lines on them.
const worldOf = new Map(
  BRANCHES.map((branchId) => {
    const own = new Set(slots.filter((slot) => slot.branchId === branchId).map((slot) => slot.id));
    return [
      branchId,
      {
        ...baseWorld,
        slots: slots.filter((slot) => own.has(slot.id)),
        bookedLines: bookedLines.filter((line) => own.has(line.slotId)),
      },
    ];
  }),
);

/** Runs before timing starts, so that the JIT has compiled the engine (a server is long-lived). */
const WARM_UP = 100;

function measure(size: 1 | 20 | 200, fresh: boolean, runs: number) {
  const times: number[] = [];
  let options = 0;
  let whyNot = 0;
  for (let run = -WARM_UP; run < runs; run += 1) {
    const branchId = BRANCHES[(run + WARM_UP) % BRANCHES.length] as string;
    const loaded = worldOf.get(branchId) as BookingWorld;
    // A new object has no cached index: indexing is then part of the time, as for a freshly loaded world.
    const world = fresh ? { ...loaded } : loaded;
    const start = performance.now();
    const result = suggest(world, {
      branchId,
      shipToId: 'SHIP',
      shipCondId: 'SC1',
      deliveryOrderIds: orders[size].map((o) => o.id),
      today: TODAY,
    });
    const elapsed = performance.now() - start;
    if (run < 0) continue; // warm-up
    times.push(elapsed);
    options += result.options.length;
    whyNot += result.whyNot.length;
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    options: options / runs,
    whyNot: whyNot / runs,
  };
}

const rows: string[][] = [];
for (const size of [1, 20, 200] as const) {
  const runs = size === 200 ? 100 : 300;
  const fresh = measure(size, true, runs);
  const cached = measure(size, false, runs);
  rows.push([
    String(size),
    String(runs),
    fresh.p50.toFixed(2),
    fresh.p95.toFixed(2),
    cached.p50.toFixed(2),
    cached.p95.toFixed(2),
    fresh.options.toFixed(1),
    fresh.whyNot.toFixed(0),
  ]);
}

const header = [
  'lines',
  'runs',
  'p50 ms',
  'p95 ms',
  'p50 ms (indexed)',
  'p95 ms (indexed)',
  'options',
  'why-not rows',
];
const perBranch = worldOf.get('B1') as BookingWorld;
console.log(
  `slots: ${slots.length} (5 branches × 8 vehicle types × 3 shifts × 34 days); per branch world: ${perBranch.slots.length} slots, ${perBranch.bookedLines.length} booked lines`,
);
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
for (const row of [header, ...rows])
  console.log(row.map((cell, i) => cell.padStart(widths[i] ?? 0)).join('  '));
