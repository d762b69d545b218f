import {
  type AllocatedLine as ApiAllocatedLine,
  type Allocation as ApiAllocation,
  type SlotAfter as ApiSlotAfter,
  type VehicleLoad as ApiVehicleLoad,
  quantityPrice,
} from '@lms/domain';
import type { BookingContext } from './context.ts';
import { VEHICLE_STEP_PERCENT } from './decisions.ts';
import { packedAmounts, type SlotPacking } from './packing.ts';
import { utilizationOf } from './utilization.ts';
import type { Id } from './world.ts';
import type { WorldIndex } from './worldIndex.ts';

/** An allocation as the planner sees it and the server stores it: one slot, its vehicles and lines. */

export type AllocatedLine = ApiAllocatedLine;

export type VehicleLoad = ApiVehicleLoad;

export type SlotAfter = ApiSlotAfter;

export type Allocation = ApiAllocation;

const round3 = (value: number): number => Math.round(value * 1000) / 1000;

function sumLines(lines: readonly AllocatedLine[]): Map<Id, AllocatedLine> {
  const byLine = new Map<Id, AllocatedLine>();
  for (const line of lines) {
    const seen = byLine.get(line.lineId);
    byLine.set(
      line.lineId,
      seen
        ? {
            ...seen,
            qty: Math.round((seen.qty + line.qty) * 1e6) / 1e6,
            usedWeight: round3(seen.usedWeight + line.usedWeight),
            usedVolume: round3(seen.usedVolume + line.usedVolume),
            usedMinute: seen.usedMinute + line.usedMinute,
          }
        : line,
    );
  }
  return byLine;
}

/** What a planner reads of a slot's shift: name, hours (`HH:mm`), priority and time slot code. */
export type ShiftFields = Pick<
  Allocation,
  'shiftName' | 'shiftPriority' | 'shiftStartTime' | 'shiftEndTime' | 'timeSlotCode'
>;

export function shiftFieldsOf(index: WorldIndex, shiftOfDayId: Id): ShiftFields {
  const shift = index.shifts.get(shiftOfDayId);
  const timeSlot = shift?.timeSlotCodeId ? index.timeSlotCodes.get(shift.timeSlotCodeId) : undefined;
  return {
    shiftName: shift?.name ?? shiftOfDayId,
    shiftPriority: shift?.priority ?? 0,
    shiftStartTime: shift?.startTime.slice(0, 5) ?? '',
    shiftEndTime: shift?.endTime.slice(0, 5) ?? '',
    timeSlotCode: timeSlot?.code ?? null,
  };
}

export function allocationOf(context: BookingContext, packing: SlotPacking): Allocation {
  const { slot, capacity } = packing;
  const { index } = context;
  const facts = context.facts(slot.vehicleTypeId);
  const loads: VehicleLoad[] = packing.vehicles.map((vehicle) => {
    const lines = vehicle.parts.map((part, position) => ({
      deliveryOrderId: part.cargo.deliveryOrderId,
      lineId: part.cargo.lineId,
      articleId: part.cargo.articleId,
      qty: part.qty,
      usedWeight: part.cost.weight,
      usedVolume: part.cost.volume,
      usedMinute: part.cost.minute + (position === 0 ? packing.tripMinute : 0),
    }));
    return {
      lines,
      usedWeight: round3(vehicle.load.weight),
      usedVolume: round3(vehicle.load.volume),
      usedMinute: vehicle.load.minute,
    };
  });
  const used = packedAmounts(packing.vehicles);
  const usedAfter = {
    weight: capacity.used.weight + used.weight,
    volume: capacity.used.volume + used.volume,
    minute: capacity.used.minute + used.minute,
  };
  const perVehicleFee = facts?.feePerVehicle ?? null;
  return {
    slotId: slot.id,
    date: slot.shiftDate,
    shiftOfDayId: slot.shiftOfDayId,
    ...shiftFieldsOf(index, slot.shiftOfDayId),
    vehicleTypeId: slot.vehicleTypeId,
    vehicleTypeName: facts?.vehicleType.name ?? slot.vehicleTypeId,
    vehicles: loads.length,
    loads,
    lines: [...sumLines(loads.flatMap((load) => load.lines)).values()],
    usedWeight: round3(used.weight),
    usedVolume: round3(used.volume),
    usedMinute: used.minute,
    distanceKm: context.distanceKm ?? 0,
    loadMinute: facts?.trip.loadMinute ?? 0,
    unloadMinute: facts?.trip.unloadMinute ?? 0,
    waitingMinute: facts?.trip.waitingMinute ?? 0,
    travelMinute: facts?.trip.travelMinute ?? 0,
    tripMinute: packing.tripMinute,
    slotAfter: {
      ...utilizationOf(index.thresholds.get(slot.vehicleTypeId), usedAfter, capacity.capacity),
      capacity: capacity.capacity,
      used: usedAfter,
      remaining: {
        weight: Math.max(0, capacity.remaining.weight - used.weight),
        volume: Math.max(0, capacity.remaining.volume - used.volume),
        minute: Math.max(0, capacity.remaining.minute - used.minute),
      },
    },
    fee: perVehicleFee === null ? null : quantityPrice(loads.length, perVehicleFee, VEHICLE_STEP_PERCENT),
  };
}
