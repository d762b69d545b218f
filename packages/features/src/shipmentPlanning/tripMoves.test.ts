import { tripsOf } from '@lms/domain';
import { fixtureId, plannedSlot } from '@lms/testing';
import { describe, expect, it } from 'vitest';
import { dropped, movedUp, onto, type Trips, withDriver, without } from './tripMoves.ts';

// The story's plan: truck 1 carries bookings 1 then 2, truck 2 booking 3, truck 3 has no trip.
const trips = tripsOf(plannedSlot);
const truck = (n: number) => fixtureId('vehicle', n);
const booking = (n: number) => fixtureId('bookingReport', n);
const order = (result: Trips) =>
  result.map((trip) => [trip.vehicleId, trip.driverId, trip.stops.map((s) => s.bookingId)]);

describe('the planner’s moves on a slot’s trips', () => {
  it('moves a stop one place up, the first staying first', () => {
    expect(order(movedUp(trips, 0, 1))[0]?.[2]).toEqual([booking(2), booking(1)]);
    expect(movedUp(trips, 0, 0)).toEqual(trips);
  });

  it('gives one trip another driver', () => {
    const driver = fixtureId('driver', 3);
    expect(withDriver(trips, 1, driver).map((t) => t.driverId)).toEqual([trips[0]?.driverId, driver]);
  });

  it('takes a stop out, and a trip left empty goes', () => {
    const { rest, stop } = without(trips, 1, 0);
    expect(stop.bookingId).toBe(booking(3));
    expect(order(rest)).toEqual([order(trips)[0]]);
  });

  it('opens a trip on a truck with none, with its own driver when that driver is free', () => {
    const { rest, stop } = without(trips, 1, 0);
    expect(order(onto(plannedSlot, rest, truck(2), stop))[1]).toEqual([
      truck(2),
      fixtureId('driver', 2),
      [booking(3)],
    ]);
    // Truck 3 has no driver of its own: the trip opens without one.
    expect(order(onto(plannedSlot, trips, truck(3), stop))[2]).toEqual([truck(3), null, [booking(3)]]);
    expect(order(onto(plannedSlot, rest, truck(1), stop))[0]?.[2]).toEqual([
      booking(1),
      booking(2),
      booking(3),
    ]);
  });

  it('drops a dragged stop where it lands, counting its old place on the same trip', () => {
    const first = trips[0]!.stops[0]!;
    // Dropped just under itself (before 1, its old place counted): it stays first.
    expect(order(dropped(trips, first, 0, 1))[0]?.[2]).toEqual([booking(1), booking(2)]);
    // Dropped below the second stop of its own trip (before 2): it becomes the second.
    expect(order(dropped(trips, first, 0, 2))[0]?.[2]).toEqual([booking(2), booking(1)]);
    expect(order(dropped(trips, trips[1]!.stops[0]!, 0, 1))).toEqual([
      [truck(1), trips[0]!.driverId, [booking(1), booking(3), booking(2)]],
    ]);
    // Off every truck: it is on no trip any more.
    expect(order(dropped(trips, first, null, 0))[0]?.[2]).toEqual([booking(2)]);
  });
});
