import type { TruckUseRow } from '@lms/domain';
import { utilizationOf } from './utilization.ts';
import type { UtilizationThreshold } from './world.ts';

/**
 * Truck use over a period (docs/performance-figures.md): per vehicle type and per truck, the
 * weight and volume its trips carried against what they could carry, banded by the same rule the
 * booking calendar colours its cells with (`utilizationOf`, the branch's vehicle utilization
 * thresholds). Defined here, beside that rule, because the domain cannot reach the engine.
 * Hours are judged on their own (truckHours.ts: against the shifts' hours, not a trip's), so the
 * hour dimension here is 0 %.
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
  /** The trip's milliseconds on the road (the domain's `tripMs`). */
  readonly tripMs: number;
}

/**
 * One truck's trips of a period, added up: what `truckLoads` makes of trips, and what the server's
 * per-truck-and-day roll-ups add up to (docs/performance-figures.md "At scale"). Loads are in
 * thousandths (a trip's load rounded to the gram / litre), so sums are exact in any order.
 */
export interface TruckLoad {
  readonly vehicleId: string;
  readonly vehicleLabel: string;
  readonly vehicleTypeId: string;
  readonly vehicleTypeLabel: string;
  readonly trips: number;
  readonly weight: number;
  readonly volume: number;
  readonly capacityWeight: number;
  readonly capacityVolume: number;
  /** Trips loaded above their capacity of weight or volume. */
  readonly overloadedTrips: number;
  /** Its trips' milliseconds on the road, summed. */
  readonly tripMs: number;
}

const NO_HOURS = { minute: 0 };
const HOUR_NOT_JUDGED = { minute: 1 };
const round = (value: number) => Math.round(value * 1000) / 1000;

/** Each truck's trips summed (the label and type of its first trip). */
export function truckLoads(trips: readonly TripLoad[]): TruckLoad[] {
  const trucks = new Map<string, TruckLoad>();
  for (const trip of trips) {
    const truck = trucks.get(trip.vehicleId);
    const overloaded = trip.weight > trip.capacityWeight || trip.volume > trip.capacityVolume ? 1 : 0;
    trucks.set(trip.vehicleId, {
      vehicleId: trip.vehicleId,
      vehicleLabel: truck?.vehicleLabel ?? trip.vehicleLabel,
      vehicleTypeId: truck?.vehicleTypeId ?? trip.vehicleTypeId,
      vehicleTypeLabel: truck?.vehicleTypeLabel ?? trip.vehicleTypeLabel,
      trips: (truck?.trips ?? 0) + 1,
      weight: round((truck?.weight ?? 0) + trip.weight),
      volume: round((truck?.volume ?? 0) + trip.volume),
      capacityWeight: round((truck?.capacityWeight ?? 0) + trip.capacityWeight),
      capacityVolume: round((truck?.capacityVolume ?? 0) + trip.capacityVolume),
      overloadedTrips: (truck?.overloadedTrips ?? 0) + overloaded,
      tripMs: (truck?.tripMs ?? 0) + trip.tripMs,
    });
  }
  return [...trucks.values()];
}

function group(
  trucks: readonly TruckLoad[],
  key: (truck: TruckLoad) => { id: string; label: string },
  thresholds: readonly UtilizationThreshold[],
): TruckUseRow[] {
  const groups = new Map<string, { label: string; trucks: TruckLoad[] }>();
  for (const truck of trucks) {
    const { id, label } = key(truck);
    const found = groups.get(id) ?? { label, trucks: [] };
    found.trucks.push(truck);
    groups.set(id, found);
  }
  return [...groups.entries()]
    .map(([id, { label, trucks }]) => {
      const sum = (pick: (truck: TruckLoad) => number) =>
        round(trucks.reduce((total, truck) => total + pick(truck), 0));
      const weight = sum((t) => t.weight);
      const volume = sum((t) => t.volume);
      const capacityWeight = sum((t) => t.capacityWeight);
      const capacityVolume = sum((t) => t.capacityVolume);
      // One vehicle type per truck; a type's own thresholds (none: the default bands).
      const typeId = trucks[0]?.vehicleTypeId;
      const utilization = utilizationOf(
        thresholds.filter((t) => t.vehicleTypeId === typeId),
        { weight, volume, ...NO_HOURS },
        { weight: capacityWeight, volume: capacityVolume, ...HOUR_NOT_JUDGED },
      );
      return {
        id,
        label,
        trips: trucks.reduce((total, truck) => total + truck.trips, 0),
        weight,
        capacityWeight,
        volume,
        capacityVolume,
        weightPercent: utilization.weightPercent,
        volumePercent: utilization.volumePercent,
        status: utilization.status,
        statusLabel: utilization.statusLabel,
        colour: utilization.colour,
        overloadedTrips: trucks.reduce((total, truck) => total + truck.overloadedTrips, 0),
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, 'th'));
}

/** Per vehicle type and per truck, from trucks' summed trips. A truck belongs to one vehicle type, so its type's thresholds band it. */
export function truckUseOf(trucks: readonly TruckLoad[], thresholds: readonly UtilizationThreshold[]) {
  return {
    byVehicleType: group(trucks, (t) => ({ id: t.vehicleTypeId, label: t.vehicleTypeLabel }), thresholds),
    byTruck: group(trucks, (t) => ({ id: t.vehicleId, label: t.vehicleLabel }), thresholds),
  };
}

/** Per vehicle type and per truck, from the period's trips. */
export function truckUse(loads: readonly TripLoad[], thresholds: readonly UtilizationThreshold[]) {
  return truckUseOf(truckLoads(loads), thresholds);
}
