import type {
  Article,
  BookingWorld,
  Branch,
  ClosedShift,
  DeliveryOrder,
  DeliveryOrderLine,
  Id,
  RouteConfig,
  ShiftOfDay,
  ShipCond,
  ShipTo,
  SubDistrict,
  TimeSlotCode,
  UtilizationThreshold,
  VehicleDateSlot,
  VehicleType,
  VehicleTypeAdjustPercent,
} from './world.ts';

/** Look-ups over a `BookingWorld`, built once per world object (the world is read-only data). */

export interface UsedAmounts {
  weight: number;
  volume: number;
  minute: number;
}

export interface WorldIndex {
  readonly world: BookingWorld;
  readonly branches: ReadonlyMap<Id, Branch>;
  readonly slots: ReadonlyMap<Id, VehicleDateSlot>;
  readonly vehicleTypes: ReadonlyMap<Id, VehicleType>;
  readonly shipConds: ReadonlyMap<Id, ShipCond>;
  readonly shifts: ReadonlyMap<Id, ShiftOfDay>;
  readonly timeSlotCodes: ReadonlyMap<Id, TimeSlotCode>;
  readonly articles: ReadonlyMap<Id, Article>;
  readonly subDistricts: ReadonlyMap<Id, SubDistrict>;
  readonly shipTos: ReadonlyMap<Id, ShipTo>;
  readonly deliveryOrders: ReadonlyMap<Id, DeliveryOrder>;
  readonly routeRows: ReadonlyMap<Id, RouteConfig>;
  /** `${branchId}|${vehicleTypeId}` → adjust row. */
  readonly adjustPercents: ReadonlyMap<string, VehicleTypeAdjustPercent>;
  readonly thresholds: ReadonlyMap<Id, readonly UtilizationThreshold[]>;
  /** Active bookings' use per slot id. */
  readonly used: ReadonlyMap<Id, UsedAmounts>;
  /** `${branchId}|${shipCondId}` → slots, in date order. */
  readonly slotsByBranchShipCond: ReadonlyMap<string, readonly VehicleDateSlot[]>;
  /** `shiftKey(branchId, date, shiftOfDayId)` → what closed that shift. */
  readonly closedShifts: ReadonlyMap<string, ClosedShift>;
}

/** A branch's shift on one day: the unit a check-in closes. */
export const shiftKey = (branchId: Id, date: string, shiftOfDayId: Id): string =>
  `${branchId}|${date}|${shiftOfDayId}`;

const cache = new WeakMap<BookingWorld, WorldIndex>();

function byId<T extends { id: Id }>(rows: readonly T[]): Map<Id, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

function usedPerSlot(world: BookingWorld): Map<Id, UsedAmounts> {
  const used = new Map<Id, UsedAmounts>();
  for (const line of world.bookedLines) {
    if (line.canceled) continue;
    const sum = used.get(line.slotId) ?? { weight: 0, volume: 0, minute: 0 };
    sum.weight += line.usedWeight;
    sum.volume += line.usedVolume;
    sum.minute += line.usedMinute;
    used.set(line.slotId, sum);
  }
  return used;
}

export function indexWorld(world: BookingWorld): WorldIndex {
  const cached = cache.get(world);
  if (cached) return cached;
  const slotsByBranchShipCond = groupBy(
    [...world.slots].sort((a, b) => (a.shiftDate < b.shiftDate ? -1 : a.shiftDate > b.shiftDate ? 1 : 0)),
    (slot) => `${slot.branchId}|${slot.shipCondId}`,
  );
  const index: WorldIndex = {
    world,
    branches: byId(world.branches),
    slots: byId(world.slots),
    vehicleTypes: byId(world.vehicleTypes),
    shipConds: byId(world.shipConds),
    shifts: byId(world.shifts),
    timeSlotCodes: byId(world.timeSlotCodes),
    articles: byId(world.articles),
    subDistricts: byId(world.subDistricts),
    shipTos: byId(world.shipTos),
    deliveryOrders: byId(world.deliveryOrders),
    routeRows: byId(world.routes),
    adjustPercents: new Map(world.adjustPercents.map((row) => [`${row.branchId}|${row.vehicleTypeId}`, row])),
    thresholds: groupBy(world.thresholds, (row) => row.vehicleTypeId),
    used: usedPerSlot(world),
    slotsByBranchShipCond,
    closedShifts: new Map(
      world.closedShifts.map((row) => [shiftKey(row.branchId, row.shiftDate, row.shiftOfDayId), row]),
    ),
  };
  cache.set(world, index);
  return index;
}

/** The DO lines of the given DOs, in the order given; unknown DOs are skipped. */
export function orderLinesOf(
  index: WorldIndex,
  deliveryOrderIds: readonly Id[],
): { deliveryOrder: DeliveryOrder; line: DeliveryOrderLine }[] {
  return deliveryOrderIds.flatMap((id) => {
    const deliveryOrder = index.deliveryOrders.get(id);
    return deliveryOrder ? deliveryOrder.lines.map((line) => ({ deliveryOrder, line })) : [];
  });
}
