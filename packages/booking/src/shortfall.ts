import { type Amounts, slotCapacityOf } from './capacity.ts';
import { type Cargo, partCost } from './cargo.ts';
import type { BookingContext } from './context.ts';
import { bookingMessages } from './messages.ts';
import { type Piece, packSlot } from './packing.ts';
import { fitsIn } from './rules.ts';
import type { RuleBreak } from './slots.ts';
import type { ShiftOfDay, VehicleDateSlot } from './world.ts';

/**
 * Which limit of a slot an order (or part of it) runs into, named with its numbers (issue "The
 * day as one flow", item 3): one vehicle's weight, volume or shift minutes; the vehicles the slot
 * has; what the slot has left. A refusal that says "full" of an empty slot sends a planner looking
 * at the wrong thing.
 */

type Resource = keyof Amounts;
const RESOURCES: readonly Resource[] = ['minute', 'weight', 'volume'];

/** The smallest part of a line a vehicle can carry: the whole line when it cannot be split, else one unit. */
export const smallestPart = (cargo: Cargo): Amounts =>
  partCost(cargo, 0, cargo.whole ? cargo.qty : Math.min(1, cargo.qty));

function context(ctx: BookingContext, slot: VehicleDateSlot) {
  const facts = ctx.facts(slot.vehicleTypeId);
  const shift = ctx.index.shifts.get(slot.shiftOfDayId) as ShiftOfDay;
  return {
    name: facts?.vehicleType.name ?? slot.vehicleTypeId,
    tripMinute: facts?.trip.tripMinute ?? 0,
    shift,
    capacity: slotCapacityOf(ctx.index, slot, ctx.special),
  };
}

/** A line whose smallest part does not fit an empty vehicle of the slot, and the limit it breaks. */
export function oneVehicleBreak(ctx: BookingContext, slot: VehicleDateSlot): RuleBreak | null {
  const { name, tripMinute, shift, capacity } = context(ctx, slot);
  const empty = { ...capacity.perVehicle, minute: capacity.perVehicle.minute - tripMinute };
  for (const cargo of ctx.cargo) {
    const part = smallestPart(cargo);
    if (fitsIn(part, empty)) continue;
    const article = cargo.article?.name ?? cargo.articleId;
    const over = RESOURCES.find((resource) => part[resource] > empty[resource]) ?? 'minute';
    const message =
      over === 'minute'
        ? bookingMessages.longerThanShift(
            name,
            part.minute + tripMinute,
            part.minute,
            shift.name,
            shift.totalMinute,
          )
        : bookingMessages.heavierThanVehicle(name, article, over, part[over], capacity.perVehicle[over]);
    return { rule: 'CAPACITY', message };
  }
  return null;
}

/**
 * Why the slot cannot take even the smallest part of the order now, or null when it can: an empty
 * vehicle too small or too short for it, no vehicle to book, or what the slot has left.
 */
export function slotTakesNothing(ctx: BookingContext, slot: VehicleDateSlot): RuleBreak | null {
  const { name, tripMinute, shift, capacity } = context(ctx, slot);
  if (capacity.vehicles === 0) return { rule: 'CAPACITY', message: bookingMessages.noVehicles(name) };
  const room = {
    weight: Math.min(capacity.perVehicle.weight, capacity.remaining.weight),
    volume: Math.min(capacity.perVehicle.volume, capacity.remaining.volume),
    minute: Math.min(capacity.perVehicle.minute, capacity.remaining.minute) - tripMinute,
  };
  if (room.minute >= 0 && ctx.cargo.some((cargo) => fitsIn(smallestPart(cargo), room))) return null;
  const tooSmall = oneVehicleBreak(ctx, slot);
  if (tooSmall) return tooSmall;
  // An empty vehicle would take a part: the slot's remaining capacity is what stops it.
  const part = ctx.cargo.map(smallestPart).reduce((a, b) => (b.minute < a.minute ? b : a));
  const need = { ...part, minute: part.minute + tripMinute };
  const short = RESOURCES.find((resource) => need[resource] > capacity.remaining[resource]) ?? 'minute';
  return {
    rule: 'CAPACITY',
    message: bookingMessages.shiftFull(name, shift.name, short, need[short], capacity.remaining[short]),
  };
}

/**
 * Why `pieces` do not fit the slot in `vehicles` vehicles (an edit of a planner): one vehicle too
 * small for a part, more vehicles needed than asked, more than the slot has, or what it has left.
 */
export function allocationShortfall(
  ctx: BookingContext,
  slot: VehicleDateSlot,
  pieces: () => Piece[],
  vehicles: number,
): RuleBreak {
  const { name, tripMinute, capacity } = context(ctx, slot);
  const tooSmall = oneVehicleBreak(ctx, slot);
  if (tooSmall) return tooSmall;
  const asIfEmpty = packSlot(ctx, slot, pieces(), tripMinute, { maxVehicles: Infinity, ignoreSlotUse: true });
  const needed = asIfEmpty.vehicles.length;
  if (needed > vehicles)
    return { rule: 'CAPACITY', message: bookingMessages.moreVehicles(name, needed, vehicles) };
  if (needed > capacity.vehicles)
    return { rule: 'CAPACITY', message: bookingMessages.tooManyVehicles(needed, capacity.vehicles) };
  const need = asIfEmpty.vehicles.reduce(
    (sum, vehicle) => ({
      weight: sum.weight + vehicle.load.weight,
      volume: sum.volume + vehicle.load.volume,
      minute: sum.minute + vehicle.load.minute,
    }),
    { weight: 0, volume: 0, minute: 0 },
  );
  const short = RESOURCES.filter((resource) => need[resource] > capacity.remaining[resource] + 1e-9);
  return {
    rule: 'CAPACITY',
    message: bookingMessages.notEnough(
      (short.length ? short : RESOURCES).map((resource) => ({
        resource,
        need: need[resource],
        left: capacity.remaining[resource],
      })),
    ),
  };
}
