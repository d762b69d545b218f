import { describe, expect, it } from 'vitest';
import { cargoOf, partCost } from './cargo.ts';
import { feePerVehicle, tripMinutes } from './decisions.ts';
import { greatCircleKm, roadDistanceKm } from './distance.ts';
import { order, world } from './testing/fixtures.ts';
import { indexWorld } from './worldIndex.ts';

const w = world({
  orders: [
    order('D1', [
      ['CEMENT', 100, 5000, 4],
      ['FRIDGE', 2, 160, 3],
      ['FLYER', 50, 10, 0.5],
      ['PIPE', 10, 100, 2],
    ]),
  ],
});
const index = indexWorld(w);
const place = (id: string) => index.shipTos.get(id)!;
const branch = index.branches.get('B1')!;

describe('distance', () => {
  it('is the great circle × 1.3', () => {
    // 0.5° × π/180 × 6371.0088 = 55.5975 km.
    expect(greatCircleKm({ lat: 13, lon: 100 }, { lat: 13.5, lon: 100 })).toBeCloseTo(55.5975, 3);
    // × 1.3 = 72.277 km.
    expect(roadDistanceKm(branch, place('S1'), undefined)).toBe(72.277);
  });

  it("uses the sub-district's coordinates when the ship-to has none", () => {
    expect(roadDistanceKm(branch, place('S_NOCOORD'), index.subDistricts.get('SD1'))).toBe(72.277);
    expect(roadDistanceKm(branch, place('S_NOCOORD'), undefined)).toBeNull();
  });
});

describe('trip and line cost', () => {
  it('travelMinute = 2 × distance × speedPerKm, trip = load + unload + wait + travel', () => {
    // 2 × 72.277 × 0.5 = 72.277 → 73 (rounded up); 30 + 30 + 15 + 73 = 148.
    expect(tripMinutes({ speedPerKm: 0.5, loadTime: 30, unloadTime: 30, waitTime: 15 }, 72.277)).toEqual({
      loadMinute: 30,
      unloadMinute: 30,
      waitingMinute: 15,
      travelMinute: 73,
      tripMinute: 148,
    });
  });

  it('costs a part of a line pro rata, stacked volume scaled, installation per unit, noUseCap nothing', () => {
    const [cement, fridge, flyer, pipe] = cargoOf(index, ['D1']);
    // 30 of 100 bags of 5,000 kg / 4 m³ → 1,500 kg, 1.2 m³.
    expect(partCost(cement!, 0, 30)).toEqual({ weight: 1500, volume: 1.2, minute: 0 });
    // Two fridges, 30 min installation each → 60 min; cannot split: always the whole line.
    expect(partCost(fridge!, 0, 2)).toEqual({ weight: 160, volume: 3, minute: 60 });
    expect(partCost(flyer!, 0, 50)).toEqual({ weight: 0, volume: 0, minute: 0 });
    // Pipes stack at 50 %: 2 m³ → 1 m³.
    expect(partCost(pipe!, 0, 10)).toEqual({ weight: 100, volume: 1, minute: 0 });
  });

  it('parts of a line add up to the line exactly', () => {
    const odd = cargoOf(indexWorld(world({ orders: [order('D2', [['CEMENT', 3, 10, 1]])] })), ['D2'])[0]!;
    // 10 kg / 3 = 3.333 + 3.334 + 3.333 (rounded to grams on the running total).
    const parts = [partCost(odd, 0, 1), partCost(odd, 1, 1), partCost(odd, 2, 1)];
    expect(parts.map((part) => part.weight)).toEqual([3.333, 3.334, 3.333]);
    expect(parts.reduce((sum, part) => sum + part.weight, 0)).toBeCloseTo(10, 9);
  });
});

describe('fee per vehicle', () => {
  const price = { vehicleTypeId: 'V6', minimumFee: 1500, fee75Km: 2000, fee150Km: 3500 };
  it('is fee75Km up to 75 km, fee150Km up to 150 km, pro rata beyond, never below the minimum', () => {
    expect(feePerVehicle(price, 72.277)).toBe(2000);
    expect(feePerVehicle(price, 75)).toBe(2000);
    expect(feePerVehicle(price, 150)).toBe(3500);
    // 3,500 × 200 / 150 = 4,666.67
    expect(feePerVehicle(price, 200)).toBe(4666.67);
    expect(feePerVehicle({ ...price, fee75Km: 1000 }, 10)).toBe(1500);
  });
});
