import type { Amounts as ApiAmounts } from '@lms/domain';
import { bookableVehicles, DEFAULT_ADJUST_PERCENT } from './decisions.ts';
import type { BookingWorld, Id, VehicleDateSlot } from './world.ts';
import { indexWorld, type WorldIndex } from './worldIndex.ts';

/** What a slot can carry, has carried, and has left (booking.md Capacity). */

export type Amounts = ApiAmounts;

export interface SlotCapacity {
  readonly slotId: Id;
  /** Vehicles this booking may use. */
  readonly vehicles: number;
  /** One vehicle: nominal × booking adjust %; minutes = the shift's totalMinute. */
  readonly perVehicle: Amounts;
  readonly capacity: Amounts;
  readonly used: Amounts;
  /** Capacity − used, never below zero. */
  readonly remaining: Amounts;
}

export const ZERO: Amounts = { weight: 0, volume: 0, minute: 0 };

/** One vehicle of the slot's type at the slot's branch, in the slot's shift. */
export function perVehicleCapacity(index: WorldIndex, slot: VehicleDateSlot): Amounts {
  const type = index.vehicleTypes.get(slot.vehicleTypeId);
  const shift = index.shifts.get(slot.shiftOfDayId);
  const adjust = index.adjustPercents.get(`${slot.branchId}|${slot.vehicleTypeId}`);
  const weightPercent = adjust?.bookingWeightAdjustPercent ?? DEFAULT_ADJUST_PERCENT;
  const volumePercent = adjust?.bookingVolumeAdjustPercent ?? DEFAULT_ADJUST_PERCENT;
  return {
    weight: ((type?.maxCapacityWeight ?? 0) * weightPercent) / 100,
    volume: ((type?.maxCapacityVolume ?? 0) * volumePercent) / 100,
    minute: shift?.totalMinute ?? 0,
  };
}

export function slotCapacityOf(index: WorldIndex, slot: VehicleDateSlot, special: boolean): SlotCapacity {
  const vehicles = bookableVehicles(slot, special);
  const perVehicle = perVehicleCapacity(index, slot);
  const capacity = {
    weight: perVehicle.weight * vehicles,
    volume: perVehicle.volume * vehicles,
    minute: perVehicle.minute * vehicles,
  };
  const used = index.used.get(slot.id) ?? ZERO;
  return {
    slotId: slot.id,
    vehicles,
    perVehicle,
    capacity,
    used: { ...used },
    remaining: {
      weight: Math.max(0, capacity.weight - used.weight),
      volume: Math.max(0, capacity.volume - used.volume),
      minute: Math.max(0, capacity.minute - used.minute),
    },
  };
}

/** Capacity, use and what is left of one slot; undefined for an unknown slot. */
export function slotCapacity(world: BookingWorld, slotId: Id, special = false): SlotCapacity | undefined {
  const index = indexWorld(world);
  const slot = index.slots.get(slotId);
  return slot ? slotCapacityOf(index, slot, special) : undefined;
}

export function remainingCapacity(world: BookingWorld, slotId: Id, special = false): Amounts {
  return slotCapacity(world, slotId, special)?.remaining ?? ZERO;
}
