import { useSteady } from '@lms/design-system';
import type { SlotPlan } from '@lms/domain';
import { memo } from 'react';
import styled from 'styled-components';
import { tripsOf } from './planningApi.ts';
import { stopOf } from './StopCard.tsx';
import { useSameContent } from './sameContent.ts';
import { TripColumn } from './TripColumn.tsx';
import { dropped, movedUp, onto, type Trips, withDriver, without } from './tripMoves.ts';
import { tripNumberLabel } from './tripNumber.ts';
import { truckChoicesOf } from './truckChoices.ts';
import { UnassignedColumn } from './UnassignedColumn.tsx';

/**
 * The slot's trips side by side, then the stops on no truck: every move becomes the trips to try.
 * Memoized (issue 41): the page passes a steady `onTrips`, so a tap elsewhere on the page does not
 * draw the board again. Its columns are memoized on what they show and its handlers are steady,
 * so a move's answer draws the trips it changed, not every trip's stops, buttons and selects.
 * While a move is out (`busy`) the board is inert and says so (`aria-busy`): one attribute, where
 * every control's own disabled state drew every column twice a move.
 */
export const PlanBoard = memo(function PlanBoard({
  plan,
  disabled,
  busy,
  onTrips,
}: {
  readonly plan: SlotPlan;
  /** Nothing may move (a truck has checked in, or the role may only read). */
  readonly disabled: boolean;
  /** A move is with the server: taps wait for its answer. */
  readonly busy: boolean;
  /** The trips after a move, for the server to re-time or refuse. */
  readonly onTrips: (trips: Trips) => void;
}) {
  const truckOptions = useSameContent(truckChoicesOf(plan));
  const driverOptions = useSameContent(plan.drivers.map((d) => ({ id: d.id, label: d.name })));
  const bookingOf = (id: string) => plan.bookings.find((b) => b.id === id);
  const trips = tripsOf(plan);
  const onDriver = useSteady((t: number, driverId: string | null) => onTrips(withDriver(trips, t, driverId)));
  const onMoveUp = useSteady((t: number, s: number) => onTrips(movedUp(trips, t, s)));
  const onMoveTo = useSteady((t: number, s: number, vehicleId: string) => {
    const { rest, stop } = without(trips, t, s);
    onTrips(onto(plan, rest, vehicleId, stop));
  });
  const onUnassign = useSteady((t: number, s: number) => onTrips(without(trips, t, s).rest));
  const onDrop = useSteady((t: number, data: string, before: number) =>
    onTrips(dropped(trips, stopOf(data), t, before)),
  );
  const onTruck = useSteady((item: SlotPlan['unassigned'][number], vehicleId: string) =>
    onTrips(
      onto(plan, trips, vehicleId, { bookingId: item.bookingId, deliveryOrderIds: item.deliveryOrderIds }),
    ),
  );
  const onDropOff = useSteady((data: string) => onTrips(dropped(trips, stopOf(data), null, 0)));
  return (
    <Board aria-label="เที่ยวรถ" aria-busy={busy || undefined} inert={busy}>
      {plan.trips.map((trip, t) => (
        <TripColumn
          key={`${trip.vehicleId}-${trip.trip}`}
          trip={trip}
          truck={plan.trucks.find((truck) => truck.id === trip.vehicleId)}
          tripLabel={tripNumberLabel(plan, trip)}
          bookings={trip.stops.map((stop) => bookingOf(stop.bookingId))}
          index={t}
          disabled={disabled}
          truckOptions={truckOptions}
          driverOptions={driverOptions}
          onDriver={onDriver}
          onMoveUp={onMoveUp}
          onMoveTo={onMoveTo}
          onUnassign={onUnassign}
          onDrop={onDrop}
        />
      ))}
      <UnassignedColumn
        unassigned={plan.unassigned}
        bookings={plan.unassigned.map((item) => bookingOf(item.bookingId))}
        anyTrip={plan.trips.length > 0}
        disabled={disabled}
        truckOptions={truckOptions}
        onTruck={onTruck}
        onDrop={onDropOff}
      />
    </Board>
  );
});

const Board = styled.div.attrs({ role: 'region', tabIndex: 0 })`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(260px, 320px);
  gap: ${({ theme }) => theme.space[3]};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space[2]};
  /* A move out for more than a moment shows as the board dimmed; a quick answer does not flash it. */
  transition: opacity 0s;
  &[aria-busy='true'] {
    opacity: 0.6;
    cursor: progress;
    transition: opacity 0.1s 0.2s;
  }
  @media (max-width: 600px) {
    grid-auto-flow: row;
    grid-auto-columns: auto;
  }
`;
