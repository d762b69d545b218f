import { quantityPrice } from '@lms/domain';
import type { Amounts } from './capacity.ts';
import type { BookingContext } from './context.ts';
import { VEHICLE_STEP_PERCENT } from './decisions.ts';
import { packedAmounts, type SlotPacking } from './packing.ts';
import { type Utilization, utilizationOf } from './utilization.ts';
import type { Id, IsoDate, TimeOfDay } from './world.ts';
import type { WorldIndex } from './worldIndex.ts';

/** An allocation as the planner sees it and the server stores it: one slot, its vehicles and lines. */

export interface AllocatedLine {
  readonly deliveryOrderId: Id;
  readonly lineId: Id;
  readonly articleId: Id;
  readonly qty: number;
  readonly usedWeight: number;
  readonly usedVolume: number;
  /** Installation minutes; the first line of each vehicle also carries that vehicle's trip minutes. */
  readonly usedMinute: number;
}

export interface VehicleLoad {
  readonly lines: readonly AllocatedLine[];
  readonly usedWeight: number;
  readonly usedVolume: number;
  readonly usedMinute: number;
}

export interface SlotAfter extends Utilization {
  readonly capacity: Amounts;
  readonly used: Amounts;
  readonly remaining: Amounts;
}

export interface Allocation {
  readonly slotId: Id;
  readonly date: IsoDate;
  readonly shiftOfDayId: Id;
  readonly shiftName: string;
  readonly shiftPriority: number;
  /** The shift's hours (`HH:mm`): the delivery time must lie between them (fine tune). */
  readonly shiftStartTime: TimeOfDay;
  readonly shiftEndTime: TimeOfDay;
  readonly timeSlotCode: string | null;
  readonly vehicleTypeId: Id;
  readonly vehicleTypeName: string;
  readonly vehicles: number;
  readonly loads: readonly VehicleLoad[];
  /** One row per DO line carried (summed over vehicles): what the server writes as booking lines. */
  readonly lines: readonly AllocatedLine[];
  readonly usedWeight: number;
  readonly usedVolume: number;
  readonly usedMinute: number;
  readonly distanceKm: number;
  /** One vehicle's load, unload, waiting and travel minutes: what the booking stores (× vehicles). */
  readonly loadMinute: number;
  readonly unloadMinute: number;
  readonly waitingMinute: number;
  readonly travelMinute: number;
  /** load + unload + wait + travel of one vehicle. */
  readonly tripMinute: number;
  /** The slot after this booking. */
  readonly slotAfter: SlotAfter;
  /** Baht for all the vehicles; null when the vehicle type has no price. */
  readonly fee: number | null;
}

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
