import { type DateFormatOptions, priceListOn } from '@lms/domain';
import { type Cargo, cargoOf } from './cargo.ts';
import { addDays, todayIn } from './dates.ts';
import { feePerVehicle, type TripMinutes, tripMinutes } from './decisions.ts';
import { roadDistanceKm } from './distance.ts';
import { bookingMessages } from './messages.ts';
import { prohibitedPairs, routeCodesOf, settingFor, vehicleTypeProblem } from './rules.ts';
import type { Branch, Id, IsoDate, ShipCond, ShipTo, VehicleType } from './world.ts';
import type { WorldIndex } from './worldIndex.ts';

/** One booking's facts resolved once: places, distance, earliest date, cargo, per-vehicle-type costs. */

export interface BookingWhere {
  readonly branchId: Id;
  readonly shipToId: Id;
  readonly shipCondId: Id;
  readonly today: IsoDate | Date;
  readonly special?: boolean;
  /** The reader's era for the days its messages name (a customer: the company's; staff: their own). */
  readonly era?: DateFormatOptions;
}

const NO_TRIP: TripMinutes = {
  loadMinute: 0,
  unloadMinute: 0,
  waitingMinute: 0,
  travelMinute: 0,
  tripMinute: 0,
};

export interface VehicleTypeFacts {
  readonly vehicleType: VehicleType;
  /** Rule 3 verdict for this cargo; null = allowed. */
  readonly problem: string | null;
  /** One vehicle's trip (load + unload + wait + travel = tripMinute, charged once per vehicle); zeros without a setting. */
  readonly trip: TripMinutes;
  /** Fee of one vehicle; null when the vehicle type has no price. */
  readonly feePerVehicle: number | null;
}

export interface BookingContext {
  readonly index: WorldIndex;
  readonly branch: Branch;
  readonly shipTo: ShipTo;
  readonly shipCond: ShipCond;
  readonly today: IsoDate;
  /** today + sla (rule 1). */
  readonly earliestDate: IsoDate;
  /** Road km; null when a place has no coordinates. */
  readonly distanceKm: number | null;
  readonly cargo: readonly Cargo[];
  readonly routeCodes: ReadonlySet<string>;
  readonly special: boolean;
  /** The era of the days in its messages (`BookingWhere.era`). */
  readonly era: DateFormatOptions;
  readonly conflicts: (a: Id | null, b: Id | null) => boolean;
  facts(vehicleTypeId: Id): VehicleTypeFacts | undefined;
}

export function contextOf(
  index: WorldIndex,
  where: BookingWhere,
  cargo: readonly Cargo[],
): { context: BookingContext } | { problem: string } {
  const branch = index.branches.get(where.branchId);
  if (!branch) return { problem: bookingMessages.unknown('สาขา', where.branchId) };
  const shipTo = index.shipTos.get(where.shipToId);
  if (!shipTo) return { problem: bookingMessages.unknown('สถานที่ส่งสินค้า', where.shipToId) };
  const shipCond = index.shipConds.get(where.shipCondId);
  if (!shipCond) return { problem: bookingMessages.unknown('Ship Cond', where.shipCondId) };
  const today = todayIn(where.today);
  const distanceKm = roadDistanceKm(branch, shipTo, index.subDistricts.get(shipTo.subDistrictId));
  const cache = new Map<Id, VehicleTypeFacts | undefined>();
  const facts = (vehicleTypeId: Id): VehicleTypeFacts | undefined => {
    if (cache.has(vehicleTypeId)) return cache.get(vehicleTypeId);
    const vehicleType = index.vehicleTypes.get(vehicleTypeId);
    let result: VehicleTypeFacts | undefined;
    if (vehicleType) {
      const setting = settingFor(index, branch.id, vehicleTypeId, shipCond.id);
      const trip = setting && distanceKm !== null ? tripMinutes(setting, distanceKm) : undefined;
      // The price list valid today: a fee is what booking quotes when it is asked.
      const price = priceListOn(index.world.prices, vehicleTypeId, today);
      result = {
        vehicleType,
        problem: vehicleTypeProblem(index, branch.id, shipCond, vehicleType, cargo),
        trip: trip ?? NO_TRIP,
        feePerVehicle: price && distanceKm !== null ? feePerVehicle(price, distanceKm) : null,
      };
    }
    cache.set(vehicleTypeId, result);
    return result;
  };
  return {
    context: {
      index,
      branch,
      shipTo,
      shipCond,
      today,
      earliestDate: addDays(today, Math.max(0, Math.floor(shipCond.sla))),
      distanceKm,
      cargo,
      routeCodes: routeCodesOf(index, shipTo.subDistrictId),
      special: where.special === true,
      era: where.era ?? {},
      conflicts: prohibitedPairs(index.world.prohibits),
      facts,
    },
  };
}

/** The context of a suggestion: the cargo is every line of the requested DOs. */
export function suggestionContext(
  index: WorldIndex,
  where: BookingWhere & { deliveryOrderIds: readonly Id[] },
): { context: BookingContext } | { problem: string } {
  return contextOf(index, where, cargoOf(index, where.deliveryOrderIds));
}
