import type { LatLon } from '@lms/booking';
import { isBanDay, weekdayOf } from '@lms/domain';
import {
  type DistanceTable,
  distanceMatrix,
  greatCircleTable,
  type PlanJob,
  type PlanningProblem,
  type PlanVehicle,
  type TimeWindow,
  type TravelMatrix,
} from '@lms/planning';
import { planningMessages } from './messages.ts';
import type { Slot, SlotBooking } from './slot.ts';
import type { SlotTruck } from './slotRows.ts';

/**
 * A slot as a routing problem (docs/planning.md "The server adapter"). Units: seconds from the
 * slot day's midnight in Bangkok, metres, grams and litres (thousandths of a m³: the solver wants integers;
 * kg and m³ keep three decimals).
 */

/** A planned delivery time may move this much either way. */
export const DELIVERY_TOLERANCE_MINUTES = 60;
/** Booking's default speed when a vehicle type has no setting at the branch (minutes per km). */
const DEFAULT_MINUTES_PER_KM = 1.5;
const DAY = 86_400;

export const toUnits = (kgOrM3: number) => Math.round(kgOrM3 * 1000);
export const fromUnits = (units: number) => units / 1000;

const secondsOf = (time: string) => Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60;

/** The shift as seconds of the slot's day; an end at or before the start is the next day's. */
export function shiftWindow(slot: Slot): [number, number] {
  const start = secondsOf(slot.shift.startTime);
  const end = secondsOf(slot.shift.endTime);
  return [start, end > start ? end : end + DAY];
}

/** The setting booking used for a vehicle type (the first one at the branch, whatever its ship cond). */
export function settingOf(slot: Slot, vehicleTypeId: string, shipCondId?: string) {
  return (
    slot.settings.find(
      (s) => s.vehicleTypeId === vehicleTypeId && (!shipCondId || s.shipCondId === shipCondId),
    ) ?? slot.settings.find((s) => s.vehicleTypeId === vehicleTypeId)
  );
}

/** Capacity of a truck at the planning adjust %. */
export function truckCapacity(truck: SlotTruck): { weight: number; volume: number } {
  return {
    weight: (truck.maxWeight * truck.weightPercent) / 100,
    volume: (truck.maxVolume * truck.volumePercent) / 100,
  };
}

/** Windows minus the truck bans of this place and vehicle type on the slot's weekday. */
function withoutBans(
  slot: Slot,
  booking: SlotBooking,
  vehicleTypeId: string,
  windows: TimeWindow[],
): TimeWindow[] {
  const weekday = weekdayOf(slot.date);
  let out = windows;
  for (const ban of slot.bans) {
    if (ban.vehicleTypeId !== vehicleTypeId || ban.subDistrictId !== booking.subDistrictId) continue;
    if (!isBanDay(ban.banDayPattern, ban.bannedWeekdays, weekday)) continue;
    const start = secondsOf(ban.startTime);
    let end = secondsOf(ban.endTime);
    if (end <= start) end += DAY;
    // A ban on today's clock also applies to the same hours of the night after (a shift past midnight).
    const spans = [
      [start, end],
      [start + DAY, end + DAY],
    ] as const;
    for (const [a, b] of spans)
      out = out.flatMap(([s, e]): TimeWindow[] => {
        if (b <= s || a >= e) return [[s, e]];
        return [
          ...(a > s ? ([[s, a - 1]] as TimeWindow[]) : []),
          ...(b < e ? ([[b + 1, e]] as TimeWindow[]) : []),
        ];
      });
  }
  return out;
}

/** Pairs of UoM types in one prohibit group (booking's rule 5). */
function prohibitedPairs(slot: Slot): [string, string][] {
  const groups = new Map<string, Set<string>>();
  for (const row of slot.prohibits) {
    const group = groups.get(row.code) ?? new Set();
    group.add(row.articleUomTypeId);
    groups.set(row.code, group);
  }
  const pairs: [string, string][] = [];
  for (const group of groups.values()) {
    const types = [...group].sort();
    for (let i = 0; i < types.length; i += 1)
      for (let j = i + 1; j < types.length; j += 1) pairs.push([types[i] as string, types[j] as string]);
  }
  return pairs;
}

export interface SlotProblem {
  readonly problem: PlanningProblem;
  /** Bookings refused before planning (no coordinates), with why. */
  readonly refused: { bookingId: string; reason: string }[];
  /**
   * The jobs of returned lines (`SlotLine.returned`): in the problem so that a confirmed trip is
   * timed and re-planned as it happened, never given to the solver to deliver again (`toDeliver`).
   */
  readonly returned: ReadonlySet<string>;
  /** The matrix locations of `slotProblem`'s `extra` places, in order (empty when the branch has no place). */
  readonly extraPlaces: readonly number[];
}

/** A table of `points` grown by `extra` places, great circle × road factor between them and every place. */
function withPlaces(table: DistanceTable, points: readonly LatLon[], extra: readonly LatLon[]): number[][] {
  const all = [...points, ...extra];
  const measured = greatCircleTable(all);
  return all.map((_, i) =>
    all.map((_, j) =>
      i < points.length && j < points.length ? (table[i]?.[j] ?? 0) : (measured[i]?.[j] ?? 0),
    ),
  );
}

/** The problem without its returned lines' jobs: what is still to be delivered. */
export function toDeliver(built: SlotProblem, keep: ReadonlySet<string> = new Set()): PlanningProblem {
  if (built.returned.size === 0) return built.problem;
  const jobs = built.problem.jobs.filter((j) => !built.returned.has(String(j.id)) || keep.has(String(j.id)));
  return { ...built.problem, jobs };
}

