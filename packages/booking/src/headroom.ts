import type { Allocation } from './allocation.ts';
import { type Amounts, slotCapacityOf } from './capacity.ts';
import type { BookingWorld, Id } from './world.ts';
import { indexWorld } from './worldIndex.ts';

/**
 * Below what use of each slot a draft's accepted allocations stay exactly as they are (a confirm's
 * check under the slots' locks, apps/server booking/confirm.ts): undefined when a slot has no room
 * to spare.
 *
 * Why this holds: a slot's use enters the engine only as its room, `capacity − use`, which the
 * packing (packing.ts) takes the minimum of with each vehicle's own room. While a slot's room is at
 * least what its accepted allocations take in all, at every step of the packing it is at least
 * what is still to place (a part costs no more than the parts it could be split into), so it never
 * decides how much of a line goes into a vehicle or whether another vehicle starts: the same parts
 * land in the same vehicles, and the same allocation comes out (but for its `slotAfter`, the slot's
figures after it, which a confirm neither writes nor answers). So with `use ≤ used + room − taken`
 * at every slot, the check gives what it gave. Every other rule reads no use. The allocations'
 * weight and volume are rounded to grams and litres (allocation.ts), so a thousandth is kept back.
 */
export function slotUseLimits(
  world: BookingWorld,
  allocations: readonly Allocation[],
  special: boolean,
): Map<Id, Amounts> | undefined {
  const index = indexWorld(world);
  const taken = new Map<Id, Amounts>();
  for (const a of allocations) {
    const sum = taken.get(a.slotId) ?? { weight: 0, volume: 0, minute: 0 };
    taken.set(a.slotId, {
      weight: sum.weight + a.usedWeight,
      volume: sum.volume + a.usedVolume,
      minute: sum.minute + a.usedMinute,
    });
  }
  const limits = new Map<Id, Amounts>();
  for (const [slotId, take] of taken) {
    const slot = index.slots.get(slotId);
    if (!slot) return undefined;
    const { used, remaining } = slotCapacityOf(index, slot, special);
    const spare = {
      weight: remaining.weight - take.weight - ROUNDING,
      volume: remaining.volume - take.volume - ROUNDING,
      minute: remaining.minute - take.minute - ROUNDING,
    };
    if (spare.weight < 0 || spare.volume < 0 || spare.minute < 0) return undefined;
    limits.set(slotId, {
      weight: used.weight + spare.weight,
      volume: used.volume + spare.volume,
      minute: used.minute + spare.minute,
    });
  }
  return limits;
}

/** What an allocation's rounded weight and volume may hide (half a thousandth), with a margin. */
const ROUNDING = 1e-3;
