import type { DayStatus as ApiDayStatus, WhyNot as ApiWhyNot } from '@lms/domain';
import type { BookingContext } from './context.ts';
import { suggestionContext } from './context.ts';
import { daysBetween, daysFrom } from './dates.ts';
import { RULE_ORDER, type RuleCode } from './decisions.ts';
import { bookingMessages, RULE_LABELS } from './messages.ts';
import { truckBanFor } from './rules.ts';
import { oneVehicleBreak, slotTakesNothing, smallestPart } from './shortfall.ts';
import {
  dayRuleBreak,
  type RuleBreak,
  type SearchWindow,
  searchWindow,
  slotRuleBreak,
  slotsBetween,
} from './slots.ts';
import type { BookingWorld, Id, IsoDate, ShiftOfDay, SuggestRequest, VehicleDateSlot } from './world.ts';
import { indexWorld } from './worldIndex.ts';

/** Why a day is not offered: per day and vehicle type, the first rule that ruled it out. */

export type WhyNot = ApiWhyNot;

const rank = (rule: RuleCode): number => RULE_ORDER.indexOf(rule);

/** The vehicle types worth explaining: those of the ship cond and those with slots in the window. */
function vehicleTypesToExplain(context: BookingContext, slots: readonly VehicleDateSlot[]): Id[] {
  const ids = new Set<Id>([...context.shipCond.vehicleTypeIds, ...slots.map((slot) => slot.vehicleTypeId)]);
  const code = (id: Id): string => context.index.vehicleTypes.get(id)?.code ?? id;
  return [...ids].sort((a, b) => code(a).localeCompare(code(b)));
}

/**
 * A day whose every slot of a type is ruled out by capacity: one vehicle too short for the order
 * in every shift says so with the longest shift; every shift full says so (each shift's figures
 * are in the slot's own refusal); otherwise the first slot's reason.
 */
function capacityVerdict(
  context: BookingContext,
  name: string,
  slots: readonly VehicleDateSlot[],
  breaks: readonly RuleBreak[],
  tooShort: readonly VehicleDateSlot[],
): RuleBreak {
  if (tooShort.length === slots.length) {
    const longest = Math.max(
      ...slots.map((slot) => context.index.shifts.get(slot.shiftOfDayId)?.totalMinute ?? 0),
    );
    const trip = context.facts(slots[0]!.vehicleTypeId)?.trip.tripMinute ?? 0;
    const part = context.cargo.map(smallestPart).reduce((a, b) => (b.minute < a.minute ? b : a));
    if (part.minute + trip > longest)
      return {
        rule: 'CAPACITY',
        message: bookingMessages.longerThanLongestShift(name, part.minute + trip, part.minute, longest),
      };
    return breaks[0]!;
  }
  if (tooShort.length === 0 && breaks.every((b) => b.rule === 'CAPACITY') && !breaks.some(isNoVehicles(name)))
    return { rule: 'CAPACITY', message: bookingMessages.full(name) };
  return breaks.find((b) => b.rule === 'CAPACITY') ?? breaks[0]!;
}

const isNoVehicles = (name: string) => (b: RuleBreak) => b.message === bookingMessages.noVehicles(name);

/** The day's verdict: null when some shift can still take part of the order. */
function dayVerdict(
  context: BookingContext,
  date: IsoDate,
  vehicleTypeId: Id,
  slots: readonly VehicleDateSlot[],
): RuleBreak | null {
  const name = context.facts(vehicleTypeId)?.vehicleType.name ?? vehicleTypeId;
  const dayBreak = dayRuleBreak(context, date, vehicleTypeId);
  if (dayBreak) return dayBreak;
  if (slots.length === 0) return { rule: 'CAPACITY', message: bookingMessages.noVehicles(name) };
  const breaks: RuleBreak[] = [];
  const tooShort: VehicleDateSlot[] = [];
  for (const slot of slots) {
    const ruled = slotRuleBreak(context, slot);
    const broken = ruled ?? slotTakesNothing(context, slot);
    if (!broken) return null;
    if (!ruled && oneVehicleBreak(context, slot)) tooShort.push(slot);
    breaks.push(broken);
  }
  const first = breaks.reduce((a, b) => (rank(b.rule) < rank(a.rule) ? b : a));
  if (first.rule === 'CAPACITY') return capacityVerdict(context, name, slots, breaks, tooShort);
  // Each closed shift says itself (its truck and time).
  if (first.rule === 'CLOSED')
    return {
      rule: 'CLOSED',
      message: [...new Set(breaks.filter((b) => b.rule === 'CLOSED').map((b) => b.message))].join(' · '),
    };
  if (first.rule !== 'BAN') return first;
  // A ban names every shift it closes.
  const banned = slots.filter((_, position) => breaks[position]?.rule === 'BAN');
  const banNames = new Set<string>();
  const shiftNames = new Set<string>();
  for (const slot of banned) {
    const shift = context.index.shifts.get(slot.shiftOfDayId) as ShiftOfDay;
    const ban = truckBanFor(context.index.world.truckBans, {
      branchId: context.branch.id,
      vehicleTypeId,
      subDistrictId: context.shipTo.subDistrictId,
      date,
      shift,
    });
    if (ban) banNames.add(ban.name);
    shiftNames.add(shift.name);
  }
  return {
    rule: 'BAN',
    message: bookingMessages.banned(name, [...banNames].join(', '), [...shiftNames]),
  };
}