/**
 * The slot's places as the problem's matrix locations: the branch (0), then each booking with
 * coordinates in the slot's order; empty when the branch has none. What a road router is asked.
 */
export function slotPlaces(slot: Slot): LatLon[] {
  const { lat, lon } = slot.branch;
  if (lat === null || lon === null) return [];
  return [
    { lat, lon },
    ...slot.bookings.flatMap((b) => (b.lat === null || b.lon === null ? [] : [{ lat: b.lat, lon: b.lon }])),
  ];
}

/**
 * `roads`: metres between `slotPlaces(slot)` from a road router (roads.ts); absent, the booking
 * engine's great circle × road factor. `extra`: more places after the slot's (a re-plan's trucks
 * on the road at their last known position, `extraPlaces` their locations), measured great circle ×
 * road factor to every place even with a router — a truck's position changes by the minute, and
 * the router's table is asked and cached per branch and day for the slot's own places.
 */
export function slotProblem(
  slot: Slot,
  roads?: DistanceTable | null,
  extra: readonly LatLon[] = [],
): SlotProblem {
  const shift = shiftWindow(slot);
  const points = slotPlaces(slot);
  const own = roads && roads.length === points.length ? roads : greatCircleTable(points);
  const metres = extra.length && points.length ? withPlaces(own, points, extra) : own;
  const extraPlaces = points.length ? extra.map((_, i) => points.length + i) : [];
  let placed = 0;
  const refused: { bookingId: string; reason: string }[] = [];
  const jobs: PlanJob[] = [];
  if (points.length === 0) {
    for (const booking of slot.bookings)
      refused.push({ bookingId: booking.id, reason: planningMessages.branchWithoutPlace });
    return { problem: { jobs: [], vehicles: [], matrices: {} }, refused, returned: new Set(), extraPlaces };
  }
  const capacities = slot.trucks.map(truckCapacity);
  for (const booking of slot.bookings) {
    if (booking.lat === null || booking.lon === null) {
      refused.push({ bookingId: booking.id, reason: planningMessages.shipToWithoutPlace });
      continue;
    }
    placed += 1;
    const location = placed;
    const total = booking.lines.reduce(
      (sum, line) => ({ weight: sum.weight + line.weight, volume: sum.volume + line.volume }),
      { weight: 0, volume: 0 },
    );
    const first = booking.lines[0];
    // One stop when one truck of the booked type can take it all; the booking split its lines only when none could.
    const oneTruck = slot.trucks.some(
      (truck, i) =>
        truck.vehicleTypeId === first?.vehicleTypeId &&
        total.weight <= (capacities[i]?.weight ?? 0) &&
        total.volume <= (capacities[i]?.volume ?? 0),
    );
    const own: PlanJob[] = [];
    for (const line of booking.lines) {
      const setting = settingOf(slot, line.vehicleTypeId, line.shipCondId);
      // Unload and wait once per stop, shared by its lines; installation per unit.
      const perStop = ((setting?.unloadTime ?? 0) + (setting?.waitTime ?? 0)) * 60;
      const service = Math.round(perStop / booking.lines.length + line.installationMinutes * line.qty * 60);
      const wanted = line.deliveryTime
        ? secondsOf(line.deliveryTime) + (secondsOf(line.deliveryTime) < shift[0] ? DAY : 0)
        : null;
      const around: TimeWindow | null =
        wanted === null
          ? null
          : [
              Math.max(shift[0], wanted - DELIVERY_TOLERANCE_MINUTES * 60),
              Math.min(shift[1], wanted + DELIVERY_TOLERANCE_MINUTES * 60),
            ];
      // A delivery time outside the shift (the shift's hours changed since) falls back to the shift.
      const window = around && around[0] <= around[1] ? around : shift;
      own.push({
        id: line.jobId,
        location,
        delivery: [toUnits(line.weight), toUnits(line.volume)],
        service,
        timeWindows: withoutBans(slot, booking, line.vehicleTypeId, [window]),
        skills: [line.vehicleTypeId],
        ...(line.uomTypeId ? { goods: [line.uomTypeId] } : {}),
        ...(oneTruck ? { together: booking.id } : {}),
      });
    }
    // No window left once the bans are out: an empty list would mean "any time", so it is refused here.
    if (own.some((job) => job.timeWindows?.length === 0))
      refused.push({ bookingId: booking.id, reason: planningMessages.bannedAllShift });
    else jobs.push(...own);
  }
  const matrices: Record<string, TravelMatrix> = {};
  const vehicles: PlanVehicle[] = slot.trucks.map((truck, i) => {
    const setting = settingOf(slot, truck.vehicleTypeId);
    matrices[truck.vehicleTypeId] ??= distanceMatrix(metres, {
      minutesPerKm: setting?.speedPerKm ?? DEFAULT_MINUTES_PER_KM,
    });
    const capacity = capacities[i] as { weight: number; volume: number };
    return {
      id: truck.id,
      start: 0,
      end: 0,
      // Rounded down: the planner may not promise more than the truck takes.
      capacity: [Math.floor(capacity.weight * 1000), Math.floor(capacity.volume * 1000)],
      timeWindow: shift,
      startService: (setting?.loadTime ?? 0) * 60,
      // Back at the branch, loaded again for the same load time, out again (docs/planning.md).
      trips: slot.branch.tripsPerTruck,
      reload: (setting?.loadTime ?? 0) * 60,
      skills: [truck.vehicleTypeId],
      profile: truck.vehicleTypeId,
    };
  });
  const returned = new Set(
    slot.bookings.flatMap((b) => b.lines.filter((l) => l.returned).map((l) => l.jobId)),
  );
  return {
    problem: { jobs, vehicles, matrices, prohibited: prohibitedPairs(slot) },
    refused,
    returned,
    extraPlaces,
  };
}
