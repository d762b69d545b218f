import { PlainButton } from '@lms/design-system';
import { formatDateTime, optionLabel, tripStatusOptions } from '@lms/domain';
import { useState } from 'react';
import styled from 'styled-components';
import { newUuid } from '../offline/connection.ts';
import { useDriver } from './DriverProvider.tsx';
import { telHref } from './format.ts';
import { DriverFrame, LinkButton, LoadingOrError, Notice } from './layout.tsx';
import { nextStop, servedProgress, tapsOpen } from './localTrip.ts';
import { NotYet } from './NotYet.tsx';
import { StopCard } from './StopCard.tsx';
import { SyncBar } from './SyncBar.tsx';
import { driverText } from './text.ts';
import { useFollowWhileRunning, useTrip } from './useLoaded.ts';

/**
 * One trip's stops in order (issue 39): the next one stands out, each opens its stop. While the
 * trip runs the phone shares its position (and only then: PDPA). "ออกเดินทาง" taps the ShipStart
 * stage; the first stop event starts the trip as well.
 */
export function TripScreen({
  tripId,
  onOpenStop,
  onBack,
  onSignIn,
}: {
  readonly tripId: string;
  readonly onOpenStop: (stopId: string) => void;
  readonly onBack?: (() => void) | undefined;
  readonly onSignIn?: (() => void) | undefined;
}) {
  const { sync, flush, answer, record, positions } = useDriver();
  const [trip, retry, waitingStops] = useTrip(tripId);
  const [starting, setStarting] = useState(false);
  const progress = trip.kind === 'ready' ? servedProgress(trip.value) : null;
  useFollowWhileRunning(tripId, trip);

  const start = async () => {
    setStarting(true);
    try {
      const position = await positions.now();
      await record(tripId, [
        {
          id: newUuid(),
          kind: 'stage',
          stage: 'ShipStart',
          at: new Date().toISOString(),
          ...(position ? { position } : {}),
        },
      ]);
    } finally {
      setStarting(false);
    }
  };

  const title = trip.kind === 'ready' ? trip.value.docNo : driverText.tripsTitle;
  return (
    <DriverFrame
      title={title}
      onBack={onBack}
      backLabel={driverText.allTrips}
      status={
        <SyncBar
          sync={sync}
          onSend={() => void flush()}
          onAnswer={(keep) => void answer(keep)}
          onSignIn={onSignIn}
        />
      }
      footer={
        trip.kind === 'ready' &&
        trip.value.status === 'PLANNED' &&
        (tapsOpen(trip.value) ? (
          <PlainButton size="lg" fullWidth isLoading={starting} onPress={start}>
            {driverText.startTrip}
          </PlainButton>
        ) : (
          <NotYet trip={trip.value} />
        ))
      }
    >
      <LoadingOrError state={trip} onRetry={retry} />
      {trip.kind === 'ready' && (
        <>
          <Summary>
            {[
              trip.value.licensePlate && driverText.plate(trip.value.licensePlate),
              optionLabel(tripStatusOptions, trip.value.status),
              progress && driverText.stopsDone(progress.done, progress.total),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Summary>
          {trip.savedAt && (
            <Notice $tone="warning">{driverText.savedCopy(formatDateTime(trip.savedAt))}</Notice>
          )}
          {trip.value.status === 'DONE' && (
            <Notice role="status" $tone="success">
              {driverText.tripDone}
            </Notice>
          )}
          <Stops aria-label="จุดส่ง">
            {trip.value.stops.map((stop) => (
              <li key={stop.id}>
                <StopCard
                  stop={stop}
                  day={trip.value.date}
                  isNext={nextStop(trip.value)?.id === stop.id}
                  waiting={waitingStops.has(stop.id)}
                  onOpen={() => onOpenStop(stop.id)}
                />
              </li>
            ))}
          </Stops>
          {trip.value.branchPhone && (
            <LinkButton href={telHref(trip.value.branchPhone)}>
              {driverText.callBranch(trip.value.branchPhone)}
            </LinkButton>
          )}
        </>
      )}
    </DriverFrame>
  );
}

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.textMuted};
`;
const Stops = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;
