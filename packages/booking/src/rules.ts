import {
  isBanDay,
  isTimeInWindow,
  isValidTime,
  timeWindowLabel,
  timeWindowsOverlap,
  weekdayOf,
} from '@lms/domain';
import type { Amounts } from './capacity.ts';
import { perVehicleCapacity } from './capacity.ts';
import { type Cargo, partCost } from './cargo.ts';
import { CAPACITY_EPSILON, ROUTE_SHIP_COND_CODE } from './decisions.ts';
import { bookingMessages } from './messages.ts';
import type {
  ArticleTypeProhibit,
  BranchVehicleTypeSetting,
  Id,
  IsoDate,
  ShiftOfDay,
  ShipCond,
  TruckBanConfig,
  VehicleDateSlot,
  VehicleType,
} from './world.ts';
import type { WorldIndex } from './worldIndex.ts';

/** The hard rules of booking.md that decide whether a vehicle type, a shift or a slot may be used. */

/** Rule 2: a ship cond with a maximum distance does not serve farther ship-tos. */
export function exceedsMaxDistance(shipCond: ShipCond, distanceKm: number): boolean {
  return typeof shipCond.maxDistance === 'number' && distanceKm > shipCond.maxDistance + CAPACITY_EPSILON;
}

export function fitsIn(cost: Amounts, room: Amounts): boolean {
  return (
    cost.weight <= room.weight + CAPACITY_EPSILON &&
    cost.volume <= room.volume + CAPACITY_EPSILON &&
    cost.minute <= room.minute + CAPACITY_EPSILON
  );
}

export function settingFor(
  index: WorldIndex,
  branchId: Id,
  vehicleTypeId: Id,
  shipCondId: Id,
): BranchVehicleTypeSetting | undefined {
  return index.branches
    .get(branchId)
    ?.vehicleTypeSettings.find((row) => row.vehicleTypeId === vehicleTypeId && row.shipCondId === shipCondId);
}

/**
 * Rule 3: why a vehicle type cannot carry this cargo under this ship cond at this branch, or null.
 * "Big enough" is judged against the booking share of one vehicle (the adjust %).
 */
export function vehicleTypeProblem(
  index: WorldIndex,
  branchId: Id,
  shipCond: ShipCond,
  vehicleType: VehicleType,
  cargo: readonly Cargo[],
): string | null {
  const name = vehicleType.name;
  if (!shipCond.vehicleTypeIds.includes(vehicleType.id)) return bookingMessages.notForShipCond(name);
  if (vehicleType.notValidForPlanning) return bookingMessages.notValidForPlanning(name);
  const unsupported = cargo.find((item) => item.article?.unsupportedVehicleTypeIds?.includes(vehicleType.id));
  if (unsupported)
    return bookingMessages.articleUnsupported(name, unsupported.article?.name ?? unsupported.articleId);
  const one = perVehicleCapacity(index, {
    id: '',
    branchId,
    shiftDate: '',
    shiftOfDayId: '',
    vehicleTypeId: vehicleType.id,
    shipCondId: shipCond.id,
    total: 1,
  });
  const room = { weight: one.weight, volume: one.volume, minute: Number.POSITIVE_INFINITY };
  const tooBig = cargo.find((item) => item.whole && !fitsIn(partCost(item, 0, item.qty), room));
  if (tooBig) return bookingMessages.tooSmall(name, tooBig.article?.name ?? tooBig.articleId);
  if (!settingFor(index, branchId, vehicleType.id, shipCond.id)) return bookingMessages.noSetting(name);
  return null;
}

/** Rule 4: the truck ban that removes this vehicle type from this shift on this day for this sub-district. */
export function truckBanFor(
  bans: readonly TruckBanConfig[],
  where: { branchId: Id; vehicleTypeId: Id; subDistrictId: Id; date: IsoDate; shift: ShiftOfDay },
): TruckBanConfig | undefined {
  // The weekday is parsed only when a ban matches the place and vehicle type (most slots have none).
  return bans.find(
    (ban) =>
      ban.branchId === where.branchId &&
      ban.vehicleTypeId === where.vehicleTypeId &&
      ban.subDistrictId === where.subDistrictId &&
      isBanDay(ban.banDayPattern, ban.bannedWeekdays, weekdayOf(where.date)) &&
      timeWindowsOverlap(
        { start: ban.startTime, end: ban.endTime },
        { start: where.shift.startTime, end: where.shift.endTime },
      ),
  );
}

/**
 * Fine tune: the planned delivery time (`HH:mm`) lies within the shift's hours, both ends included.
 * A shift whose end is at or before its start runs past midnight (the declaration lets it); its
 * times after midnight belong to the night that starts on the slot's date.
 */
export function deliveryTimeBreak(
  shift: ShiftOfDay,
  time: string,
): { readonly rule: 'DELIVERY_TIME' | 'INPUT'; readonly message: string } | null {
  if (!isValidTime(time)) return { rule: 'INPUT', message: bookingMessages.deliveryTimeInvalid(time) };
  const window = { start: shift.startTime, end: shift.endTime };
  if (isTimeInWindow(time, window)) return null;
  return {
    rule: 'DELIVERY_TIME',
    message: bookingMessages.deliveryTimeOutsideShift(time.slice(0, 5), shift.name, timeWindowLabel(window)),
  };
}

/** Rule 7 applies to the route-based ship cond only. */
export function isRouteShipCond(shipCond: ShipCond): boolean {
  return shipCond.code === ROUTE_SHIP_COND_CODE;
}

/** Codes of the routes whose sub-districts include this one. */
export function routeCodesOf(index: WorldIndex, subDistrictId: Id): Set<string> {
  return new Set(
    index.world.routes.filter((row) => row.subDistrictId === subDistrictId).map((row) => row.code),
  );
}

/** Rule 7: the slot belongs to a route that serves the ship-to (always true for other ship conds). */
export function slotOnRoute(
  index: WorldIndex,
  shipCond: ShipCond,
  slot: VehicleDateSlot,
  routeCodes: ReadonlySet<string>,
): boolean {
  if (!isRouteShipCond(shipCond)) return true;
  const row = slot.routeConfigId ? index.routeRows.get(slot.routeConfigId) : undefined;
  return row !== undefined && routeCodes.has(row.code);
}

/**
 * Rule 5: two UoM types may not share a vehicle when they differ and sit in the same prohibit
 * group (rows grouped by code). Goods of one type may travel together.
 */
export function prohibitedPairs(
  rows: readonly ArticleTypeProhibit[],
): (a: Id | null, b: Id | null) => boolean {
  const groupsOf = new Map<Id, Set<string>>();
  for (const row of rows) {
    const groups = groupsOf.get(row.articleUomTypeId) ?? new Set<string>();
    groups.add(row.code);
    groupsOf.set(row.articleUomTypeId, groups);
  }
  return (a, b) => {
    if (a === null || b === null || a === b) return false;
    const groupsA = groupsOf.get(a);
    const groupsB = groupsOf.get(b);
    if (!groupsA || !groupsB) return false;
    for (const code of groupsA) if (groupsB.has(code)) return true;
    return false;
  };
}
