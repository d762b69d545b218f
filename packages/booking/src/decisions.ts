import {
  type RuleCode as BookingRuleCode,
  bookingRuleCodes,
  type DistancePrice,
  distanceFee,
  FREIGHT_FAR_KM,
  FREIGHT_NEAR_KM,
} from '@lms/domain';
import type { UtilizationStatus, UtilizationThreshold, VehicleDateSlot } from './world.ts';

/**
 * Every decision of booking.md (and of docs/booking.md where booking.md is silent), each in one
 * named constant or function so that it can change without a hunt.
 */

/** Great-circle km × this = road km (booking.md). */
export const ROAD_FACTOR = 1.3;

/** Mean Earth radius (IUGG), km. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Days searched, counted from the first day searched (booking.md: 30 days from the earliest date). */
export const HORIZON_DAYS = 30;

/** Options answered by a suggestion at most. */
export const MAX_OPTIONS = 5;

/** The route-based ship cond: its slots belong to one route (seeded as code 29). */
export const ROUTE_SHIP_COND_CODE = '29';

/** Share of nominal capacity that booking may use when a (branch, vehicle type) has no adjust row. */
export const DEFAULT_ADJUST_PERCENT = 100;

/** Stacked volume share when an article's `stackVolumePercent` is empty. */
export const DEFAULT_STACK_VOLUME_PERCENT = 100;

/** Fee tiers (km): the domain's freight price rule (`distanceFee`, docs/freight.md). */
export const FEE_NEAR_KM = FREIGHT_NEAR_KM;
export const FEE_FAR_KM = FREIGHT_FAR_KM;

/** Step percent passed to `quantityPrice` for several vehicles: none, so n vehicles cost n × one. */
export const VEHICLE_STEP_PERCENT: number | null = null;

/** Float slack when comparing capacities (kg, m³, minutes). */
export const CAPACITY_EPSILON = 1e-9;

/**
 * The hard rules, in the order `whyNot` and `checkAllocation` test them; the first failing one is
 * reported. Declared with the API contract, whose answers name them.
 */
export const RULE_ORDER = bookingRuleCodes;
export type RuleCode = BookingRuleCode;

/** Vehicles a booking may use in a slot: ordinary bookings leave the `special` ones alone. */
export function bookableVehicles(slot: VehicleDateSlot, special: boolean): number {
  const all = Math.max(0, Math.floor(slot.total));
  return special ? all : Math.max(0, all - Math.max(0, Math.floor(slot.special ?? 0)));
}

/** The first day searched: the wanted date when it is after the SLA's earliest date. */
export function searchStart(earliestDate: string, wantedDate: string | null | undefined): string {
  return wantedDate && wantedDate > earliestDate ? wantedDate : earliestDate;
}

/** A satang-rounded amount of baht. */
export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Fee of one vehicle over `distanceKm` (booking.md Fee): the freight price rule's distance fee, one drop. */
export function feePerVehicle(price: DistancePrice, distanceKm: number): number {
  return distanceFee(price, distanceKm).fee;
}

/** Whole minutes, rounded up (float noise ignored): booking lines store integer minutes. */
export function minutesUp(value: number): number {
  return Math.ceil(value - CAPACITY_EPSILON) || 0;
}

/** One vehicle's trip: what the booking stores as it was computed (the spec's booking report fields). */
export interface TripMinutes {
  readonly loadMinute: number;
  readonly unloadMinute: number;
  readonly waitingMinute: number;
  readonly travelMinute: number;
  /** load + unload + wait + travel. */
  readonly tripMinute: number;
}

/** Round-trip and handling minutes of one vehicle's trip; charged once per vehicle, rounded up. */
export function tripMinutes(
  setting: { speedPerKm: number; loadTime: number; unloadTime: number; waitTime: number },
  distanceKm: number,
): TripMinutes {
  const travelMinute = minutesUp(2 * distanceKm * setting.speedPerKm);
  return {
    loadMinute: setting.loadTime,
    unloadMinute: setting.unloadTime,
    waitingMinute: setting.waitTime,
    travelMinute,
    tripMinute: setting.loadTime + setting.unloadTime + setting.waitTime + travelMinute,
  };
}

/** A used share of a capacity, %; nothing to offer counts as full. */
export function percentOf(used: number, capacity: number): number {
  if (capacity <= 0) return 100;
  return Math.round((used / capacity) * 10000) / 100;
}

/** Bands used for a vehicle type without threshold rows: the same cut-offs for weight, volume and hours. */
export const DEFAULT_UTILIZATION_BANDS: readonly Omit<UtilizationThreshold, 'vehicleTypeId'>[] = [
  band('AVAILABLE', 0, 50),
  band('NORMAL', 50, 80),
  band('NEARLY_FULL', 80, 100),
  band('FULL', 100, 100),
];

function band(
  status: UtilizationStatus,
  min: number,
  max: number,
): Omit<UtilizationThreshold, 'vehicleTypeId'> {
  return {
    status,
    minWeightPercent: min,
    maxWeightPercent: max,
    minVolumePercent: min,
    maxVolumePercent: max,
    minHourPercent: min,
    maxHourPercent: max,
  };
}

/** The colour each status is shown in (design-system tone names). */
export const UTILIZATION_COLOURS: Readonly<Record<UtilizationStatus, string>> = {
  AVAILABLE: 'green',
  NORMAL: 'blue',
  NEARLY_FULL: 'orange',
  FULL: 'red',
};

/** Severity, to break ties between dimensions that fall into different bands. */
export const UTILIZATION_SEVERITY: Readonly<Record<UtilizationStatus, number>> = {
  AVAILABLE: 0,
  NORMAL: 1,
  NEARLY_FULL: 2,
  FULL: 3,
};
