import type { Suggestion as ApiSuggestion } from '@lms/domain';
import { type Allocation, allocationOf } from './allocation.ts';
import type { BookingContext } from './context.ts';
import { suggestionContext } from './context.ts';
import { MAX_OPTIONS } from './decisions.ts';
import { bookingMessages } from './messages.ts';
import { packSlot, piecesOf } from './packing.ts';
import { type BookingOption, compareOptions, optionKey, type UnrankedOption } from './rank.ts';
import { searchWindow, slotRuleBreak, slotsBetween } from './slots.ts';
import { dayAnswersFor } from './whyNot.ts';
import type { BookingWorld, IsoDate, SuggestRequest, VehicleDateSlot } from './world.ts';
import { indexWorld } from './worldIndex.ts';

/** Order Suggestion: up to MAX_OPTIONS ranked options, every one feasible under every rule. */

export type Suggestion = ApiSuggestion;

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Chronological: day, shift priority, shift start, bigger vehicle types first, slot id. */
export function chronological(context: BookingContext): (a: VehicleDateSlot, b: VehicleDateSlot) => number {
  const { shifts, vehicleTypes } = context.index;
  return (a, b) => {
    const shiftA = shifts.get(a.shiftOfDayId);
    const shiftB = shifts.get(b.shiftOfDayId);
    return (
      compareText(a.shiftDate, b.shiftDate) ||
      (shiftA?.priority ?? 0) - (shiftB?.priority ?? 0) ||
      compareText(shiftA?.startTime ?? '', shiftB?.startTime ?? '') ||
      (vehicleTypes.get(b.vehicleTypeId)?.maxCapacityWeight ?? 0) -
        (vehicleTypes.get(a.vehicleTypeId)?.maxCapacityWeight ?? 0) ||
      compareText(a.id, b.id)
    );
  };
}

/**
 * Packs the whole order from `slots[at]` on, spilling to the next vehicle, shift and day; null
 * when the first slot takes nothing (a later start gives the same option), when the order does
 * not fit by the end, or when it would finish after `deadline`.
 */
function chainFrom(
  context: BookingContext,
  slots: readonly VehicleDateSlot[],
  at: number,
  deadline: IsoDate | null,
): UnrankedOption | null {
  const pieces = piecesOf(context.cargo);
  const allocations: Allocation[] = [];
  let capacityWeight = 0;
  let capacityVolume = 0;
  for (let position = at; position < slots.length; position += 1) {
    const slot = slots[position] as VehicleDateSlot;
    if (deadline !== null && slot.shiftDate > deadline) return null;
    const packing = packSlot(context, slot, pieces, context.facts(slot.vehicleTypeId)?.trip.tripMinute ?? 0);
    if (packing.vehicles.length === 0) {
      if (position === at) return null;
      continue;
    }
    allocations.push(allocationOf(context, packing));
    capacityWeight += packing.capacity.perVehicle.weight * packing.vehicles.length;
    capacityVolume += packing.capacity.perVehicle.volume * packing.vehicles.length;
    if (pieces.every((piece) => piece.left <= 0)) {
      const first = allocations[0] as Allocation;
      const last = allocations[allocations.length - 1] as Allocation;
      const weight = allocations.reduce((sum, allocation) => sum + allocation.usedWeight, 0);
      const volume = allocations.reduce((sum, allocation) => sum + allocation.usedVolume, 0);
      const fees = allocations.map((allocation) => allocation.fee);
      return {
        allocations,
        completionDate: last.date,
        firstDate: first.date,
        vehicles: allocations.reduce((sum, allocation) => sum + allocation.vehicles, 0),
        fee: fees.some((fee) => fee === null)
          ? null
          : Math.round(fees.reduce<number>((sum, fee) => sum + (fee ?? 0), 0) * 100) / 100,
        fillPercent:
          Math.round(
            Math.max(
              capacityWeight > 0 ? weight / capacityWeight : 0,
              capacityVolume > 0 ? volume / capacityVolume : 0,
            ) * 10000,
          ) / 100,
        shiftPriority: first.shiftPriority,
      };
    }
  }
  return null;
}

interface ChainStart {
  readonly slots: readonly VehicleDateSlot[];
  readonly at: number;
  readonly date: IsoDate;
}

/** One chain per vehicle type from each of its slots, and one mixed chain from each day-and-shift. */
function chainStarts(usable: readonly VehicleDateSlot[]): ChainStart[] {
  const starts: ChainStart[] = [];
  const byType = new Map<string, VehicleDateSlot[]>();
  for (const slot of usable)
    byType.set(slot.vehicleTypeId, [...(byType.get(slot.vehicleTypeId) ?? []), slot]);
  for (const slots of byType.values()) {
    slots.forEach((slot, at) => {
      starts.push({ slots, at, date: slot.shiftDate });
    });
  }
  if (byType.size > 1) {
    usable.forEach((slot, at) => {
      const previous = usable[at - 1];
      if (!previous || previous.shiftDate !== slot.shiftDate || previous.shiftOfDayId !== slot.shiftOfDayId) {
        starts.push({ slots: usable, at, date: slot.shiftDate });
      }
    });
  }
  return starts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export function findOptions(context: BookingContext, usable: readonly VehicleDateSlot[]): BookingOption[] {
  const best: UnrankedOption[] = [];
  const keys = new Set<string>();
  for (const start of chainStarts(usable)) {
    const worst = best.length >= MAX_OPTIONS ? (best[MAX_OPTIONS - 1] as UnrankedOption) : null;
    // Options are ranked by completion date first: a chain starting later cannot beat a full list.
    if (worst && worst.completionDate < start.date) break;
    const option = chainFrom(context, start.slots, start.at, worst?.completionDate ?? null);
    if (!option) continue;
    const key = optionKey(option);
    if (keys.has(key)) continue;
    keys.add(key);
    best.push(option);
    best.sort(compareOptions);
    if (best.length > MAX_OPTIONS) best.length = MAX_OPTIONS;
  }
  return best.map((option, position) => ({ ...option, rank: position + 1 }));
}

export function suggest(world: BookingWorld, request: SuggestRequest): Suggestion {
  const index = indexWorld(world);
  const resolved = suggestionContext(index, request);
  const empty = {
    earliestDate: null,
    from: null,
    to: null,
    distanceKm: null,
    options: [],
    whyNot: [],
    days: [],
  };
  if ('problem' in resolved) return { ...empty, problem: resolved.problem };
  const { context } = resolved;
  const window = searchWindow(context, request.wantedDate);
  const base = { earliestDate: context.earliestDate, ...window, distanceKm: context.distanceKm };
  if (context.cargo.length === 0)
    return { ...base, options: [], whyNot: [], days: [], problem: bookingMessages.nothingToBook };
  const usable = slotsBetween(context, window.from, window.to)
    .filter((slot) => slotRuleBreak(context, slot) === null)
    .sort(chronological(context));
  return {
    ...base,
    options: findOptions(context, usable),
    ...dayAnswersFor(context, window, request.wantedDate),
    problem: null,
  };
}
