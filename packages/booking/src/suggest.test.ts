import { describe, expect, it } from 'vitest';
import { daysFrom } from './dates.ts';
import { MAX_OPTIONS } from './decisions.ts';
import { suggest } from './suggest.ts';
import { order, request, slot, world } from './testing/fixtures.ts';

const cement = (id: string, bags: number) => order(id, [['CEMENT', bags, bags * 50, bags * 0.04]]);

describe('an option', () => {
  it('carries date, shift, time slot code, vehicles, lines, used figures, slot status after and fee', () => {
    // 100 bags (5,000 kg) + 2 fridges (160 kg, 60 min installation) in 6-wheelers of 4,500 kg:
    // vehicle 1 = fridges 160 kg + 86 bags 4,300 kg = 4,460 kg; vehicle 2 = 14 bags 700 kg.
    // Minutes: 2 trips × 148 + 60 = 356. Fee: 72.277 km ≤ 75 → 2,000 per vehicle, × 2 = 4,000.
    const w = world({
      slots: [slot({ date: '2025-01-08' })],
      orders: [
        order('D1', [
          ['CEMENT', 100, 5000, 4],
          ['FRIDGE', 2, 160, 3],
        ]),
      ],
    });
    const [best] = suggest(w, request(['D1'])).options;
    const allocation = best?.allocations[0];
    expect(allocation).toMatchObject({
      date: '2025-01-08',
      shiftOfDayId: 'MORNING',
      timeSlotCode: 'A',
      vehicleTypeId: 'V6',
      vehicles: 2,
      usedWeight: 5160,
      usedVolume: 7,
      usedMinute: 356,
      travelMinute: 73,
      tripMinute: 148,
      fee: 4000,
    });
    expect(allocation?.loads.map((load) => load.usedWeight)).toEqual([4460, 700]);
    expect(allocation?.loads.map((load) => load.usedMinute)).toEqual([208, 148]);
    // The stored lines add up to the allocation: 208 + 148 = 356 minutes.
    expect(allocation?.lines.reduce((sum, line) => sum + line.usedMinute, 0)).toBe(356);
    // Slot after: 5,160 / 9,000 = 57.33 %, 7 / 40 = 17.5 %, 356 / 480 = 74.17 % → 74.17 %: ปกติ.
    expect(allocation?.slotAfter).toMatchObject({
      weightPercent: 57.33,
      hourPercent: 74.17,
      status: 'NORMAL',
      statusLabel: 'ปกติ',
    });
    expect(best).toMatchObject({ rank: 1, completionDate: '2025-01-08', vehicles: 2, fee: 4000 });
  });

  it('keeps a cannot-split line whole and lets noUseCap goods ride for nothing', () => {
    const w = world({
      slots: [slot({ date: '2025-01-08' })],
      orders: [
        order('D1', [
          ['FRIDGE', 3, 240, 4.5],
          ['FLYER', 100, 20, 1],
        ]),
      ],
    });
    const allocation = suggest(w, request(['D1'])).options[0]?.allocations[0];
    expect(allocation?.vehicles).toBe(1);
    expect(allocation?.lines.map((line) => [line.articleId, line.qty, line.usedWeight])).toEqual([
      ['FRIDGE', 3, 240],
      ['FLYER', 100, 0],
    ]);
  });
});

describe('ranking', () => {
  it('earliest completion first, then fewest vehicles: one 10-wheeler in the afternoon beats a 6-wheeler plus a spill', () => {
    const w = world({
      slots: [
        slot({ date: '2025-01-08', total: 1 }),
        slot({ date: '2025-01-08', vehicleTypeId: 'V10', shiftOfDayId: 'AFTERNOON' }),
        slot({ date: '2025-01-09', vehicleTypeId: 'V10' }),
      ],
      orders: [cement('D1', 100)],
    });
    const { options } = suggest(w, request(['D1']));
    expect(
      options.map((o) => [
        o.completionDate,
        o.allocations.map((a) => `${a.vehicleTypeId} ${a.shiftOfDayId}`).join('+'),
        o.vehicles,
      ]),
    ).toEqual([
      ['2025-01-08', 'V10 AFTERNOON', 1],
      // Mixed: the one morning 6-wheeler takes 90 bags (4,500 kg), the afternoon 10-wheeler the last 10.
      ['2025-01-08', 'V6 MORNING+V10 AFTERNOON', 2],
      ['2025-01-09', 'V10 MORNING', 1],
    ]);
    // 2,000 for the 6-wheeler + 4,000 for the 10-wheeler.
    expect(options[1]?.fee).toBe(6000);
  });

  it('lowest fee, then shift priority', () => {
    const w = world({
      slots: [
        slot({ date: '2025-01-08', shiftOfDayId: 'AFTERNOON', vehicleTypeId: 'V4' }),
        slot({ date: '2025-01-08' }),
        slot({ date: '2025-01-08', shiftOfDayId: 'AFTERNOON' }),
      ],
      orders: [cement('D1', 10)],
    });
    // A 4-wheeler costs 1,000, a 6-wheeler 2,000; between the two 6-wheelers the morning (priority 1) wins.
    expect(
      suggest(w, request(['D1'])).options.map(
        (o) => `${o.allocations[0]?.vehicleTypeId} ${o.allocations[0]?.shiftOfDayId}`,
      ),
    ).toEqual(['V4 AFTERNOON', 'V6 MORNING', 'V6 AFTERNOON']);
  });

  it(`answers at most ${MAX_OPTIONS} options`, () => {
    const slots = daysFrom('2025-01-08', 10).flatMap((date) => [
      slot({ date }),
      slot({ date, shiftOfDayId: 'AFTERNOON' }),
    ]);
    const { options } = suggest(world({ slots, orders: [cement('D1', 10)] }), request(['D1']));
    expect(options).toHaveLength(MAX_OPTIONS);
    expect(options.map((o) => o.rank)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('requests that cannot be served', () => {
  it('says so for an unknown ship-to and for DOs without lines', () => {
    const w = world({ slots: [slot({ date: '2025-01-08' })], orders: [order('EMPTY', [])] });
    expect(suggest(w, request(['EMPTY'], { shipToId: 'X' })).problem).toBe('ไม่พบสถานที่ส่งสินค้า (X)');
    expect(suggest(w, request(['EMPTY'])).problem).toBe('ไม่มีรายการสินค้าที่จะจอง');
  });
});
