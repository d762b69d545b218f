import { type DateFormatOptions, formatDate } from './dateFormat.ts';
import { quantityPrice } from './quantityPrice.ts';

/**
 * What one truck trip costs, from the shipping price config (spec §3, §9: minimum fee, 75 km and
 * 150 km fees per vehicle type; the quantity price helper). ONE rule, read by the booking engine's
 * fee (one vehicle, one drop), the contractors' statements, their PDF, Excel and screens
 * (docs/freight.md "The price rule").
 */

/** The distance tiers (km): up to the first → `fee75Km`, up to the second → `fee150Km`. */
export const FREIGHT_NEAR_KM = 75;
export const FREIGHT_FAR_KM = 150;

/** The distance part of a price list: what the booking engine reads too. */
export interface DistancePrice {
  readonly minimumFee: number;
  readonly fee75Km: number;
  readonly fee150Km: number;
}

/** One row of the price list: a vehicle type's fees from `validFrom` until its next row. */
export interface FreightPriceList extends DistancePrice {
  readonly vehicleTypeId: string;
  /** ISO day from which the row prices trips. */
  readonly validFrom: string;
  /** Baht per drop after the first; null = drops are not charged. */
  readonly extraDropFee: number | null;
}

export type DistanceTier = 'upTo75Km' | 'upTo150Km' | 'beyond150Km';

export const distanceTierLabels: Readonly<Record<DistanceTier, string>> = {
  upTo75Km: `ไม่เกิน ${FREIGHT_NEAR_KM} กม.`,
  upTo150Km: `ไม่เกิน ${FREIGHT_FAR_KM} กม.`,
  beyond150Km: `เกิน ${FREIGHT_FAR_KM} กม. (ตามสัดส่วน)`,
};

/** Baht to the satang. */
export function roundBaht(value: number): number {
  return Math.round(value * 100) / 100;
}

export interface DistanceFee {
  readonly tier: DistanceTier;
  /** The tier's fee before the minimum. */
  readonly tierFee: number;
  /** The fee charged: the tier's, never below the minimum fee. */
  readonly fee: number;
  /** The minimum fee was charged instead of the tier's. */
  readonly minimumApplied: boolean;
}

/**
 * One vehicle over `distanceKm` (one way, branch to the farthest drop): ≤ 75 km → `fee75Km`;
 * ≤ 150 km → `fee150Km`; beyond, pro rata `fee150Km × km / 150` (continuous at 150 km, the same
 * per-km rate as the 150 km tier); never below `minimumFee`.
 */
export function distanceFee(price: DistancePrice, distanceKm: number): DistanceFee {
  if (!Number.isFinite(distanceKm) || distanceKm < 0)
    throw new RangeError(`distanceKm must be a number ≥ 0, got ${distanceKm}`);
  const tier: DistanceTier =
    distanceKm <= FREIGHT_NEAR_KM ? 'upTo75Km' : distanceKm <= FREIGHT_FAR_KM ? 'upTo150Km' : 'beyond150Km';
  const tierFee = roundBaht(
    tier === 'upTo75Km'
      ? price.fee75Km
      : tier === 'upTo150Km'
        ? price.fee150Km
        : (price.fee150Km * distanceKm) / FREIGHT_FAR_KM,
  );
  const minimumApplied = price.minimumFee > tierFee;
  return { tier, tierFee, fee: minimumApplied ? roundBaht(price.minimumFee) : tierFee, minimumApplied };
}

/** The row that prices a trip of `vehicleTypeId` on `day`: the latest `validFrom` on or before it. */
export function priceListOn<P extends Pick<FreightPriceList, 'vehicleTypeId' | 'validFrom'>>(
  rows: readonly P[],
  vehicleTypeId: string,
  day: string,
): P | undefined {
  let found: P | undefined;
  for (const row of rows)
    if (
      row.vehicleTypeId === vehicleTypeId &&
      row.validFrom <= day &&
      (!found || row.validFrom > found.validFrom)
    )
      found = row;
  return found;
}

/** One truck trip as the price rule reads it. */
export interface FreightTrip {
  readonly vehicleTypeId: string | null;
  /** ISO day of the trip (its shift's day). */
  readonly day: string;
  /** One way, branch to the farthest drop, km; null when not known. */
  readonly distanceKm: number | null;
  /** Places delivered to (distinct ship-tos). */
  readonly drops: number;
}

export type FreightProblem = 'noVehicleType' | 'noPrice' | 'noDistance';

export type TripFreight =
  | {
      readonly priced: true;
      /** The price list row used (its vehicle type and `validFrom`). */
      readonly validFrom: string;
      readonly tier: DistanceTier;
      readonly distanceFee: number;
      readonly minimumApplied: boolean;
      /** Drops after the first. */
      readonly extraDrops: number;
      /** `quantityPrice(extraDrops, extraDropFee)`: spec §3's helper, no step. */
      readonly extraDropFee: number;
      readonly fee: number;
    }
  | { readonly priced: false; readonly problem: FreightProblem };

/**
 * THE price of one trip: the distance fee of its vehicle type's price list valid on its day, plus
 * each drop after the first at the list's `extraDropFee` (the quantity price helper, no step
 * percent: n drops cost n × the fee). A trip that cannot be priced says why.
 */
export function tripFreight(trip: FreightTrip, priceLists: readonly FreightPriceList[]): TripFreight {
  if (trip.vehicleTypeId === null) return { priced: false, problem: 'noVehicleType' };
  const price = priceListOn(priceLists, trip.vehicleTypeId, trip.day);
  if (!price) return { priced: false, problem: 'noPrice' };
  if (trip.distanceKm === null) return { priced: false, problem: 'noDistance' };
  const distance = distanceFee(price, trip.distanceKm);
  const extraDrops = Math.max(0, Math.floor(trip.drops) - 1);
  const extraDropFee = quantityPrice(extraDrops, price.extraDropFee ?? 0);
  return {
    priced: true,
    validFrom: price.validFrom,
    tier: distance.tier,
    distanceFee: distance.fee,
    minimumApplied: distance.minimumApplied,
    extraDrops,
    extraDropFee,
    fee: roundBaht(distance.fee + extraDropFee),
  };
}

/** Why a trip has no price, in Thai, naming what to fix; the day in พ.ศ. unless told otherwise. */
export function freightProblemMessage(
  problem: FreightProblem,
  trip: { readonly vehicleTypeLabel: string | null; readonly day: string },
  options: DateFormatOptions = { buddhistEra: true },
): string {
  switch (problem) {
    case 'noVehicleType':
      return 'คิดค่าขนส่งไม่ได้: เที่ยวนี้ไม่ได้ระบุประเภทรถ';
    case 'noPrice':
      return `คิดค่าขนส่งไม่ได้: ไม่มีราคาค่าขนส่งของ ${trip.vehicleTypeLabel ?? 'ประเภทรถนี้'} ที่ใช้ได้ในวันที่ ${formatDate(trip.day, options)} (เพิ่มราคาในเมนู ราคาค่าขนส่งรถที่แนะนำ)`;
    case 'noDistance':
      return 'คิดค่าขนส่งไม่ได้: ไม่ทราบระยะทางของเที่ยวนี้ (การจองในเที่ยวไม่มีระยะทาง)';
  }
}
