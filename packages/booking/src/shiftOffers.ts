import type { DateFormatOptions } from '@lms/domain';
import { shiftFieldsOf } from './allocation.ts';
import { suggestionContext } from './context.ts';
import { addDays } from './dates.ts';
import { RULE_ORDER, type RuleCode, searchStart } from './decisions.ts';
import { bookingMessages, RULE_LABELS } from './messages.ts';
import type { BookingOption } from './rank.ts';
import { slotTakesNothing } from './shortfall.ts';
import { type RuleBreak, slotRuleBreak, slotsBetween } from './slots.ts';
import { chronological, findOptions } from './suggest.ts';
import type { BookingWorld, Id, IsoDate, SuggestRequest, VehicleDateSlot } from './world.ts';
import { indexWorld } from './worldIndex.ts';

/**
 * A day and shift as one choice (the customer's move, docs/contact.md): the best option that
 * carries the whole order within that day and shift — on any of its vehicle types, under every
 * rule of a suggestion — or the rule that stops it there.
 */
export interface ShiftOffer {
  readonly date: IsoDate;
  readonly shiftOfDayId: Id;
  readonly shiftName: string;
  readonly shiftStartTime: string;
  readonly shiftEndTime: string;
  /** Null when the order cannot go there: `rule` and `message` say why. */
  readonly option: BookingOption | null;
  readonly rule: RuleCode | null;
  readonly ruleLabel: string | null;
  readonly message: string | null;
}

export interface ShiftOffersRequest extends SuggestRequest {
  /** The first day looked at, or the SLA's earliest date when that is later. */
  readonly from: IsoDate;
  /** How many days are looked at from there. */
  readonly days: number;
  /** Just this day and shift (a choice judged again under its locks). */
  readonly only?: { readonly date: IsoDate; readonly shiftOfDayId: Id };
}

export interface ShiftOffers {
  /** The days looked at (null with a problem). */
  readonly from: IsoDate | null;
  readonly to: IsoDate | null;
  /** Every day and shift with slots of the branch and ship cond, by day, then shift start and priority. */
  readonly offers: ShiftOffer[];
  readonly problem: string | null;
}

const rank = (rule: RuleCode): number => RULE_ORDER.indexOf(rule);

/** Why none of a day and shift's slots takes the whole order. */
function reasonOf(
  breaks: readonly (RuleBreak | null)[],
  takesNothing: () => RuleBreak | null,
  shiftName: string,
  date: IsoDate,
  era: DateFormatOptions,
): RuleBreak {
  const broken = breaks.filter((b): b is RuleBreak => b !== null);
  // A closed shift is closed for every vehicle type: nothing else matters.
  const closed = broken.find((b) => b.rule === 'CLOSED');
  if (closed) return closed;
  // Every slot ruled out: the rule of the one that came closest (latest in RULE_ORDER).
  if (broken.length === breaks.length) return broken.reduce((a, b) => (rank(b.rule) > rank(a.rule) ? b : a));
  return (
    takesNothing() ?? { rule: 'CAPACITY', message: bookingMessages.shiftCannotTakeAll(shiftName, date, era) }
  );
}

export function shiftOffers(world: BookingWorld, request: ShiftOffersRequest): ShiftOffers {
  const index = indexWorld(world);
  const resolved = suggestionContext(index, request);
  if ('problem' in resolved) return { from: null, to: null, offers: [], problem: resolved.problem };
  const { context } = resolved;
  if (context.cargo.length === 0)
    return { from: null, to: null, offers: [], problem: bookingMessages.nothingToBook };
  // The later of the two (as a wanted date moves a suggestion's start).
  const from = searchStart(context.earliestDate, request.from);
  const to = addDays(from, Math.max(1, Math.floor(request.days)) - 1);
  const groups = new Map<string, VehicleDateSlot[]>();
  for (const slot of slotsBetween(context, from, to)) {
    const { only } = request;
    if (only && (slot.shiftDate !== only.date || slot.shiftOfDayId !== only.shiftOfDayId)) continue;
    const key = `${slot.shiftDate}|${slot.shiftOfDayId}`;
    groups.set(key, [...(groups.get(key) ?? []), slot]);
  }
  const offers = [...groups.values()].map((slots): ShiftOffer => {
    const first = slots[0] as VehicleDateSlot;
    const shift = shiftFieldsOf(index, first.shiftOfDayId);
    const breaks = slots.map((slot) => slotRuleBreak(context, slot));
    const usable = slots.filter((_, at) => breaks[at] === null).sort(chronological(context));
    const option = usable.length > 0 ? (findOptions(context, usable)[0] ?? null) : null;
    const where = {
      date: first.shiftDate,
      shiftOfDayId: first.shiftOfDayId,
      shiftName: shift.shiftName,
      shiftStartTime: shift.shiftStartTime,
      shiftEndTime: shift.shiftEndTime,
    };
    if (option) return { ...where, option, rule: null, ruleLabel: null, message: null };
    const takesNothing = () =>
      usable.map((slot) => slotTakesNothing(context, slot)).find((b) => b !== null) ?? null;
    const reason = reasonOf(breaks, takesNothing, shift.shiftName, first.shiftDate, context.era);
    return {
      ...where,
      option: null,
      rule: reason.rule,
      ruleLabel: RULE_LABELS[reason.rule],
      message: reason.message,
    };
  });
  const ordered = offers.sort(
    (a, b) =>
      (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
      (a.shiftStartTime < b.shiftStartTime ? -1 : a.shiftStartTime > b.shiftStartTime ? 1 : 0) ||
      (index.shifts.get(a.shiftOfDayId)?.priority ?? 0) - (index.shifts.get(b.shiftOfDayId)?.priority ?? 0) ||
      (a.shiftOfDayId < b.shiftOfDayId ? -1 : a.shiftOfDayId > b.shiftOfDayId ? 1 : 0),
  );
  return { from, to, offers: ordered, problem: null };
}
