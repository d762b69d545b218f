import { dayRange, judgedPeriod, type Period, type TruckDaysRow, type VehicleTypeDaysRow } from '@lms/domain';
import type { TripLoad } from './truckUse.ts';
import { utilizationOf } from './utilization.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * Empty and full days of truck use (docs/performance-figures.md "วันรถว่างและวันบรรทุกเต็ม"): per
 * truck, the days of the period it ran no trip, and the days its trips together fell in the
 * calendar's FULL band — the day's weight and volume against its trips' capacity, banded by
 * `utilizationOf` with its type's thresholds, as the booking calendar colours a slot. Beside the
 * engine's rule for the same reason as `truckUse`.
 */

/** A truck as the branch has it: its type's capacity of one trip. */
export interface BranchTruck {
  readonly vehicleId: string;
  readonly vehicleLabel: string;
  readonly vehicleTypeId: string;
  readonly vehicleTypeLabel: string;
  readonly capacityWeight: number;
  readonly capacityVolume: number;
}

/** One truck's trips of one shift day, added up (loads in thousandths): a row of `performance_truck_day`. */
export interface TruckDayLoad {
  readonly vehicleId: string;
  readonly day: string;
  readonly trips: number;
  readonly weight: number;
  readonly volume: number;
  /** Its trips' milliseconds on the road (the domain's `tripMs`), summed. */
  readonly tripMs: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Trips summed per truck and shift day (what the roll-ups keep per truck and day). */
export function truckDayLoads(trips: readonly (TripLoad & { readonly day: string })[]): TruckDayLoad[] {
  const days = new Map<string, TruckDayLoad>();
  for (const trip of trips) {
    const key = `${trip.vehicleId} ${trip.day}`;
    const found = days.get(key);
    days.set(key, {
      vehicleId: trip.vehicleId,
      day: trip.day,
      trips: (found?.trips ?? 0) + 1,
      weight: round((found?.weight ?? 0) + trip.weight),
      volume: round((found?.volume ?? 0) + trip.volume),
      tripMs: (found?.tripMs ?? 0) + trip.tripMs,
    });
  }
  return [...days.values()];
}

/** True when a day's trips, together, are in the FULL band of the truck's type (the calendar's red). */
export function isFullDay(
  truck: BranchTruck,
  day: TruckDayLoad,
  thresholds: readonly UtilizationThreshold[],
): boolean {
  const own = thresholds.filter((t) => t.vehicleTypeId === truck.vehicleTypeId);
  const used = { weight: day.weight, volume: day.volume, minute: 0 };
  // A day is judged by what it carried; its hours are not in its band (hour capacity 1, used 0).
  const capacity = {
    weight: day.trips * truck.capacityWeight,
    volume: day.trips * truck.capacityVolume,
    minute: 1,
  };
  return utilizationOf(own, used, capacity).status === 'FULL';
}

/**
 * Each truck's empty and full days of the period, and per vehicle type their counts. `trucks` are
 * the branch's trucks and any other that ran its trips; a day row outside the period or of a truck
 * not listed is ignored. Sorted by label, in Thai order.
 */
export function truckDaysOf(
  trucks: readonly BranchTruck[],
  loads: readonly TruckDayLoad[],
  period: Period,
  thresholds: readonly UtilizationThreshold[],
  /** Today: the days after it are not judged (a truck cannot have stood empty on a day still ahead). */
  today: string = period.to,
): { until: string | null; byVehicleType: VehicleTypeDaysRow[]; byTruck: TruckDaysRow[] } {
  const judged = judgedPeriod(period, today);
  const until = judged?.to ?? null;
  const days = judged === null ? [] : dayRange(judged.from, judged.to);
  const byTruck = trucks
    .map((truck): TruckDaysRow => {
      const own = new Map(loads.filter((l) => l.vehicleId === truck.vehicleId).map((l) => [l.day, l]));
      const ran = days.filter((day) => (own.get(day)?.trips ?? 0) > 0);
      return {
        id: truck.vehicleId,
        label: truck.vehicleLabel,
        vehicleTypeId: truck.vehicleTypeId,
        vehicleTypeLabel: truck.vehicleTypeLabel,
        tripDays: ran.length,
        emptyDays: days.filter((day) => !ran.includes(day)),
        fullDays: ran.filter((day) => {
          const load = own.get(day);
          return load !== undefined && isFullDay(truck, load, thresholds);
        }),
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'th'));
  const types = new Map<string, VehicleTypeDaysRow>();
  for (const truck of byTruck) {
    const found = types.get(truck.vehicleTypeId);
    types.set(truck.vehicleTypeId, {
      id: truck.vehicleTypeId,
      label: truck.vehicleTypeLabel,
      trucks: (found?.trucks ?? 0) + 1,
      truckDays: (found?.truckDays ?? 0) + days.length,
      emptyDays: (found?.emptyDays ?? 0) + truck.emptyDays.length,
      fullDays: (found?.fullDays ?? 0) + truck.fullDays.length,
    });
  }
  return {
    until,
    byVehicleType: [...types.values()].sort((a, b) => a.label.localeCompare(b.label, 'th')),
    byTruck,
  };
}

/**
 * The company's days per vehicle type: several branches' `truckDaysOf` type rows added up (trucks,
 * truck-days, empty and full days summed per type; a truck two branches list counts in both, as
 * each branch's own screen shows it). Sorted by label, in Thai order.
 */
export function addTruckDays(branches: readonly (readonly VehicleTypeDaysRow[])[]): VehicleTypeDaysRow[] {
  const types = new Map<string, VehicleTypeDaysRow>();
  for (const row of branches.flat()) {
    const found = types.get(row.id);
    types.set(
      row.id,
      found === undefined
        ? row
        : {
            ...found,
            trucks: found.trucks + row.trucks,
            truckDays: found.truckDays + row.truckDays,
            emptyDays: found.emptyDays + row.emptyDays,
            fullDays: found.fullDays + row.fullDays,
          },
    );
  }
  return [...types.values()].sort((a, b) => a.label.localeCompare(b.label, 'th'));
}
