import { type ShiftFields, shiftFieldsOf } from './allocation.ts';
import { type Amounts, slotCapacityOf } from './capacity.ts';
import { suggestionContext } from './context.ts';
import type { RuleCode } from './decisions.ts';
import { RULE_LABELS } from './messages.ts';
import { searchWindow, slotRuleBreak, slotsBetween } from './slots.ts';
import { chronological } from './suggest.ts';
import { type Utilization, utilizationOf } from './utilization.ts';
import type { BookingWorld, Id, IsoDate, SuggestRequest } from './world.ts';
import { indexWorld } from './worldIndex.ts';

/**
 * Fine tune: every slot an allocation may be moved to — any day from the SLA's earliest date to
 * the end of the suggestion's horizon, any active shift, any vehicle type the branch has slots of
 * under the booking's ship cond — with what it has left now and the first rule it breaks for this
 * order. It is a guide for the picker: the server re-checks the edited allocation in full.
 */

export interface SlotChoice extends ShiftFields {
  readonly slotId: Id;
  readonly date: IsoDate;
  readonly shiftOfDayId: Id;
  readonly vehicleTypeId: Id;
  readonly vehicleTypeName: string;
  /** Vehicles this booking may use in the slot. */
  readonly vehicles: number;
  /** Left by confirmed bookings (a draft's own allocations are not counted). */
  readonly remaining: Amounts;
  /** The slot as it stands, before this booking. */
  readonly utilization: Utilization;
  /** The first rule (SLA … capacity) the slot breaks for this order, or null. */
  readonly ruleBreak: {
    readonly rule: RuleCode;
    readonly ruleLabel: string;
    readonly message: string;
  } | null;
}

export interface SlotChoices {
  readonly from: IsoDate | null;
  readonly to: IsoDate | null;
  /** Chronological, as the suggestion searches them: day, shift priority and start, bigger vehicle types first. */
  readonly slots: readonly SlotChoice[];
  /** Set when the request itself cannot be served (unknown branch, ship-to, ship cond). */
  readonly problem: string | null;
}

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
