import { EARTH_RADIUS_KM, ROAD_FACTOR } from './decisions.ts';
import type { Branch, ShipTo, SubDistrict } from './world.ts';

/** Road distance between a branch and a ship-to (booking.md: great circle × road factor). */

export interface LatLon {
  readonly lat: number;
  readonly lon: number;
}

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Haversine distance, km. */
export function greatCircleKm(a: LatLon, b: LatLon): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function latLonOf(place: { lat?: number | null; lon?: number | null } | undefined): LatLon | null {
  if (!place || typeof place.lat !== 'number' || typeof place.lon !== 'number') return null;
  return { lat: place.lat, lon: place.lon };
}

/** A ship-to's coordinates, else its sub-district's; null when neither has them. */
export function shipToLocation(shipTo: ShipTo, subDistrict: SubDistrict | undefined): LatLon | null {
  return latLonOf(shipTo) ?? latLonOf(subDistrict);
}

/** Road km from branch to ship-to, rounded to metres; null when a place has no coordinates. */
export function roadDistanceKm(
  branch: Branch,
  shipTo: ShipTo,
  subDistrict: SubDistrict | undefined,
): number | null {
  const from = latLonOf(branch);
  const to = shipToLocation(shipTo, subDistrict);
  if (!from || !to) return null;
  return Math.round(greatCircleKm(from, to) * ROAD_FACTOR * 1000) / 1000;
}
