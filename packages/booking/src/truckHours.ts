import { hoursOf, judgedPeriod, type Period, type TruckHoursRow } from '@lms/domain';
import type { BranchTruck, TruckDayLoad } from './truckDays.ts';
import { utilizationOf } from './utilization.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * Hours used against hours available (docs/performance-figures.md "ชั่วโมงที่ใช้เทียบกับที่มี"), per
 * truck and per vehicle type: its trips' time on the road (the domain's `tripMs`, summed in the
 * truck's days) against the minutes of the shifts the branch opened its type in (per truck of the
 * type), banded by the hour thresholds of the type with `utilizationOf`, the calendar's rule
 * (weight and volume left out: they are judged in truckUse). Both sides count the days of
 * `judgedPeriod` only, as truck days do: in a month still running, a shift ahead is not an hour
 * the truck failed to use, nor a trip planned ahead an hour used.
 */

/** The minutes one truck of a vehicle type had on one day: the shifts the branch opened the type in. */
export interface ShiftDayMinutes {
  readonly vehicleTypeId: string;
  readonly day: string;
  readonly minutes: number;
}

const NO_STATUS = { percent: null, status: null, statusLabel: 'ไม่มีกะที่เปิด', colour: '' } as const;

function row(
  id: string,
  label: string,
  vehicleTypeId: string,
  trips: number,
  usedMs: number,
  availableMinutes: number,
  thresholds: readonly UtilizationThreshold[],
): TruckHoursRow {
  const base = {
    id,
    label,
    trips,
    hours: hoursOf(usedMs),
    availableHours: hoursOf(availableMinutes * 60_000),
  };
  if (availableMinutes <= 0) return { ...base, ...NO_STATUS };
  const hourOnly = { weight: 0, volume: 0 };
  const utilization = utilizationOf(
    thresholds.filter((t) => t.vehicleTypeId === vehicleTypeId),
    { ...hourOnly, minute: usedMs / 60_000 },
    { weight: 1, volume: 1, minute: availableMinutes },
  );
  return {
    ...base,
    percent: utilization.hourPercent,
    status: utilization.status,
    statusLabel: utilization.statusLabel,
    colour: utilization.colour,
  };
}

/**
 * `trucks`: the branch's fleet (every truck listed, one without a trip at 0 hours); `loads`: their
 * trips per day (`tripMs` summed); `shifts`: per vehicle type and day, the minutes one truck of it
 * had. Days outside `judgedPeriod(period, today)` are left out of both; `until` is its last day.
 */
export function truckHoursOf(
  trucks: readonly BranchTruck[],
  loads: readonly TruckDayLoad[],
  shifts: readonly ShiftDayMinutes[],
  thresholds: readonly UtilizationThreshold[],
  period: Period,
  today: string,
): { until: string | null; byVehicleType: TruckHoursRow[]; byTruck: TruckHoursRow[] } {
  const judged = judgedPeriod(period, today);
  const counted = (day: string) => judged !== null && day >= judged.from && day <= judged.to;
  const availableMinutes = new Map<string, number>();
  for (const shift of shifts.filter((s) => counted(s.day)))
    availableMinutes.set(
      shift.vehicleTypeId,
      (availableMinutes.get(shift.vehicleTypeId) ?? 0) + shift.minutes,
    );
  const load = new Map<string, { trips: number; ms: number }>();
  for (const day of loads.filter((l) => counted(l.day))) {
    const found = load.get(day.vehicleId) ?? { trips: 0, ms: 0 };
    load.set(day.vehicleId, { trips: found.trips + day.trips, ms: found.ms + day.tripMs });
  }
  const byLabel = (a: TruckHoursRow, b: TruckHoursRow) => a.label.localeCompare(b.label, 'th');
  const types = new Map<string, { label: string; trucks: number; trips: number; ms: number }>();
  const byTruck = trucks.map((truck) => {
    const own = load.get(truck.vehicleId);
    const trips = own?.trips ?? 0;
    const ms = own?.ms ?? 0;
    const type = types.get(truck.vehicleTypeId) ?? {
      label: truck.vehicleTypeLabel,
      trucks: 0,
      trips: 0,
      ms: 0,
    };
    types.set(truck.vehicleTypeId, {
      ...type,
      trucks: type.trucks + 1,
      trips: type.trips + trips,
      ms: type.ms + ms,
    });
    const minutes = availableMinutes.get(truck.vehicleTypeId) ?? 0;
    return row(truck.vehicleId, truck.vehicleLabel, truck.vehicleTypeId, trips, ms, minutes, thresholds);
  });
  const byVehicleType = [...types.entries()].map(([id, type]) =>
    row(id, type.label, id, type.trips, type.ms, (availableMinutes.get(id) ?? 0) * type.trucks, thresholds),
  );
  return {
    until: judged?.to ?? null,
    byVehicleType: byVehicleType.sort(byLabel),
    byTruck: byTruck.sort(byLabel),
  };
}

/**
 * The company's hours per vehicle type: several branches' `truckHoursOf` type rows added up — trips,
 * hours used and hours available summed per type — and judged again by `row`, the one rule that
 * judges a branch's type row (the type's hour thresholds), on the sums. Sorted by label, in Thai order.
 */
export function addTruckHours(
  branches: readonly (readonly TruckHoursRow[])[],
  thresholds: readonly UtilizationThreshold[],
): TruckHoursRow[] {
  const types = new Map<string, { label: string; trips: number; hours: number; availableHours: number }>();
  for (const type of branches.flat()) {
    const found = types.get(type.id) ?? { label: type.label, trips: 0, hours: 0, availableHours: 0 };
    types.set(type.id, {
      label: found.label,
      trips: found.trips + type.trips,
      hours: found.hours + type.hours,
      availableHours: found.availableHours + type.availableHours,
    });
  }
  return [...types.entries()]
    .map(([id, type]) =>
      row(id, type.label, id, type.trips, type.hours * 3_600_000, type.availableHours * 60, thresholds),
    )
    .sort((a, b) => a.label.localeCompare(b.label, 'th'));
}
