import type { DateFormatOptions } from '@lms/domain';
import type { BookingContext } from './context.ts';
import { addDays } from './dates.ts';
import { bookableVehicles, HORIZON_DAYS, type RuleCode, searchStart } from './decisions.ts';
import { bookingMessages } from './messages.ts';
import { exceedsMaxDistance, slotOnRoute, truckBanFor } from './rules.ts';
import type { Id, IsoDate, ShiftOfDay, VehicleDateSlot } from './world.ts';
import { shiftKey, type WorldIndex } from './worldIndex.ts';

/** The slots a booking may look at, and the first rule that rules each one out. */

export interface RuleBreak {
  readonly rule: RuleCode;
  readonly message: string;
}

export interface SearchWindow {
  readonly from: IsoDate;
  readonly to: IsoDate;
}

/** HORIZON_DAYS days from the first day searched. */
export function searchWindow(context: BookingContext, wantedDate: IsoDate | null | undefined): SearchWindow {
  const from = searchStart(context.earliestDate, wantedDate);
  return { from, to: addDays(from, HORIZON_DAYS - 1) };
}

/** Slots of the booking's branch and ship cond between two days, whose shift exists and is active. */
export function slotsBetween(context: BookingContext, from: IsoDate, to: IsoDate): VehicleDateSlot[] {
  const slots = context.index.slotsByBranchShipCond.get(`${context.branch.id}|${context.shipCond.id}`) ?? [];
  return slots.filter((slot) => {
    if (slot.shiftDate < from || slot.shiftDate > to) return false;
    const shift = context.index.shifts.get(slot.shiftOfDayId);
    return shift !== undefined && shift.active !== false;
  });
}

/** Rules 1, 2, 3 for a day and a vehicle type: the first one broken, or null. */
export function dayRuleBreak(
  context: BookingContext,
  date: IsoDate,
  vehicleTypeId: string,
): RuleBreak | null {
  if (date < context.earliestDate)
    return { rule: 'SLA', message: bookingMessages.sla(context.earliestDate, context.era) };
  if (context.distanceKm === null) return { rule: 'DISTANCE', message: bookingMessages.noCoordinates };
  if (exceedsMaxDistance(context.shipCond, context.distanceKm)) {
    return {
      rule: 'DISTANCE',
      message: bookingMessages.tooFar(context.distanceKm, context.shipCond.maxDistance ?? 0),
    };
  }
  const facts = context.facts(vehicleTypeId);
  if (!facts) return { rule: 'VEHICLE_TYPE', message: bookingMessages.unknown('ประเภทรถ', vehicleTypeId) };
  if (facts.problem) return { rule: 'VEHICLE_TYPE', message: facts.problem };
  return null;
}

/** Rules 1–4, 7 and the slot's own capacity limits for one slot: the first one broken, or null. */
export function slotRuleBreak(context: BookingContext, slot: VehicleDateSlot): RuleBreak | null {
  const dayBreak = dayRuleBreak(context, slot.shiftDate, slot.vehicleTypeId);
  if (dayBreak) return dayBreak;
  const facts = context.facts(slot.vehicleTypeId);
  const name = facts?.vehicleType.name ?? slot.vehicleTypeId;
  if (!slotOnRoute(context.index, context.shipCond, slot, context.routeCodes)) {
    const message =
      context.routeCodes.size === 0 ? bookingMessages.offRoute : bookingMessages.noRouteSlot(name);
    return { rule: 'ROUTE', message };
  }
  const shift = context.index.shifts.get(slot.shiftOfDayId) as ShiftOfDay;
  const ban = truckBanFor(context.index.world.truckBans, {
    branchId: context.branch.id,
    vehicleTypeId: slot.vehicleTypeId,
    subDistrictId: context.shipTo.subDistrictId,
    date: slot.shiftDate,
    shift,
  });
  if (ban) return { rule: 'BAN', message: bookingMessages.banned(name, ban.name, [shift.name]) };
  const closed = closedShiftBreak(context.index, slot, 'in', context.era);
  if (closed) return closed;
  if (bookableVehicles(slot, context.special) === 0) {
    return { rule: 'CAPACITY', message: bookingMessages.noVehicles(name) };
  }
  const tripMinute = facts?.trip.tripMinute ?? 0;
  if (tripMinute > shift.totalMinute) {
    return { rule: 'CAPACITY', message: bookingMessages.tripTooLong(name, tripMinute, shift.totalMinute) };
  }
  return null;
}

/**
 * Closed shifts (docs/booking.md): once a truck of a branch's shift has checked in, its plan is
 * frozen, so no booking goes into that day and shift (`in`: a suggestion, an edit, a confirm, a
 * move) and none is moved out of it (`out`). Null when the shift is open.
 */
export function closedShiftBreak(
  index: WorldIndex,
  where: { readonly branchId: Id; readonly shiftDate: IsoDate; readonly shiftOfDayId: Id },
  direction: 'in' | 'out',
  era: DateFormatOptions = {},
): RuleBreak | null {
  const closure = index.closedShifts.get(shiftKey(where.branchId, where.shiftDate, where.shiftOfDayId));
  if (!closure) return null;
  const name = index.shifts.get(where.shiftOfDayId)?.name ?? where.shiftOfDayId;
  const say = direction === 'in' ? bookingMessages.closed : bookingMessages.closedOut;
  return { rule: 'CLOSED', message: say(name, where.shiftDate, closure, era) };
}
