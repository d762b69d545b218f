import { SelectField } from '@lms/design-system';
import type { SlotPlan } from '@lms/domain';
import styled from 'styled-components';
import { BoardColumn } from './BoardColumn.tsx';
import { StopCard } from './StopCard.tsx';

/** The stops on no truck, each with the planner's reason, to drag onto a trip or put on a truck by name. */
export function UnassignedColumn({
  plan,
  disabled,
  truckOptions,
  bookingOf,
  onTruck,
  onDrop,
}: {
  readonly plan: SlotPlan;
  readonly disabled: boolean;
  readonly truckOptions: readonly { id: string; label: string }[];
  readonly bookingOf: (id: string) => SlotPlan['bookings'][number] | undefined;
  /** A stop put on a truck from its list. */
  readonly onTruck: (item: SlotPlan['unassigned'][number], vehicleId: string) => void;
  /** A stop dragged here, taken off its truck. */
  readonly onDrop: (data: string) => void;
}) {
  return (
    <BoardColumn titleId="unassigned-title" dropLabel="วางที่ยังไม่ได้จัดรถ" disabled={disabled} onDrop={onDrop}>
      <h3 id="unassigned-title">ยังไม่ได้จัดรถ ({plan.unassigned.length})</h3>
      {plan.trips.length === 0 && plan.unassigned.length === 0 && (
        <p>กด “จัดรถอัตโนมัติ” เพื่อให้ระบบจัดการจองลงรถ</p>
      )}
      {plan.unassigned.map((item) => {
        const booking = bookingOf(item.bookingId);
        return (
          <StopCard
            key={`${item.bookingId}:${item.reason}`}
            stop={item}
            docNo={booking?.docNo}
            disabled={disabled}
          >
            <strong>{booking?.docNo}</strong>
            <span>{booking?.shipToLabel}</span>
            <Reason>{item.reason}</Reason>
            <SelectField
              label={`จัด ${booking?.docNo ?? ''} ลงรถ`}
              value={null}
              options={truckOptions}
              isDisabled={disabled}
              onChange={(vehicleId) => vehicleId !== null && onTruck(item, String(vehicleId))}
            />
          </StopCard>
        );
      })}
    </BoardColumn>
  );
}

const Reason = styled.span`
  color: #8f1e18;
`;