/**
 * A day's status for the calendar: bookable when at least one slot that day passes every rule and
 * takes part of the order (whether or not one of the top options uses it). When none does, the
 * rule that stopped the vehicle type that came closest (latest in RULE_ORDER) among the types with
 * slots that day: a type the ship cond does not allow, or one with no slot that day, says nothing
 * about the day when the others are full or banned.
 */
export type DayStatus = ApiDayStatus;

export interface DayAnswers {
  readonly whyNot: WhyNot[];
  readonly days: DayStatus[];
}

interface TypeVerdict {
  readonly verdict: RuleBreak | null;
  readonly hasSlots: boolean;
}

function dayStatusOf(date: IsoDate, verdicts: readonly TypeVerdict[]): DayStatus {
  if (verdicts.some(({ verdict }) => verdict === null))
    return { date, bookable: true, rule: null, ruleLabel: null, message: null };
  const withSlots = verdicts.filter(({ hasSlots }) => hasSlots);
  const breaks = (withSlots.length > 0 ? withSlots : verdicts).map(({ verdict }) => verdict as RuleBreak);
  const closest =
    breaks.length > 0
      ? breaks.reduce((a, b) => (rank(b.rule) > rank(a.rule) ? b : a))
      : { rule: 'CAPACITY' as const, message: bookingMessages.noSlots };
  const message = [
    ...new Set(breaks.filter((verdict) => verdict.rule === closest.rule).map((verdict) => verdict.message)),
  ];
  return {
    date,
    bookable: false,
    rule: closest.rule,
    ruleLabel: RULE_LABELS[closest.rule],
    message: message.length > 0 ? message.join(' · ') : closest.message,
  };
}

/** Per day searched (and any wanted day before the SLA): each vehicle type ruled out, and the day's status. */
export function dayAnswersFor(
  context: BookingContext,
  window: SearchWindow,
  wantedDate: IsoDate | null | undefined,
): DayAnswers {
  const from = wantedDate && wantedDate < window.from ? wantedDate : window.from;
  const slots = slotsBetween(context, from, window.to);
  const byDayType = new Map<string, VehicleDateSlot[]>();
  for (const slot of slots) {
    const key = `${slot.shiftDate}|${slot.vehicleTypeId}`;
    const list = byDayType.get(key);
    if (list) list.push(slot);
    else byDayType.set(key, [slot]);
  }
  const whyNot: WhyNot[] = [];
  const days: DayStatus[] = [];
  const types = vehicleTypesToExplain(context, slots);
  for (const date of daysFrom(from, daysBetween(from, window.to) + 1)) {
    const verdicts: TypeVerdict[] = [];
    for (const vehicleTypeId of types) {
      const typeSlots = byDayType.get(`${date}|${vehicleTypeId}`) ?? [];
      const verdict = dayVerdict(context, date, vehicleTypeId, typeSlots);
      verdicts.push({ verdict, hasSlots: typeSlots.length > 0 });
      if (!verdict) continue;
      whyNot.push({
        date,
        vehicleTypeId,
        vehicleTypeName: context.facts(vehicleTypeId)?.vehicleType.name ?? vehicleTypeId,
        rule: verdict.rule,
        ruleLabel: RULE_LABELS[verdict.rule],
        message: verdict.message,
      });
    }
    days.push(dayStatusOf(date, verdicts));
  }
  return { whyNot, days };
}

/** For each day searched (and any wanted day before the SLA) and each vehicle type ruled out, the first rule. */
export function whyNot(world: BookingWorld, request: SuggestRequest): WhyNot[] {
  const resolved = suggestionContext(indexWorld(world), request);
  if ('problem' in resolved) return [];
  return dayAnswersFor(
    resolved.context,
    searchWindow(resolved.context, request.wantedDate),
    request.wantedDate,
  ).whyNot;
}
