import type { SlotPlan } from '@lms/domain';
import { memo } from 'react';
import styled from 'styled-components';
import { BoardColumn } from './BoardColumn.tsx';
import { StopCard } from './StopCard.tsx';
import { sameContentOf } from './sameContent.ts';
import { TruckPicker } from './TruckPicker.tsx';
import { noTruckText, type TruckChoice, trucksFor } from './truckChoices.ts';

type Unassigned = SlotPlan['unassigned'][number];

interface UnassignedColumnProps {
  readonly unassigned: readonly Unassigned[];
  /** Each stop's booking, in the same order. */
  readonly bookings: readonly (SlotPlan['bookings'][number] | undefined)[];
  /** Whether the plan has any trip (with none and nothing unassigned, the column says how to start). */
  readonly anyTrip: boolean;
  readonly disabled: boolean;
  readonly truckOptions: readonly TruckChoice[];
  /** A stop put on a truck from its list. */
  readonly onTruck: (item: Unassigned, vehicleId: string) => void;
  /** A stop dragged here, taken off its truck. */
  readonly onDrop: (data: string) => void;
}

/**
 * The stops on no truck, each with the planner's reason, to drag onto a trip or put on a truck by
 * name. Memoized on what it shows, as the trips are (TripColumn).
 */
export const UnassignedColumn = memo(
  function UnassignedColumn({
    unassigned,
    bookings,
    anyTrip,
    disabled,
    truckOptions,
    onTruck,
    onDrop,
  }: UnassignedColumnProps) {
    return (
      <BoardColumn titleId="unassigned-title" dropLabel="วางที่ยังไม่ได้จัดรถ" disabled={disabled} onDrop={onDrop}>
        <h3 id="unassigned-title">ยังไม่ได้จัดรถ ({unassigned.length})</h3>
        {!anyTrip && unassigned.length === 0 && <p>กด “จัดรถอัตโนมัติ” เพื่อให้ระบบจัดการจองลงรถ</p>}
        {unassigned.map((item, i) => {
          const booking = bookings[i];
          return (
            <StopCard
              key={`${item.bookingId}:${item.reason}`}
              stop={item}
              docNo={booking?.docNo}
              vehicleTypeId={booking?.vehicleTypeId}
              disabled={disabled}
            >
              <strong>{booking?.docNo}</strong>
              <span>{booking?.shipToLabel}</span>
              <Reason>{item.reason}</Reason>
              <TruckPicker
                label={`จัด ${booking?.docNo ?? ''} ลงรถ`}
                choices={trucksFor(truckOptions, booking)}
                none={noTruckText(booking, false)}
                disabled={disabled}
                onTruck={(vehicleId) => onTruck(item, vehicleId)}
              />
            </StopCard>
          );
        })}
      </BoardColumn>
    );
  },
  sameContentOf<UnassignedColumnProps>('unassigned', 'bookings'),
);

const Reason = styled.span`
  color: #8f1e18;
`;
