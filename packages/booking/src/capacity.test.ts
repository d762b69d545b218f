import { describe, expect, it } from 'vitest';
import { remainingCapacity, slotCapacity } from './capacity.ts';
import { bookableVehicles } from './decisions.ts';
import { slot, world } from './testing/fixtures.ts';
import { utilizationOf } from './utilization.ts';

const sixWheeler = slot({ date: '2025-01-08', total: 3, special: 1 });
const fourWheeler = slot({ date: '2025-01-08', vehicleTypeId: 'V4', total: 2 });
const booked = [
  { slotId: sixWheeler.id, usedWeight: 1000, usedVolume: 5, usedMinute: 100 },
  // Cancelled: its capacity is free again.
  { slotId: sixWheeler.id, usedWeight: 2000, usedVolume: 1, usedMinute: 50, canceled: true },
];
const w = world({ slots: [sixWheeler, fourWheeler], booked });

describe('slot capacity', () => {
  it('ordinary bookings get total − special vehicles, × capacity × booking adjust %', () => {
    // 3 − 1 = 2 vehicles; 5,000 kg × 90 % = 4,500 kg, 20 m³ × 100 %, 240 min each.
    const capacity = slotCapacity(w, sixWheeler.id);
    expect(capacity?.vehicles).toBe(2);
    expect(capacity?.perVehicle).toEqual({ weight: 4500, volume: 20, minute: 240 });
    expect(capacity?.capacity).toEqual({ weight: 9000, volume: 40, minute: 480 });
    // Used = the active line only: 1,000 kg, 5 m³, 100 min.
    expect(capacity?.used).toEqual({ weight: 1000, volume: 5, minute: 100 });
    expect(remainingCapacity(w, sixWheeler.id)).toEqual({ weight: 8000, volume: 35, minute: 380 });
  });

  it('a special booking may use the special vehicles too', () => {
    // 3 vehicles: 13,500 kg, 60 m³, 720 min − used.
    expect(remainingCapacity(w, sixWheeler.id, true)).toEqual({ weight: 12500, volume: 55, minute: 620 });
    expect(bookableVehicles(sixWheeler, true)).toBe(3);
  });

  it('no adjust row means 100 %', () => {
    expect(slotCapacity(w, fourWheeler.id)?.capacity).toEqual({ weight: 2000, volume: 10, minute: 480 });
  });

  it('remaining never goes below zero and an unknown slot has nothing', () => {
    const over = world({
      slots: [fourWheeler],
      booked: [{ slotId: fourWheeler.id, usedWeight: 5000, usedVolume: 0, usedMinute: 0 }],
    });
    expect(remainingCapacity(over, fourWheeler.id).weight).toBe(0);
    expect(remainingCapacity(over, 'nope')).toEqual({ weight: 0, volume: 0, minute: 0 });
  });
});

describe('utilization status', () => {
  const thresholds = w.thresholds;
  const capacity = { weight: 9000, volume: 40, minute: 480 };

  it('is the band of the highest of weight %, volume % and hour %', () => {
    // 4,000/9,000 = 44.44 %, 10/40 = 25 %, 120/480 = 25 % → 44.44 % is in 0–50: ว่าง.
    const low = utilizationOf(thresholds, { weight: 4000, volume: 10, minute: 120 }, capacity);
    expect(low).toMatchObject({
      weightPercent: 44.44,
      volumePercent: 25,
      hourPercent: 25,
      status: 'AVAILABLE',
    });
    expect(low.statusLabel).toBe('ว่าง');
    // 7,300/9,000 = 81.11 % → 80–95: ใกล้เต็ม.
    const nearly = utilizationOf(thresholds, { weight: 7300, volume: 10, minute: 120 }, capacity);
    expect(nearly).toMatchObject({
      percent: 81.11,
      status: 'NEARLY_FULL',
      statusLabel: 'ใกล้เต็ม',
      colour: 'orange',
    });
    // Hours at 480/480 = 100 % → the top band includes its maximum: เต็ม.
    expect(utilizationOf(thresholds, { weight: 0, volume: 0, minute: 480 }, capacity).status).toBe('FULL');
    // A lower bound belongs to its band: 50 % is ปกติ.
    expect(utilizationOf(thresholds, { weight: 4500, volume: 0, minute: 0 }, capacity).status).toBe('NORMAL');
  });

  it('falls back to default bands for a vehicle type without thresholds', () => {
    // 600/1,000 = 60 % → default 50–80: ปกติ.
    const status = utilizationOf(
      undefined,
      { weight: 600, volume: 0, minute: 0 },
      { weight: 1000, volume: 5, minute: 240 },
    );
    expect(status.status).toBe('NORMAL');
  });
});
