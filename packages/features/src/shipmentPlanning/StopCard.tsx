import { Draggable } from '@lms/design-system';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Stop } from './tripMoves.ts';

/** The drag type of a stop (a booking's DOs on one truck) on the board: the stops on no truck take any. */
export const STOP_TYPE = 'application/x-lms-plan-stop';

/**
 * The drag type a truck's trip takes: a stop of the vehicle type it booked. The server refuses a
 * stop on a truck of another type (rule SKILLS), so a drag does not offer those trips as targets,
 * as the stop's truck list does not (truckChoices.ts).
 */
export const stopTypeFor = (vehicleTypeId: string) => `${STOP_TYPE}-for-${vehicleTypeId}`;

/** A dropped card's data back to the stop it carries (what StopCard put in). */
export const stopOf = (data: string) => JSON.parse(data) as Stop;

/** A stop on the board, dragged by its handle (named by the booking) to another trip or place. */
export function StopCard({
  stop,
  docNo,
  vehicleTypeId,
  disabled,
  children,
}: {
  readonly stop: Stop;
  readonly docNo: string | undefined;
  /** The booked vehicle type: the trips it may be dropped on (undefined: any, the server decides). */
  readonly vehicleTypeId: string | undefined;
  readonly disabled: boolean;
  readonly children: ReactNode;
}) {
  return (
    <Card
      type={vehicleTypeId ? [STOP_TYPE, stopTypeFor(vehicleTypeId)] : STOP_TYPE}
      data={JSON.stringify({ bookingId: stop.bookingId, deliveryOrderIds: stop.deliveryOrderIds })}
      handleLabel={`ลาก ${docNo ?? ''}`}
      isDisabled={disabled}
    >
      {children}
    </Card>
  );
}

const Card = styled(Draggable)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  padding: ${({ theme }) => theme.space[2]};
  padding-right: 40px; /* the drag handle */
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.background};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
