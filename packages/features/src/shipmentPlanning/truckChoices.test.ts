import { fixtureId, plannedSlot } from '@lms/testing';
import { describe, expect, it } from 'vitest';
import { noTruckText, truckChoicesOf, trucksFor } from './truckChoices.ts';

// The story's fleet (three 6-wheelers) and a pickup beside them.
const pickupType = fixtureId('vehicleType', 1);
const plan = {
  ...plannedSlot,
  trucks: [
    ...plannedSlot.trucks,
    {
      ...plannedSlot.trucks[0]!,
      id: fixtureId('vehicle', 9),
      licensePlate: '71-0001',
      vehicleTypeId: pickupType,
      vehicleTypeName: 'รถกระบะ 4 ล้อ',
    },
  ],
};
const choices = truckChoicesOf(plan);
const sixWheeler = plan.bookings[0]!;
const pickupBooking = { ...sixWheeler, vehicleTypeId: pickupType, vehicleTypeName: 'รถกระบะ 4 ล้อ' };
const plates = (list: readonly { label: string }[]) => list.map((c) => c.label.split(' ')[0]);

describe('the trucks a stop may be put on', () => {
  it('offers the trucks of the booked type only, its own truck left out', () => {
    expect(plates(trucksFor(choices, sixWheeler, plan.trucks[0]!.id))).toEqual(['70-5678', '3ฒ-4455']);
    expect(plates(trucksFor(choices, sixWheeler))).toEqual(['70-1234', '70-5678', '3ฒ-4455']);
    expect(plates(trucksFor(choices, pickupBooking))).toEqual(['71-0001']);
  });

  it('offers none when the only truck of its type is its own, and says so in Thai', () => {
    expect(trucksFor(choices, pickupBooking, fixtureId('vehicle', 9))).toEqual([]);
    expect(noTruckText(pickupBooking, true)).toBe('ไม่มีรถกระบะ 4 ล้อคันอื่นในกะนี้');
    expect(noTruckText(pickupBooking, false)).toBe('ไม่มีรถกระบะ 4 ล้อในกะนี้');
  });

  it('leaves a booking the plan does not know to the server: every other truck', () => {
    expect(trucksFor(choices, undefined, plan.trucks[0]!.id)).toHaveLength(3);
  });
});
