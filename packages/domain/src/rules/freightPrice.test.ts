import { describe, expect, it } from 'vitest';
import {
  distanceFee,
  type FreightPriceList,
  freightProblemMessage,
  priceListOn,
  tripFreight,
} from './freightPrice.ts';

// A 6-wheel truck's price list that changed on 1 March 2026, and a 4-wheel one whose minimum
// is above its 75 km fee. Every expected figure below is worked out by hand in its comment.
const SIX = 'vt-6w';
const FOUR = 'vt-4w';
const prices: FreightPriceList[] = [
  {
    vehicleTypeId: SIX,
    validFrom: '2026-01-01',
    minimumFee: 1200,
    fee75Km: 2200,
    fee150Km: 3800,
    extraDropFee: 300,
  },
  {
    vehicleTypeId: SIX,
    validFrom: '2026-03-01',
    minimumFee: 1300,
    fee75Km: 2400,
    fee150Km: 4000,
    extraDropFee: 350,
  },
  {
    vehicleTypeId: FOUR,
    validFrom: '2026-01-01',
    minimumFee: 1000,
    fee75Km: 900,
    fee150Km: 1600,
    extraDropFee: null,
  },
];
const trip = (over: Partial<Parameters<typeof tripFreight>[0]>) => ({
  vehicleTypeId: SIX,
  day: '2026-02-10',
  distanceKm: 40,
  drops: 1,
  ...over,
});

describe('distanceFee (one vehicle, one way to the farthest drop)', () => {
  const six = prices[0]!;

  it('charges the 75 km fee up to and at 75 km, the 150 km fee above it up to and at 150 km', () => {
    expect(distanceFee(six, 0)).toMatchObject({ tier: 'upTo75Km', fee: 2200 });
    expect(distanceFee(six, 75)).toMatchObject({ tier: 'upTo75Km', fee: 2200 });
    expect(distanceFee(six, 75.01)).toMatchObject({ tier: 'upTo150Km', fee: 3800 });
    expect(distanceFee(six, 150)).toMatchObject({ tier: 'upTo150Km', fee: 3800 });
  });

  it('goes pro rata beyond 150 km, continuous at 150 km, to the satang', () => {
    // 3800 × 180 / 150 = 4560
    expect(distanceFee(six, 180)).toMatchObject({ tier: 'beyond150Km', fee: 4560 });
    // 3800 × 163.3 = 620,540; / 150 = 4136.9333… → 4136.93
    expect(distanceFee(six, 163.3).fee).toBe(4136.93);
    // 3800 × 150.01 / 150 = 3800.2533… → 3800.25: a hair past 150 km costs a hair more
    expect(distanceFee(six, 150.01).fee).toBe(3800.25);
  });

  it('never charges below the minimum fee, and says so', () => {
    // 4-wheel: 75 km fee 900 < minimum 1000
    expect(distanceFee(prices[2]!, 12)).toEqual({
      tier: 'upTo75Km',
      tierFee: 900,
      fee: 1000,
      minimumApplied: true,
    });
    expect(distanceFee(six, 12).minimumApplied).toBe(false);
  });

  it('refuses a negative or unknown distance', () => {
    expect(() => distanceFee(six, -1)).toThrow(RangeError);
    expect(() => distanceFee(six, Number.NaN)).toThrow(RangeError);
  });
});

describe('priceListOn (the row valid on the trip’s day)', () => {
  it('takes the latest row that starts on or before the day, of the trip’s vehicle type', () => {
    expect(priceListOn(prices, SIX, '2026-02-28')?.validFrom).toBe('2026-01-01');
    expect(priceListOn(prices, SIX, '2026-03-01')?.validFrom).toBe('2026-03-01');
    expect(priceListOn(prices, FOUR, '2026-03-15')?.validFrom).toBe('2026-01-01');
    expect(priceListOn(prices, SIX, '2025-12-31')).toBeUndefined();
    expect(priceListOn([...prices].reverse(), SIX, '2026-12-31')?.validFrom).toBe('2026-03-01');
  });
});

describe('tripFreight (the price of one trip)', () => {
  it('prices a one-drop trip by its distance alone', () => {
    expect(tripFreight(trip({}), prices)).toEqual({
      priced: true,
      validFrom: '2026-01-01',
      tier: 'upTo75Km',
      distanceFee: 2200,
      minimumApplied: false,
      extraDrops: 0,
      extraDropFee: 0,
      fee: 2200,
    });
  });

  it('adds each drop after the first at the extra-drop fee (quantity price, no step)', () => {
    // 3 drops at 180 km in February: 3800 × 180 / 150 = 4560, + 2 × 300 = 600 → 5160
    expect(tripFreight(trip({ distanceKm: 180, drops: 3 }), prices)).toMatchObject({
      tier: 'beyond150Km',
      distanceFee: 4560,
      extraDrops: 2,
      extraDropFee: 600,
      fee: 5160,
    });
    // The same trip on 1 March uses the new list: 4000 × 180 / 150 = 4800, + 2 × 350 = 700 → 5500
    expect(tripFreight(trip({ day: '2026-03-01', distanceKm: 180, drops: 3 }), prices)).toMatchObject({
      validFrom: '2026-03-01',
      fee: 5500,
    });
    // A list without an extra-drop fee charges none: 4-wheel, 4 drops at 100 km → 1600
    expect(tripFreight(trip({ vehicleTypeId: FOUR, distanceKm: 100, drops: 4 }), prices)).toMatchObject({
      extraDrops: 3,
      extraDropFee: 0,
      fee: 1600,
    });
    // No drop recorded is one trip all the same: no extra drop, never a negative count
    expect(tripFreight(trip({ drops: 0 }), prices)).toMatchObject({ extraDrops: 0, fee: 2200 });
  });

  it('says why a trip cannot be priced', () => {
    expect(tripFreight(trip({ vehicleTypeId: null }), prices)).toEqual({
      priced: false,
      problem: 'noVehicleType',
    });
    expect(tripFreight(trip({ day: '2025-12-31' }), prices)).toEqual({ priced: false, problem: 'noPrice' });
    expect(tripFreight(trip({ distanceKm: null }), prices)).toEqual({ priced: false, problem: 'noDistance' });
    expect(freightProblemMessage('noPrice', { vehicleTypeLabel: '6W: รถ 6 ล้อ', day: '2025-12-31' })).toBe(
      'คิดค่าขนส่งไม่ได้: ไม่มีราคาค่าขนส่งของ 6W: รถ 6 ล้อ ที่ใช้ได้ในวันที่ 31/12/2568 (เพิ่มราคาในเมนู ราคาค่าขนส่งรถที่แนะนำ)',
    );
  });
});
