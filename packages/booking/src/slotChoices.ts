import type { SlotChoice as ApiSlotChoice, SlotChoices as ApiSlotChoices } from '@lms/domain';
import { shiftFieldsOf } from './allocation.ts';
import { slotCapacityOf } from './capacity.ts';
import { suggestionContext } from './context.ts';
import { RULE_LABELS } from './messages.ts';
import { searchWindow, slotRuleBreak, slotsBetween } from './slots.ts';
import { chronological } from './suggest.ts';
import { utilizationOf } from './utilization.ts';
import type { BookingWorld, SuggestRequest } from './world.ts';
import { indexWorld } from './worldIndex.ts';

/**
 * Fine tune: every slot an allocation may be moved to — any day from the SLA's earliest date to
 * the end of the suggestion's horizon, any active shift, any vehicle type the branch has slots of
 * under the booking's ship cond — with what it has left now and the first rule it breaks for this
 * order. It is a guide for the picker: the server re-checks the edited allocation in full.
 */

export type SlotChoice = ApiSlotChoice;

export type SlotChoices = ApiSlotChoices;

export function slotChoices(world: BookingWorld, request: SuggestRequest): SlotChoices {
  const index = indexWorld(world);
  const resolved = suggestionContext(index, request);
  if ('problem' in resolved) return { from: null, to: null, slots: [], problem: resolved.problem };
  const { context } = resolved;
  // From the earliest date, not the wanted one: a planner may pull a part forward to any day SLA allows.
  const from = context.earliestDate;
  const { to } = searchWindow(context, request.wantedDate);
  const slots = slotsBetween(context, from, to)
    .sort(chronological(context))
    .map((slot): SlotChoice => {
      const capacity = slotCapacityOf(index, slot, context.special);
      const ruleBreak = slotRuleBreak(context, slot);
      return {
        slotId: slot.id,
        date: slot.shiftDate,
        shiftOfDayId: slot.shiftOfDayId,
        ...shiftFieldsOf(index, slot.shiftOfDayId),
        vehicleTypeId: slot.vehicleTypeId,
        vehicleTypeName: index.vehicleTypes.get(slot.vehicleTypeId)?.name ?? slot.vehicleTypeId,
        vehicles: capacity.vehicles,
        remaining: capacity.remaining,
        utilization: utilizationOf(
          index.thresholds.get(slot.vehicleTypeId),
          capacity.used,
          capacity.capacity,
        ),
        ruleBreak: ruleBreak && { ...ruleBreak, ruleLabel: RULE_LABELS[ruleBreak.rule] },
      };
    });
  return { from, to, slots, problem: null };
}
