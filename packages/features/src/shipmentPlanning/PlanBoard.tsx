import type { SlotPlan } from '@lms/domain';
import { memo } from 'react';
import styled from 'styled-components';
import { tripsOf } from './planningApi.ts';
import { stopOf } from './StopCard.tsx';
import { TripColumn } from './TripColumn.tsx';
import { dropped, movedUp, onto, type Trips, withDriver, without } from './tripMoves.ts';
import { UnassignedColumn } from './UnassignedColumn.tsx';

/**
 * The slot's trips side by side, then the stops on no truck: every move becomes the trips to try.
 * Memoized (issue 41): the page passes a steady `onTrips`, so a tap elsewhere on the page (and a
 * move's busy state, deferred) does not draw every trip's stops, buttons and selects again.
 */
export const PlanBoard = memo(function PlanBoard({
  plan,
  disabled,
  onTrips,
}: {
  readonly plan: SlotPlan;
  readonly disabled: boolean;
  /** The trips after a move, for the server to re-time or refuse. */
  readonly onTrips: (trips: Trips) => void;
}) {
  const truckOptions = plan.trucks.map((t) => ({
    id: t.id,
    label: `${t.licensePlate} (${t.vehicleTypeName})`,
  }));
  const bookingOf = (id: string) => plan.bookings.find((b) => b.id === id);
  const trips = tripsOf(plan);
  return (
    <Board aria-label="เที่ยวรถ">
      {plan.trips.map((trip, t) => (
        <TripColumn
          key={`${trip.vehicleId}-${trip.trip}`}
          trip={trip}
          plan={plan}
          index={t}
          disabled={disabled}
          truckOptions={truckOptions}
          bookingOf={bookingOf}
          onDriver={(driverId) => onTrips(withDriver(trips, t, driverId))}
          onMoveUp={(s) => onTrips(movedUp(trips, t, s))}
          onMoveTo={(s, vehicleId) => {
            const { rest, stop } = without(trips, t, s);
            onTrips(onto(plan, rest, vehicleId, stop));
          }}
          onUnassign={(s) => onTrips(without(trips, t, s).rest)}
          onDrop={(data, before) => onTrips(dropped(trips, stopOf(data), t, before))}
        />
      ))}
      <UnassignedColumn
        plan={plan}
        disabled={disabled}
        truckOptions={truckOptions}
        bookingOf={bookingOf}
        onTruck={(item, vehicleId) =>
          onTrips(
            onto(plan, trips, vehicleId, {
              bookingId: item.bookingId,
              deliveryOrderIds: item.deliveryOrderIds,
            }),
          )
        }
        onDrop={(data) => onTrips(dropped(trips, stopOf(data), null, 0))}
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
  @media (max-width: 600px) {
    grid-auto-flow: row;
    grid-auto-columns: auto;
  }
`;
