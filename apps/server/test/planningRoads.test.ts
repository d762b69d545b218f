import { describe, expect, it } from 'vitest';
import { slotProblem } from '../src/shipmentPlanning/problem.ts';
import { osrmProvider, RoadDistances, readRoutingSettings } from '../src/shipmentPlanning/roads.ts';
import type { Slot } from '../src/shipmentPlanning/slot.ts';
import { fakeRouter } from './fakeRouter.ts';

/** Road distances (docs/planning.md "Road distances") against the fake table service (`fakeRouter`). */
const router = fakeRouter();
const settings = router.settings;

/** A slot with the branch and three ship-tos in Bangkok (one without coordinates). */
function slot(date = '2026-11-30', branchId = 'b1'): Slot {
  const booking = (id: string, lat: number | null, lon: number | null) => ({
    id,
    docNo: id,
    shipToLabel: id,
    subDistrictId: null,
    lat,
    lon,
    lines: [
      {
        deliveryOrderId: `${id}-do`,
        docNo: `${id}-do`,
        qty: 1,
        weight: 100,
        volume: 1,
        deliveryTime: null,
        vehicleTypeId: 'vt',
        vehicleTypeName: 'รถ 6 ล้อ',
        shipCondId: 'sc',
        uomTypeId: null,
        installationMinutes: 0,
      },
    ],
  });
  return {
    branchId,
    date,
    branch: { lat: 13.668, lon: 100.634, tripsPerTruck: 1 },
    shift: { id: 's', name: 'เช้า', startTime: '08:00', endTime: '18:00' },
    bookings: [booking('A', 13.7, 100.5), booking('B', null, null), booking('C', 13.75, 100.55)],
    trucks: [],
    drivers: [],
    settings: [],
    bans: [],
    prohibits: [],
    version: 0,
    confirmedTrips: [],
    shipments: [],
  } as unknown as Slot;
}

const warnings: object[] = [];
const log = { warn: (object: object) => warnings.push(object) };

describe('road distances from an OSRM-style table service', () => {
  it('asks the table service for the slot’s places, longitude first, and plans on its metres', async () => {
    const roads = new RoadDistances(osrmProvider(settings()), log);
    const table = await roads.forSlot(slot());
    expect(router.requests).toEqual([
      '/table/v1/driving/100.634000,13.668000;100.500000,13.700000;100.550000,13.750000?annotations=distance',
    ]);
    expect(table).toEqual([
      [0, 2000, 3000],
      [2000, 0, 2000],
      [3000, 2000, 0],
    ]);
    // The planner's matrix of the truck type: the router's metres, time at the branch's speed.
    const withTruck = {
      ...slot(),
      trucks: [
        {
          id: 't',
          vehicleTypeId: 'vt',
          maxWeight: 1000,
          maxVolume: 10,
          weightPercent: 100,
          volumePercent: 100,
        },
      ],
    } as unknown as Slot;
    const built = slotProblem(withTruck, table).problem.matrices.vt;
    expect(built?.distance(0, 2)).toBe(3000);
    // Time at the default 1.5 min per km: 3 km → 270 s.
    expect(built?.duration(0, 2)).toBe(270);
    // Without the router's table: great circle × road factor, as booking promised (≈ 16 km here).
    const fallback = slotProblem(withTruck, null).problem.matrices.vt;
    expect(fallback?.distance(0, 2)).toBeGreaterThan(10_000);
  });

  it('keeps tables per branch and day, bounded, the least recently used dropped first', async () => {
    const roads = new RoadDistances(osrmProvider(settings()), log, 2);
    await roads.forSlot(slot('2026-11-30'));
    await roads.forSlot(slot('2026-11-30'));
    expect(router.requests).toHaveLength(1);
    await roads.forSlot(slot('2026-12-01'));
    await roads.forSlot(slot('2026-11-30')); // used again: now the newest
    await roads.forSlot(slot('2026-11-30', 'b2'));
    expect(router.requests).toHaveLength(3);
    expect(roads.size).toBe(2);
    await roads.forSlot(slot('2026-11-30'));
    expect(router.requests).toHaveLength(3);
    await roads.forSlot(slot('2026-12-01')); // dropped: asked again
    expect(router.requests).toHaveLength(4);
  });

  it.each([
    ['an HTTP error', 'error'],
    ['no answer within the time limit', 'slow'],
    ['a code other than Ok', 'noRoute'],
    ['a table with a pair missing', 'holes'],
  ] as const)('falls back to great circle × road factor with a warning on %s', async (_, failure) => {
    router.mode = failure;
    warnings.length = 0;
    const roads = new RoadDistances(osrmProvider(settings()), log);
    expect(await roads.forSlot(slot())).toBeNull();
    expect(warnings).toEqual([expect.objectContaining({ places: 3, provider: `osrm ${router.base}` })]);
    expect(roads.size).toBe(0);
  });

  it('does not ask for more places than the router takes', async () => {
    warnings.length = 0;
    const roads = new RoadDistances(osrmProvider(settings({ maxPoints: 2 })), log);
    expect(await roads.forSlot(slot())).toBeNull();
    expect(router.requests).toEqual([]);
    expect(warnings).toHaveLength(1);
  });

  it('is off unless LMS_ROUTING_URL is set, and refuses a bad number', () => {
    expect(readRoutingSettings({})).toBeUndefined();
    expect(readRoutingSettings({ LMS_ROUTING_URL: 'http://osrm:5000/' })).toEqual({
      url: 'http://osrm:5000',
      profile: 'driving',
      timeoutMs: 5000,
      maxPoints: 100,
      cacheEntries: 64,
    });
    expect(() =>
      readRoutingSettings({ LMS_ROUTING_URL: 'http://osrm', LMS_ROUTING_TIMEOUT_MS: 'soon' }),
    ).toThrow(/LMS_ROUTING_TIMEOUT_MS/);
  });
});
