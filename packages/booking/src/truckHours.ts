import { hoursOf, type TruckHoursRow } from '@lms/domain';
import type { BranchTruck } from './truckDays.ts';
import type { TruckLoad } from './truckUse.ts';
import { utilizationOf } from './utilization.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * Hours used against hours available (docs/performance-figures.md "ชั่วโมงที่ใช้เทียบกับที่มี"), per
 * truck and per vehicle type: its trips' time on the road (the domain's `tripMs`, summed in the
 * truck's `TruckLoad`) against the minutes of the shifts the branch opened its type in over the
 * period (`availableMinutes`, per truck of the type), banded by the hour thresholds of the type
 * with `utilizationOf`, the calendar's rule (weight and volume left out: they are judged in truckUse).
 */

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
 * trips of the period; `availableMinutes`: by vehicle type, the minutes one truck of it had.
 */
export function truckHoursOf(
  trucks: readonly BranchTruck[],
  loads: readonly TruckLoad[],
  availableMinutes: ReadonlyMap<string, number>,
  thresholds: readonly UtilizationThreshold[],
): { byVehicleType: TruckHoursRow[]; byTruck: TruckHoursRow[] } {
  const byLabel = (a: TruckHoursRow, b: TruckHoursRow) => a.label.localeCompare(b.label, 'th');
  const load = new Map(loads.map((l) => [l.vehicleId, l]));
  const types = new Map<string, { label: string; trucks: number; trips: number; ms: number }>();
  const byTruck = trucks.map((truck) => {
    const own = load.get(truck.vehicleId);
    const trips = own?.trips ?? 0;
    const ms = own?.tripMs ?? 0;
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
  return { byVehicleType: byVehicleType.sort(byLabel), byTruck: byTruck.sort(byLabel) };
}
