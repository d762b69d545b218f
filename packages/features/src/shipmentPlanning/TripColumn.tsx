import { Button, SelectField } from '@lms/design-system';
import type { PlanTrip, SlotPlan } from '@lms/domain';
import { memo } from 'react';
import styled from 'styled-components';
import { kg, km, m3, minutes } from '../booking/shared/format.ts';
import { BoardColumn } from './BoardColumn.tsx';
import { LoadBar } from './LoadBar.tsx';
import { StopCard, stopTypeFor } from './StopCard.tsx';
import { sameContentOf } from './sameContent.ts';
import { TruckPicker } from './TruckPicker.tsx';
import { noTruckText, type TruckChoice, trucksFor } from './truckChoices.ts';

type PlanBooking = SlotPlan['bookings'][number];
type Option = { readonly id: string; readonly label: string };

interface TripColumnProps {
  readonly trip: PlanTrip;
  readonly truck: SlotPlan['trucks'][number] | undefined;
  /** Which of its truck's trips, when the truck makes several. */
  readonly tripLabel: string | null;
  /** Each stop's booking, in the stops' order. */
  readonly bookings: readonly (PlanBooking | undefined)[];
  readonly index: number;
  readonly disabled: boolean;
  readonly truckOptions: readonly TruckChoice[];
  readonly driverOptions: readonly Option[];
  readonly onDriver: (trip: number, driverId: string | null) => void;
  readonly onMoveUp: (trip: number, stop: number) => void;
  readonly onMoveTo: (trip: number, stop: number, vehicleId: string) => void;
  readonly onUnassign: (trip: number, stop: number) => void;
  /** A stop dragged here, placed before `before` of this trip's stops. */
  readonly onDrop: (trip: number, data: string, before: number) => void;
}

/**
 * One truck's trip on the board: its driver, how full it is, its times, and its stops in order.
 * Memoized on what it shows (issue 41): every answer of the server is a new plan, and a move
 * changes one or two trips, so the others keep their drawing.
 */
export const TripColumn = memo(
  function TripColumn({
    trip,
    truck,
    tripLabel,
    bookings,
    index,
    disabled,
    truckOptions,
    driverOptions,
    onDriver,
    onMoveUp,
    onMoveTo,
    onUnassign,
    onDrop,
  }: TripColumnProps) {
    const titleId = `trip-${index}`;
    const stage = (key: string) => trip.stages.find((s) => s.stage === key)?.at.time ?? '-';
    return (
      <BoardColumn
        titleId={titleId}
        {...(truck ? { dropType: stopTypeFor(truck.vehicleTypeId) } : {})}
        dropLabel={`วางที่รถ ${truck?.licensePlate ?? ''}${tripLabel ? ` ${tripLabel}` : ''}`}
        disabled={disabled}
        onDrop={(data, before) => onDrop(index, data, before)}
      >
        <h3 id={titleId}>
          {truck?.licensePlate} <small>{truck?.vehicleTypeName}</small>
          {tripLabel && <TripNumber>{tripLabel}</TripNumber>}
        </h3>
        {trip.shipmentDocNo && (
          <span>
            {trip.shipmentDocNo}
            {trip.checkedIn ? ' · เช็คอินแล้ว' : ''}
          </span>
        )}
        <SelectField
          label="คนขับ"
          value={trip.driverId}
          options={driverOptions}
          isDisabled={disabled}
          onChange={(value) => onDriver(index, value === null ? null : String(value))}
        />
        <LoadBar label="น้ำหนัก" used={trip.load.weight} capacity={truck?.capacity.weight ?? 0} format={kg} />
        <LoadBar label="ปริมาตร" used={trip.load.volume} capacity={truck?.capacity.volume ?? 0} format={m3} />
        <LoadBar label="เวลา" used={trip.minutes.used} capacity={trip.minutes.shift} format={minutes} />
        <Times>
          เช็คอิน {stage('CheckIn')} · ออกรถ {stage('ShipStart')} · ส่งเสร็จ {stage('ShipEnd')} ·{' '}
          {km(trip.distanceKm)}
        </Times>
        <Stops>
          {trip.stops.map((stop, s) => {
            const booking = bookings[s];
            return (
              <li key={`${stop.bookingId}:${stop.deliveryOrderIds[0]}`}>
                <StopCard
                  stop={stop}
                  docNo={booking?.docNo}
                  vehicleTypeId={booking?.vehicleTypeId}
                  disabled={disabled}
                >
                  <strong>
                    {s + 1}. {booking?.docNo}
                  </strong>
                  <span>{booking?.shipToLabel}</span>
                  <span>
                    ถึง {stop.arrival.time}
                    {stop.start.time !== stop.arrival.time ? ` · เริ่มส่ง ${stop.start.time}` : ''} ·{' '}
                    {kg(stop.load.weight)}
                  </span>
                  <StopActions>
                    <Button
                      size="sm"
                      variant="ghost"
                      isDisabled={disabled || s === 0}
                      aria-label={`ขึ้น: ${booking?.docNo ?? ''}`}
                      onPress={() => onMoveUp(index, s)}
                    >
                      <span aria-hidden="true">↑</span> ขึ้น
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      isDisabled={disabled}
                      aria-label={`เอาออก: ${booking?.docNo ?? ''}`}
                      onPress={() => onUnassign(index, s)}
                    >
                      เอาออก
                    </Button>
                  </StopActions>
                  <TruckPicker
                    label={`ย้าย ${booking?.docNo ?? ''} ไปรถ`}
                    choices={trucksFor(truckOptions, booking, trip.vehicleId)}
                    none={noTruckText(booking, true)}
                    disabled={disabled}
                    onTruck={(vehicleId) => onMoveTo(index, s, vehicleId)}
                  />
                </StopCard>
              </li>
            );
          })}
        </Stops>
      </BoardColumn>
    );
  },
  sameContentOf<TripColumnProps>('trip', 'truck', 'bookings'),
);

const Stops = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StopActions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
`;

const Times = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

/** Which of the truck's trips: beside the plate, as its own line on a narrow column. */
const TripNumber = styled.span`
  display: block;
  font-weight: normal;
`;
