import type { TruckUseRow } from '@lms/domain';
import { utilizationOf } from './utilization.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * Truck use over a period (docs/performance-figures.md): per vehicle type and per truck, the
 * weight and volume its trips carried against what they could carry, banded by the same rule the
 * booking calendar colours its cells with (`utilizationOf`, the branch's vehicle utilization
 * thresholds). Defined here, beside that rule, because the domain cannot reach the engine.
 * Hours are not judged yet: a trip's hour capacity is not recorded, so the hour dimension is 0 %.
 */

/** One trip: its truck and type, what its bookings carried and what its type carries. */
export interface TripLoad {
  readonly shipmentId: string;
  readonly vehicleId: string;
  readonly vehicleLabel: string;
  readonly vehicleTypeId: string;
  readonly vehicleTypeLabel: string;
  readonly weight: number;
  readonly volume: number;
  readonly capacityWeight: number;
  readonly capacityVolume: number;
}

const NO_HOURS = { minute: 0 };
const HOUR_NOT_JUDGED = { minute: 1 };
const round = (value: number) => Math.round(value * 1000) / 1000;

function group(
  loads: readonly TripLoad[],
  key: (load: TripLoad) => { id: string; label: string },
  thresholds: readonly UtilizationThreshold[],
): TruckUseRow[] {
  const groups = new Map<string, { label: string; trips: TripLoad[] }>();
  for (const load of loads) {
    const { id, label } = key(load);
    const found = groups.get(id) ?? { label, trips: [] };
    found.trips.push(load);
    groups.set(id, found);
  }
  return [...groups.entries()]
    .map(([id, { label, trips }]) => {
      const sum = (pick: (load: TripLoad) => number) =>
        round(trips.reduce((total, load) => total + pick(load), 0));
      const weight = sum((l) => l.weight);
      const volume = sum((l) => l.volume);
      const capacityWeight = sum((l) => l.capacityWeight);
      const capacityVolume = sum((l) => l.capacityVolume);
      // One vehicle type per truck; a type's own thresholds (none: the default bands).
      const typeId = trips[0]?.vehicleTypeId;
      const utilization = utilizationOf(
        thresholds.filter((t) => t.vehicleTypeId === typeId),
        { weight, volume, ...NO_HOURS },
        { weight: capacityWeight, volume: capacityVolume, ...HOUR_NOT_JUDGED },
      );
      return {
        id,
        label,
        trips: trips.length,
        weight,
        capacityWeight,
        volume,
        capacityVolume,
        weightPercent: utilization.weightPercent,
        volumePercent: utilization.volumePercent,
        status: utilization.status,
        statusLabel: utilization.statusLabel,
        colour: utilization.colour,
        overloadedTrips: trips.filter((l) => l.weight > l.capacityWeight || l.volume > l.capacityVolume)
          .length,
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'th'));
}

/** Per vehicle type and per truck. A truck belongs to one vehicle type, so its type's thresholds band it. */
export function truckUse(loads: readonly TripLoad[], thresholds: readonly UtilizationThreshold[]) {
  return {
    byVehicleType: group(loads, (l) => ({ id: l.vehicleTypeId, label: l.vehicleTypeLabel }), thresholds),
    byTruck: group(loads, (l) => ({ id: l.vehicleId, label: l.vehicleLabel }), thresholds),
  };
}
